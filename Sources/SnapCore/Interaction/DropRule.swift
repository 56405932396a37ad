/// What happens to a dragged card if it is let go now.
public enum DropOutcome: Equatable, Sendable {
    /// Settle into this empty slot.
    case move(SlotID)
    /// Settle into this delete-on-drop slot while fading out, then be gone.
    case delete(SlotID)
    /// Go back to the slot it came from.
    case snapBack
}

/// Picks the drop target by how much of the card covers each slot, not by the pointer alone:
/// a card grabbed by its corner still lands where it visibly lies.
public enum DropRule {
    /// The slot under the card with the largest overlap, if it covers enough of the card.
    public static func targetSlot(for cardRect: Rect, on board: Board, feel: Feel = .standard) -> Slot? {
        let needed = cardRect.area * feel.minimumOverlap
        var best: (slot: Slot, area: Double)?
        for s in board.slots {
            let a = s.rect.intersectionArea(with: cardRect)
            if a >= needed, a > 0, a > (best?.area ?? 0) { best = (s, a) }
        }
        return best?.slot
    }

    public static func outcome(for cardID: CardID, at cardRect: Rect, on board: Board, feel: Feel = .standard) -> DropOutcome {
        guard let target = targetSlot(for: cardRect, on: board, feel: feel) else { return .snapBack }
        switch target.kind {
        case .deleteOnDrop: return .delete(target.id)
        case .normal: return target.card == nil ? .move(target.id) : .snapBack
        }
    }
}
