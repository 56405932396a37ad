/// Egyptian Ratscrew's challenge: `by` played a Jack, Queen, King or Ace, and `player` must now
/// play a face card or an Ace within `left` more cards, or `by` takes the centre pile.
public struct Challenge: Sendable, Equatable, Codable {
    public var by: String
    public var player: String
    public var left: Int

    public init(by: String, player: String, left: Int) {
        self.by = by
        self.player = player
        self.left = left
    }

    /// Cards the next player has to answer `card` (1 for a Jack ... 4 for an Ace), or nil for a number card.
    public static func length(of card: CardFace) -> Int? {
        switch card.rank {
        case .jack: 1
        case .queen: 2
        case .king: 3
        case .ace: 4
        default: nil
        }
    }
}
