/// Turns a table at an instant into a display list. Pure: the same table and time give the
/// same commands.
public enum SceneBuilder {
    public static func build(_ table: Table, at t: Double, canvas: Size) -> DisplayList {
        build(table, seating: nil, metrics: nil, at: t, canvas: canvas)
    }

    /// With `seating`, the seats' plates, badges, bubbles and the status line are drawn too
    /// (in the still layer: they change when the seating does, not every frame).
    public static func build(_ table: Table, seating: Seating?, metrics: TextMetrics?, at t: Double, canvas: Size,
                             focus: FocusPlayers? = nil) -> DisplayList {
        DisplayList(canvas: canvas, still: still(table, seating: seating, metrics: metrics, at: t, canvas: canvas) + highlights(table, at: t),
                    moving: moving(table, at: t, canvas: canvas, focus: focus, metrics: metrics))
    }

    /// The felt, the slots, the cards at rest and the seats: what changes only when a card is
    /// put down or picked up, a seat changes or a bubble comes or goes.
    static func still(_ table: Table, seating: Seating?, metrics: TextMetrics?, at t: Double, canvas: Size) -> [DrawCommand] {
        var still: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: canvas.w, h: canvas.h))]
        for slot in table.board.slots {
            still.append(.image(slot.kind == .deleteOnDrop ? .discardSlot : .slot, slot.rect))
        }
        for id in table.restingOrder {
            guard let card = table.board.cards[id], let pose = table.pose(of: id, at: t) else { continue }
            still += cardCommands(card, pose, size: table.cardSize, lifted: isLifted(pose, held: false))
        }
        if let seating, let metrics {
            still += SeatLayout.commands(seating, metrics: metrics, at: t, canvas: canvas)
        }
        return still
    }

    /// Where each card in hand would land if let go now, lit. They stay put while the card moves
    /// over one slot, so they are drawn with what is still (on top of it): the frames of a drag
    /// then draw the card alone.
    static func highlights(_ table: Table, at t: Double) -> [DrawCommand] {
        guard !table.drags.isEmpty else { return [] }
        var out: [DrawCommand] = []
        for (actor, _) in table.drags.sorted(by: { $0.key.description < $1.key.description }) {
            guard let pending = table.pendingDrop(of: actor, at: t) else { continue }
            switch pending.outcome {
            case .move(let s): out.append(.image(.highlightMove, highlightRect(table.board.slot(s)!.rect)))
            case .delete(let s): out.append(.image(.highlightDelete, highlightRect(table.board.slot(s)!.rect)))
            case .snapBack: break
            }
        }
        return out
    }

    /// What moves by itself or with a hand: cards easing home, in hand and fading, and the
    /// focus cursors (the pause veil over everything).
    static func moving(_ table: Table, at t: Double, canvas: Size, focus: FocusPlayers?, metrics: TextMetrics?) -> [DrawCommand] {
        var moving: [DrawCommand] = []
        let held = Set(table.drags.values.compactMap(\.heldCard))
        for id in table.movingOrder {
            guard let card = table.board.cards[id], let pose = table.pose(of: id, at: t) else { continue }
            moving += cardCommands(card, pose, size: table.cardSize, lifted: isLifted(pose, held: held.contains(id)))
        }
        for ghost in table.fading {
            moving += cardCommands(ghost.card, ghost.motion.pose(at: t), size: table.cardSize, lifted: false)
        }
        if let focus {
            for (slot, colour) in focus.cursors {
                guard let r = table.board.slot(slot)?.rect else { continue }
                moving += cursorCommands(r.insetBy(dx: -6, dy: -6), Color.cursor(colour))
            }
            if focus.paused {
                moving.append(.fill(Rect(x: 0, y: 0, w: canvas.w, h: canvas.h), Color(0, 0, 0, 150)))
                if let metrics {
                    let w = metrics.width("Paused", .status) * 2
                    moving.append(.text("Paused", .status, .status, Rect(x: (canvas.w - w) / 2, y: canvas.h / 2 - 40, w: w, h: 80), scale: 2))
                }
            }
        }
        return moving
    }

    /// A card in hand is lifted off the felt; let go, it stays lifted until it is level again and
    /// sets down then (the shadow changes once, as it lands, and the turned images of the drag
    /// serve its way back).
    public static func isLifted(_ pose: CardPose, held: Bool) -> Bool { held || pose.rotation != 0 }

    /// A card and its soft shadow; a card in hand casts a longer one, as if lifted off the felt.
    public static func cardCommands(_ card: Card, _ pose: CardPose, size: Size, lifted: Bool) -> [DrawCommand] {
        let lift = lifted ? 9.0 : 2.5
        let spread = lifted ? 12.0 : 7.0
        let shadow = Rect(center: pose.center + Point(x: lift * 0.5, y: lift), size: Size(w: size.w + spread * 2, h: size.h + spread * 2))
        let face: ImageRef = card.faceUp ? .cardFace(card.face) : .cardBack
        return [
            .image(.cardShadow, shadow, rotation: pose.rotation, alpha: pose.alpha * (lifted ? 0.8 : 0.55)),
            .image(face, Rect(center: pose.center, size: size), rotation: pose.rotation, alpha: pose.alpha),
        ]
    }

    /// A ring of four bars around a focused slot.
    static func cursorCommands(_ r: Rect, _ c: Color) -> [DrawCommand] {
        let k = 4.0
        return [
            .fill(Rect(x: r.x, y: r.y, w: r.w, h: k), c), .fill(Rect(x: r.x, y: r.maxY - k, w: r.w, h: k), c),
            .fill(Rect(x: r.x, y: r.y + k, w: k, h: r.h - 2 * k), c), .fill(Rect(x: r.maxX - k, y: r.y + k, w: k, h: r.h - 2 * k), c),
        ]
    }

    static func highlightRect(_ slot: Rect) -> Rect { slot.insetBy(dx: -10, dy: -10) }
}
