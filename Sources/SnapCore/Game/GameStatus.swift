/// What the centre status label says: the last thing worth telling, by player id.
public enum GameStatus: Sendable, Equatable {
    case dealing(round: Int)
    case turn(player: String)
    case snap(player: String, cards: Int)
    case wrongCall(player: String, paid: Int)
    /// Snap pool: a wrong call put `cards` in the pool.
    case pooled(player: String, cards: Int)
    /// Snap pool: two calls judged together put `cards` in the pool.
    case tie(players: [String], cards: Int)
    case late(player: String)
    case roundWon(player: String)

    /// The label text in `words`, with ids turned into display names by `name`.
    public func text(_ words: Words = .english, name: (String) -> String = { $0 }) -> String {
        switch self {
        case let .dealing(round): words.tr("Dealing round {n}", ["n": String(round)])
        case let .turn(p): words.tr("{name}’s turn", ["name": name(p)])
        case let .snap(p, n): words.trn("Snap! {name} takes 1 card", "Snap! {name} takes {n} cards", n, ["name": name(p)])
        // TRANSLATORS: {n} is how many cards the caller gives each other player.
        case let .wrongCall(p, n): words.tr("{name} called Snap! wrongly and pays {n}", ["name": name(p), "n": String(n)])
        // TRANSLATORS: Snap pool: a wrong call put the caller's face-up pile in the pool.
        case let .pooled(p, n): words.trn("{name} called Snap! wrongly: 1 card to the pool", "{name} called Snap! wrongly: {n} cards to the pool", n,
                                          ["name": name(p)])
        // TRANSLATORS: Snap pool: two players called at the same moment; both face-up piles went to the pool.
        case let .tie(ps, n): words.trn("{a} and {b} called together: 1 card to the pool", "{a} and {b} called together: {n} cards to the pool", n,
                                        ["a": name(ps.first ?? ""), "b": name(ps.dropFirst().first ?? "")])
        case let .late(p): words.tr("{name} called Snap! too late", ["name": name(p)])
        case let .roundWon(p): words.tr("{name} wins the round", ["name": name(p)])
        }
    }
}
