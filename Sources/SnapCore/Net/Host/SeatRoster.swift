/// Where a client stands with a seat it may take.
enum SeatState: Sendable, Equatable {
    /// Nobody signed in: a newcomer with the code may take it (unless a controller at the host did).
    case open
    /// Signed in, on this connection.
    case connected(NetHost.Connection, token: String, name: String)
    /// The connection dropped: the seat (cards and all) waits for the token until `since + grace`.
    case away(token: String, name: String, since: Double)

    var token: String? {
        switch self {
        case .open: nil
        case .connected(_, let token, _), .away(let token, _, _): token
        }
    }

    var name: String? {
        switch self {
        case .open: nil
        case .connected(_, _, let name), .away(_, let name, _): name
        }
    }

    var connection: NetHost.Connection? {
        if case .connected(let c, _, _) = self { c } else { nil }
    }
}

/// The seats clients may take (every seat but the host's own player's), and how long a dropped
/// client's seat waits for it.
struct SeatRoster: Sendable {
    struct Seat: Sendable, Equatable {
        let player: String
        let seat: Int
        var state = SeatState.open
    }

    /// In seat order.
    private(set) var seats: [Seat]
    let lobbyGrace: Double
    let reconnectGrace: Double
    /// The first round was dealt: from then on a dropped player's seat keeps its cards.
    var dealt = false

    init(seats: [(id: String, seat: Int)], hostPlayer: String?, limits: NetLimits) {
        self.seats = seats.filter { $0.id != hostPlayer }.sorted { $0.seat < $1.seat }.map { Seat(player: $0.id, seat: $0.seat) }
        lobbyGrace = limits.lobbyGrace
        reconnectGrace = limits.reconnectGrace
    }

    /// How long a dropped player's seat waits for its token: long once there are cards to keep.
    var grace: Double { dealt ? reconnectGrace : lobbyGrace }

    var count: Int { seats.count }
    /// Connected or away within their grace.
    var signedIn: [String] { seats.filter { $0.state.token != nil }.map(\.player) }
    /// The connections that hear the roster and the updates, in seat order.
    var receivers: [NetHost.Connection] { seats.compactMap(\.state.connection) }
    func connection(of player: String) -> NetHost.Connection? { seats.first { $0.player == player }?.state.connection }
    var away: [Seat] { seats.filter { if case .away = $0.state { true } else { false } } }

    /// Seats a newcomer could take now (see `isOpen`).
    func freeSeats(in table: GameTable?) -> Int { seats.count { Self.isOpen($0, table: table) } }

    /// Nobody signed in to it (a dropped client's seat waits for its token) and no controller
    /// at the host took it.
    static func isOpen(_ s: Seat, table: GameTable?) -> Bool {
        s.state == .open && [.computer, .waiting].contains(table?.seat(of: s.player)?.control ?? .computer)
    }

    /// The seats as clients see them (absolute seats).
    func players(at table: GameTable, hostPlayer: String?) -> [NetPlayer] {
        table.seats.map { s in
            let kind: NetPlayer.Kind
            if s.id == hostPlayer, s.control == .local { kind = .host }
            else if let state = seats.first(where: { $0.player == s.id })?.state, state != .open { kind = state.connection == nil ? .away : .remote }
            else { kind = s.control == .waiting ? .free : .computer }
            return NetPlayer(id: s.id, name: s.name, seat: s.seat, kind: kind)
        }
    }

    // MARK: - Changes

    /// The seat of `token` is on `c` now. Returns the seat as it was (nil: no seat has it).
    mutating func reconnect(token: String, on c: NetHost.Connection) -> Seat? {
        guard let i = seats.firstIndex(where: { $0.state.token == token }), let name = seats[i].state.name else { return nil }
        let was = seats[i]
        seats[i].state = .connected(c, token: token, name: name)
        return was
    }

    /// The seat a newcomer gets: the first open one (nil: the table is full).
    func firstOpen(in table: GameTable?) -> Seat? { seats.first { Self.isOpen($0, table: table) } }

    /// `player`'s seat is `name`'s on `c`, with `token`.
    mutating func connect(_ player: String, name: String, token: String, on c: NetHost.Connection) {
        if let i = seats.firstIndex(where: { $0.player == player }) { seats[i].state = .connected(c, token: token, name: name) }
    }

    /// `player` left for good: the seat is open.
    mutating func leave(_ player: String) {
        if let i = seats.firstIndex(where: { $0.player == player }) { seats[i].state = .open }
    }

    /// `player`'s connection `c` is gone: away from `t`. Nil when `c` was not theirs (replaced).
    mutating func drop(_ player: String, on c: NetHost.Connection, at t: Double) -> Seat? {
        guard let i = seats.firstIndex(where: { $0.player == player && $0.state.connection == c }),
              case let .connected(_, token, name) = seats[i].state else { return nil }
        seats[i].state = .away(token: token, name: name, since: t)
        return seats[i]
    }

    /// The host frees an away seat: its token stops working. Returns it as it was.
    mutating func free(seat: Int) -> Seat? {
        guard let i = seats.firstIndex(where: { if case .away = $0.state { $0.seat == seat } else { false } }) else { return nil }
        return open(i)
    }

    /// The away seats whose grace ran out are open again; returns them as they were.
    mutating func expire(at t: Double) -> [Seat] {
        seats.indices.compactMap { i in
            guard case .away(_, _, let since) = seats[i].state, t - since > grace else { return nil }
            return open(i)
        }
    }

    /// When the next away seat's grace runs out.
    var nextExpiry: Double? {
        seats.compactMap { if case .away(_, _, let since) = $0.state { since + grace } else { nil } }.min()
    }

    private mutating func open(_ i: Int) -> Seat {
        let was = seats[i]
        seats[i].state = .open
        return was
    }
}
