/// The "Play here" screen's choices: how many play and who plays each seat.
public struct LocalSetup: Equatable, Sendable {
    public enum SeatKind: String, Equatable, Sendable, CaseIterable {
        /// Whoever sits at this machine: mouse and keyboard (seat 0 only).
        case you
        /// A game controller takes the seat with A.
        case controller
        case computer
    }

    /// 2 to 4.
    public var players = 4
    /// One kind per seat, seat 0 first (all four kept, so fewer players and back keeps choices).
    public var kinds: [SeatKind] = [.you, .computer, .computer, .computer]
    /// The computer players' level.
    public var bots: BotLevel

    public init(bots: BotLevel) { self.bots = bots == .off ? .normal : bots }

    /// The kinds a seat may take: seat 0 is the person at this machine or a controller.
    public static func choices(seat: Int) -> [SeatKind] { seat == 0 ? [.you, .controller] : [.controller, .computer] }

    static let computerNames = ["Ben", "Cy", "Dee"]

    /// Who sits where: everyone at 0 games won. `me` is seat 0 either way (the bottom of the screen).
    /// Seats nobody named yet are named in `words` (their ids stay English).
    public func seating(name: String, words: Words = .english) -> Seating {
        var players: [Player] = []
        for seat in 0..<self.players {
            let kind = kinds[seat]
            let id = seat == 0 ? "you" : "seat\(seat + 1)"
            let label: String
            switch kind {
            case .you: label = name
            case .controller: label = words.tr("Player {n}", ["n": String(seat + 1)])
            case .computer:
                let n = Self.computerNames[(seat - 1) % 3]
                label = n == name ? words.tr("{name} (computer)", ["name": n]) : n
            }
            players.append(Player(id: id, name: label, seat: seat))
        }
        // Ids and seats are ours and distinct, and the name was checked in Settings.
        return try! Seating(me: "you", players: players)
    }

    /// How each seat is played, by player id (for `GameTable`).
    public func controls() -> [String: GameSeat.Control] {
        var out: [String: GameSeat.Control] = [:]
        for seat in 0..<players {
            let id = seat == 0 ? "you" : "seat\(seat + 1)"
            switch kinds[seat] {
            case .you: out[id] = .local
            case .controller: out[id] = .waiting
            case .computer: out[id] = .computer
            }
        }
        return out
    }
}
