/// One seat of the Snap! table on this machine: who sits there and who moves for them.
public struct GameSeat: Equatable, Sendable {
    public enum Control: Equatable, Sendable {
        /// Whoever plays at this machine (mouse and keyboard).
        case local
        /// A game controller, by its id.
        case pad(Int)
        /// A computer player.
        case computer
        /// A person at another machine (network play).
        case remote
        /// Nobody: computer players are off, or the seat waits for its controller to come back.
        case waiting
    }

    /// Absolute seat 0...3, clockwise.
    public var seat: Int
    public var id: String
    public var name: String
    public var control: Control
    public var gamesWon: Int

    public init(seat: Int, id: String, name: String, control: Control, gamesWon: Int = 0) {
        self.seat = seat
        self.id = id
        self.name = name
        self.control = control
        self.gamesWon = gamesWon
    }

    /// Plays in the next deal.
    public var plays: Bool { control != .waiting }
}

/// A controller at the Snap! table: its colour, and the seat it plays, if any.
public struct GamePad: Equatable, Sendable {
    public var id: Int
    public var profile: PadProfile
    /// Its player colour (`Color.cursor`).
    public var colour: Int
    public var player: String?
}
