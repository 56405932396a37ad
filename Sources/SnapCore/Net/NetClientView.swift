/// A client's view of the host's table: every player at their absolute seat, shown rotated so
/// that this machine's own player sits at the bottom (the seed's "relative positions").
public struct NetClientView: Sendable, Equatable {
    public let me: String
    public let players: [NetPlayer]

    public init(me: String, players: [NetPlayer]) throws(NetMessageError) {
        guard players.contains(where: { $0.id == me }) else { throw NetMessageError("ready: this client's player \(me) is not at the table") }
        guard Set(players.map(\.seat)).count == players.count, players.allSatisfy({ (0...3).contains($0.seat) }) else {
            throw NetMessageError("ready: the seats are not distinct seats 0 to 3")
        }
        self.me = me
        self.players = players
    }

    public var mySeat: Int { players.first { $0.id == me }!.seat }

    /// Where a player shows on this screen.
    public func position(of id: String) -> SeatPosition? {
        players.first { $0.id == id }.map { SeatPosition.relative(theirs: $0.seat, mine: mySeat) }
    }

    /// Who shows at a place on this screen.
    public func player(at position: SeatPosition) -> NetPlayer? {
        players.first { SeatPosition.relative(theirs: $0.seat, mine: mySeat) == position }
    }

    /// The seating a client's table starts with.
    public func seating() throws(SeatingError) -> Seating {
        try Seating(me: me, players: players.map { Player(id: $0.id, name: $0.name, seat: $0.seat) })
    }
}
