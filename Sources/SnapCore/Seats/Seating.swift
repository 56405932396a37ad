/// Who sits at the table, seen from this machine: the local player is always at the bottom and
/// the others keep their order around the table. Players are found by id, never by seat.
public struct Seating: Equatable, Sendable {
    public private(set) var me: String
    public private(set) var players: [Player]
    public private(set) var active: String?
    /// Set by the host or a feed; when nil the status is derived from the turn.
    public private(set) var statusOverride: String?
    /// When each player's Snap! bubble disappears.
    public private(set) var snapUntil: [String: Double] = [:]
    public private(set) var revision = 0

    public static let snapBubbleSeconds = 1.5
    /// Names and ids: longer ones are refused (see `TextLimit.name`, which also bounds bytes).
    public static let maxNameLength = TextLimit.name.characters

    public init(me: String, players: [Player], active: String? = nil, status: String? = nil) throws(SeatingError) {
        self.me = me
        self.players = []
        for p in players {
            try Self.check(p, against: self.players)
            self.players.append(p)
        }
        guard !players.isEmpty else { throw SeatingError("the table has no players (1 to 4 needed)") }
        guard players.contains(where: { $0.id == me }) else {
            throw SeatingError("player \(me): 'me' is not among the players (\(players.map(\.id).joined(separator: ", ")))")
        }
        if let active, !players.contains(where: { $0.id == active }) {
            throw SeatingError("player \(active): 'active' is not among the players")
        }
        self.active = active
        statusOverride = status.map(TextLimit.status.clipped)
    }

    static func check(_ p: Player, against others: [Player]) throws(SeatingError) {
        // Limits first: everything after this looks at the whole id and name.
        if let why = TextLimit.name.excess(p.id) {
            throw .field(String(TextLimit.name.prefix(p.id).text.prefix(24)) + "\u{2026}", "id", why)
        }
        guard !p.id.allSatisfy(\.isWhitespace) else {
            throw SeatingError("player '\(p.id)': id is empty")
        }
        if let why = TextLimit.name.excess(p.name) { throw .field(p.id, "name", why) }
        guard !p.name.allSatisfy(\.isWhitespace) else { throw .field(p.id, "name", "is empty") }
        guard (0...3).contains(p.seat) else { throw .field(p.id, "seat", "\(p.seat) is not 0, 1, 2 or 3") }
        guard p.gamesWon >= 0 else { throw .field(p.id, "gamesWon", "\(p.gamesWon) is negative") }
        if others.contains(where: { $0.id == p.id }) { throw .field(p.id, "id", "is used twice") }
        if let taken = others.first(where: { $0.seat == p.seat }) {
            throw .field(p.id, "seat", "\(p.seat) is already taken by \(taken.id)")
        }
        guard others.count < 4 else { throw .field(p.id, "seat", "cannot be given: the table already has 4 players") }
    }

    public func player(_ id: String) -> Player? { players.first { $0.id == id } }

    /// This screen's seat for a player, or nil when they are not at the table.
    public func position(of id: String) -> SeatPosition? {
        guard let p = player(id), let mine = player(me)?.seat else { return nil }
        return SeatPosition.relative(theirs: p.seat, mine: mine)
    }

    public func player(at position: SeatPosition) -> Player? {
        players.first { self.position(of: $0.id) == position }
    }

    public func isSnapShowing(_ id: String, at t: Double) -> Bool { (snapUntil[id] ?? -1) > t }

    /// The next time the picture changes by itself (a bubble disappearing), if any.
    public func nextChange(after t: Double) -> Double? { snapUntil.values.filter { $0 > t }.min() }

    public var status: String {
        if let statusOverride { return statusOverride }
        if let active, let p = player(active) { return "\(p.name)\u{2019}s turn" }
        return players.count < 2 ? "Waiting for players" : "Ready to play"
    }

    public mutating func apply(_ command: SeatCommand, time t: Double) throws(SeatingError) {
        switch command {
        case .join(let id, let seat, let name):
            try Self.check(Player(id: id, name: name, seat: seat), against: players)
            players.append(Player(id: id, name: name, seat: seat))
        case .leave(let id):
            guard id != me else { throw .field(id, "id", "is the local player, who cannot leave this screen") }
            guard let i = players.firstIndex(where: { $0.id == id }) else { throw .field(id, "id", "is not at the table") }
            players.remove(at: i)
            snapUntil[id] = nil
            if active == id { active = nil }
        case .active(let id):
            guard player(id) != nil else { throw .field(id, "id", "is not at the table") }
            active = id
        case .wins(let id, let n):
            guard let i = players.firstIndex(where: { $0.id == id }) else { throw .field(id, "id", "is not at the table") }
            players[i].gamesWon = n
        case .snap(let id):
            guard player(id) != nil else { throw .field(id, "id", "is not at the table") }
            snapUntil[id] = t + Self.snapBubbleSeconds
        case .status(let text):
            // Cut, not refused: the status is only shown, and the box shows far less anyway.
            statusOverride = TextLimit.status.clipped(text)
        }
        revision += 1
    }

    /// Forget bubbles that have run out, so the state stays small.
    public mutating func advance(to t: Double) {
        snapUntil.keepOnly { $0 > t }
    }
}
