/// A card's suit.
public enum Suit: Int, CaseIterable, Sendable, Codable, Hashable {
    case spades, hearts, diamonds, clubs

    public var symbol: String {
        switch self {
        case .spades: "\u{2660}"
        case .hearts: "\u{2665}"
        case .diamonds: "\u{2666}"
        case .clubs: "\u{2663}"
        }
    }

    public var isRed: Bool { self == .hearts || self == .diamonds }
    public var name: String { String(describing: self) }
}

/// A card's rank, ace low.
public enum Rank: Int, CaseIterable, Sendable, Codable, Hashable {
    case ace = 1, two, three, four, five, six, seven, eight, nine, ten, jack, queen, king

    public var label: String {
        switch self {
        case .ace: "A"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: String(rawValue)
        }
    }
}

/// What is printed on a card.
public struct CardFace: Hashable, Sendable, Codable {
    public var rank: Rank
    public var suit: Suit

    public init(rank: Rank, suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// "QH", "10S": short and stable, for JSON and logs.
    public var code: String {
        let s = ["S", "H", "D", "C"][suit.rawValue]
        return rank.label + s
    }

    public static let all: [CardFace] = Suit.allCases.flatMap { s in Rank.allCases.map { CardFace(rank: $0, suit: s) } }
}
