/// The host's lobby, before the first deal: who plays the seats nobody took, and the seats as
/// the host's screen lists them.
extension GameTable {
    mutating func setEmptySeats(_ level: BotLevel) {
        guard rules == nil else { return }
        bots = level
        for i in seats.indices where seats[i].control == .computer || seats[i].control == .waiting {
            seats[i].control = level == .off ? .waiting : .computer
        }
        changed()
    }

    /// The seats as the host's screen lists them.
    public var lobbySeats: [LobbySeat] {
        seats.map { s in
            let kind: LobbySeat.Kind
            switch s.control {
            case .local: kind = .you
            case .remote: kind = .network
            case .pad: kind = .controller
            case .computer: kind = remoteSeats.contains(s.id) ? .away : .computer
            case .waiting: kind = remoteSeats.contains(s.id) ? .away : .empty
            }
            return LobbySeat(seat: s.seat, player: s.id, name: s.name, kind: kind)
        }
    }
}
