/// Playing with a focus cursor instead of a pointer (keyboard, game controllers): the same drag
/// rules, driven by slot centres, so every drop obeys what the mouse obeys.
extension Table {
    /// A (or Enter) on `slot`: drop the held card there; else pick up the card in it; else deal
    /// a card into it if it is an empty normal slot.
    public mutating func focusPress(_ actor: Actor, on slot: SlotID, time t: Double) {
        guard let rect = board.slot(slot)?.rect else { return }
        let c = rect.center
        if case .dragging = drag(of: actor) {
            pointerUp(actor, at: c, time: t)
            return
        }
        pointerDown(actor, at: c, time: t)
        if let card = board.slot(slot)?.card, holder(of: card) == nil {
            // Past the drag threshold and back: the card lifts with the same ease and tilt as a mouse drag.
            pointerMove(actor, to: c + Point(x: 0, y: -(feel.dragThreshold + 1)), time: t)
            pointerMove(actor, to: c, time: t)
            if case .dragging = drag(of: actor) { return }
        }
        if board.slot(slot)?.card == nil {
            pointerUp(actor, at: c, time: t)       // a click: deals into an empty normal slot
        } else {
            cancel(actor, time: t)                 // someone else holds that card
        }
    }

    /// The cursor moved: a held card follows it and the slot under it is the drop target.
    public mutating func focusMoved(_ actor: Actor, to slot: SlotID, time t: Double) {
        guard case .dragging = drag(of: actor), let c = board.slot(slot)?.rect.center else { return }
        pointerMove(actor, to: c, time: t)
    }
}
