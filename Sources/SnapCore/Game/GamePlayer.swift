/// Who moves a seat: a person (mouse, keyboard, a controller) or a computer player.
public enum PlayerControl: String, Sendable, Equatable, Codable {
    case person, bot
}

/// One player's part of the game. Piles are bottom first: `closed.last` is the next card to turn,
/// `open.last` is the face-up top card.
public struct GamePlayer: Sendable, Equatable {
    public var id: String
    /// Absolute seat 0...3; clockwise is increasing seat.
    public var seat: Int
    public var control: PlayerControl
    public var gamesWon: Int
    public internal(set) var closed: [CardFace] = []
    public internal(set) var open: [CardFace] = []
    /// Out of this round: no cards left. Everyone is back in at the next deal.
    public internal(set) var out = false

    public init(id: String, seat: Int, control: PlayerControl = .bot, gamesWon: Int = 0) {
        self.id = id
        self.seat = seat
        self.control = control
        self.gamesWon = gamesWon
    }

    public var cardCount: Int { closed.count + open.count }
    public var top: CardFace? { open.last }
}
