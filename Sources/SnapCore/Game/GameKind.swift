/// Which game of the Snap! family a table deals: the same seats and the same Snap! button, judged
/// by different rules.
public enum GameKind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Snap!: a wrong call pays a card to each other player still in.
    case snap
    /// Snap pool: a wrong call, or two calls judged together, put open piles face up in a pool in
    /// the middle; the first call on an open pile matching the pool's top card wins the pool too.
    case snapPool
    /// Slapjack: everyone turns onto one centre pile; the first to slap a Jack takes it.
    case slapjack
    /// Egyptian Ratscrew: one centre pile, face cards challenge the next player, doubles and
    /// sandwiches are slapped.
    case ratscrew

    /// How `--game`, Settings and the DNS-SD record spell it ("snap", "snap-pool"); the state's
    /// `kind` is the raw value.
    public var id: String {
        switch self {
        case .snap: "snap"
        case .snapPool: "snap-pool"
        case .slapjack: "slapjack"
        case .ratscrew: "ratscrew"
        }
    }

    /// Cards are turned onto one pile in the centre and slapped, not onto each player's own pile.
    public var hasCentrePile: Bool { self == .slapjack || self == .ratscrew }

    public init?(id: String) {
        guard let k = Self.allCases.first(where: { $0.id == id }) else { return nil }
        self = k
    }

    public static var ids: [String] { allCases.map(\.id) }
}

extension GameKind {
    /// The game's name as players read it.
    public func name(_ words: Words) -> String {
        switch self {
        case .snap: "Snap!"
        // TRANSLATORS: the game Snap pool (Snap! with a pool of cards in the middle).
        case .snapPool: words.tr("Snap pool")
        // TRANSLATORS: the card game Slapjack.
        case .slapjack: words.tr("Slapjack")
        // TRANSLATORS: the card game Egyptian Ratscrew.
        case .ratscrew: words.tr("Egyptian Ratscrew")
        }
    }

    /// What the Snap! button does in this game, as its label says it.
    public func callWord(_ words: Words) -> String {
        // TRANSLATORS: the button (and key) that slaps the centre pile in Slapjack and Egyptian Ratscrew.
        hasCentrePile ? words.tr("Slap!") : words.tr("Snap!")
    }
}
