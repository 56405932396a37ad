import Foundation

/// The state a run reports in `--state-out` and snapshots: what is where, and how it looks now.
/// Numbers are rounded to 1/1000 so the same run always writes the same bytes.
public struct TableStateJSON: Encodable, Sendable {
    public struct SlotEntry: Encodable, Sendable {
        var id: SlotID, kind: String, card: CardID?, x: Double, y: Double, w: Double, h: Double
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.id: id, .kind: kind, .card: card, .x: x, .y: y, .w: w, .h: h])
        }
        enum Key: String, CodingKey { case id, kind, card, x, y, w, h }
    }

    /// A card as drawn now. `fading` ones were deleted by a drop and are still fading out on the
    /// slot they were dropped on (`slot`).
    public struct CardEntry: Encodable, Sendable {
        var id: CardID, slot: SlotID, face: String, faceUp: Bool, x: Double, y: Double, rotation: Double, alpha: Double
        var fading = false
    }

    /// Who holds which card: the mouse, the keyboard's cursor, each controller.
    public struct HolderEntry: Encodable, Sendable, Equatable {
        var actor: String, card: CardID
    }

    /// One entry per seat on this screen, bottom, left, top, right.
    public struct SeatEntry: Encodable, Sendable {
        var seat: String, player: String?, name: String?, gamesWon: Int, active: Bool, snap: Bool
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.seat: seat, .player: player, .name: name, .gamesWon: gamesWon, .active: active, .snap: snap])
        }
        enum Key: String, CodingKey { case seat, player, name, gamesWon, active, snap }
    }

    /// One entry per open window, bounds in desktop coordinates.
    public struct WindowEntry: Encodable, Sendable, Equatable {
        public var role: String, display: String, x: Double, y: Double, w: Double, h: Double
        public init(role: String, display: String, x: Double, y: Double, w: Double, h: Double) {
            self.role = role
            self.display = display
            self.x = x
            self.y = y
            self.w = w
            self.h = h
        }
    }

    /// One entry per connected controller.
    public struct ControllerEntry: Encodable, Sendable, Equatable {
        public var id: Int, profile: String, playerIndex: Int, focusedSlot: SlotID?, heldCard: CardID?
        public init(id: Int, profile: String, playerIndex: Int, focusedSlot: SlotID?, heldCard: CardID?) {
            self.id = id
            self.profile = profile
            self.playerIndex = playerIndex
            self.focusedSlot = focusedSlot
            self.heldCard = heldCard
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.id: id, .profile: profile, .playerIndex: playerIndex, .focusedSlot: focusedSlot, .heldCard: heldCard])
        }
        enum Key: String, CodingKey { case id, profile, playerIndex, focusedSlot, heldCard }
    }

    public var time: Double
    public var windows: [WindowEntry]?
    public var controllers: [ControllerEntry]?
    public var paused: Bool?
    public var seats: [SeatEntry]?
    public var status: String?
    public var slots: [SlotEntry]
    public var cards: [CardEntry]
    /// Cards deleted by a drop, still fading out; not on the board any more.
    public var fading: [CardEntry]
    /// The card the mouse holds (kept for readers of earlier states; `holders` has everyone).
    public var drag: CardID?
    public var holders: [HolderEntry]

    public init(table: Table, seating: Seating? = nil, at t: Double) {
        time = Self.round(t)
        status = seating?.status
        seats = seating.map { s in
            SeatPosition.allCases.map { pos in
                let p = s.player(at: pos)
                return SeatEntry(seat: pos.name, player: p?.id, name: p?.name, gamesWon: p?.gamesWon ?? 0,
                                 active: p != nil && s.active == p?.id, snap: p.map { s.isSnapShowing($0.id, at: t) } ?? false)
            }
        }
        slots = table.board.slots.map {
            SlotEntry(id: $0.id, kind: $0.kind.rawValue, card: $0.card, x: Self.round($0.rect.x), y: Self.round($0.rect.y),
                      w: Self.round($0.rect.w), h: Self.round($0.rect.h))
        }
        cards = table.board.sortedCards.map { card in
            Self.entry(card, table.pose(of: card.id, at: t) ?? CardPose(center: .zero))
        }
        fading = table.fading.map { f in
            var e = Self.entry(f.card, f.motion.pose(at: t))
            e.slot = table.board.slots.first { $0.rect.center == f.motion.position.to }?.id ?? f.card.slot
            e.fading = true
            return e
        }
        cards += fading
        drag = table.drag(of: .mouse).heldCard
        holders = table.holders.map { HolderEntry(actor: $0.actor.description, card: $0.card) }
    }

    /// The state of a running session: the table, the seats, the controllers and the pause.
    public init(session s: TableSession, at t: Double) {
        self.init(table: s.table, seating: s.seating, at: t)
        controllers = s.focus.pads.values.sorted { $0.id < $1.id }.map {
            ControllerEntry(id: $0.id, profile: $0.profile.rawValue, playerIndex: $0.playerIndex,
                            focusedSlot: $0.focus, heldCard: s.table.drag(of: .pad($0.id)).heldCard)
        }
        paused = s.focus.paused
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
        try c.encode(holders, forKey: .holders)
        if let windows { try c.encode(windows, forKey: .windows) }
        if let controllers { try c.encode(controllers, forKey: .controllers) }
        if let paused { try c.encode(paused, forKey: .paused) }
        if let seats {
            try c.encode(seats, forKey: .seats)
            try c.encode(status, forKey: .status)
        }
    }
    enum Key: String, CodingKey { case time, slots, cards, fading, drag, holders, seats, status, windows, controllers, paused }

    public func jsonData() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(self)
    }
}

extension KeyedEncodingContainer {
    /// Every field, nil ones as explicit nulls (synthesized encoding would leave them out, and
    /// the state format promises `"card": null`).
    mutating func encodeAll(_ fields: KeyValuePairs<Key, (any Encodable)?>) throws {
        for (key, value) in fields {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
    }
}
