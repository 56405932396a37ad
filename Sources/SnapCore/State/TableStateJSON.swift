import Foundation

/// The state a run reports in `--state-out` and snapshots: what is where, and how it looks now.
/// Numbers are rounded to 1/1000 so the same run always writes the same bytes.
public struct TableStateJSON: Encodable, Sendable {
    public struct SlotEntry: Encodable, Sendable {
        var id: SlotID, kind: String, card: CardID?, x: Double, y: Double, w: Double, h: Double
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(id, forKey: .id)
            try c.encode(kind, forKey: .kind)
            try c.encode(card, forKey: .card)
            try c.encode(x, forKey: .x)
            try c.encode(y, forKey: .y)
            try c.encode(w, forKey: .w)
            try c.encode(h, forKey: .h)
        }
        enum Key: String, CodingKey { case id, kind, card, x, y, w, h }
    }

    public struct CardEntry: Encodable, Sendable {
        var id: CardID, slot: SlotID, face: String, faceUp: Bool, x: Double, y: Double, rotation: Double, alpha: Double
    }

    public var time: Double
    public var slots: [SlotEntry]
    public var cards: [CardEntry]
    /// Cards deleted by a drop, still fading out; not on the board any more.
    public var fading: [CardEntry]
    public var drag: CardID?

    public init(table: Table, at t: Double) {
        time = Self.round(t)
        slots = table.board.slots.map {
            SlotEntry(id: $0.id, kind: $0.kind.rawValue, card: $0.card, x: Self.round($0.rect.x), y: Self.round($0.rect.y),
                      w: Self.round($0.rect.w), h: Self.round($0.rect.h))
        }
        cards = table.board.sortedCards.map { card in
            Self.entry(card, table.pose(of: card.id, at: t) ?? CardPose(center: .zero))
        }
        fading = table.fading.map { Self.entry($0.card, $0.motion.pose(at: t)) }
        drag = table.drag(of: .mouse).heldCard
    }

    static func entry(_ card: Card, _ pose: CardPose) -> CardEntry {
        CardEntry(id: card.id, slot: card.slot, face: card.face.code, faceUp: card.faceUp,
                  x: round(pose.center.x), y: round(pose.center.y),
                  rotation: round(pose.rotation * 180 / .pi), alpha: round(pose.alpha))
    }

    static func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(time, forKey: .time)
        try c.encode(slots, forKey: .slots)
        try c.encode(cards, forKey: .cards)
        try c.encode(fading, forKey: .fading)
        try c.encode(drag, forKey: .drag)
    }
    enum Key: String, CodingKey { case time, slots, cards, fading, drag }

    public func jsonData() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(self)
    }
}
