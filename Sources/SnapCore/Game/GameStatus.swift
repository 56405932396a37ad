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
    /// Slapjack, Egyptian Ratscrew: a right slap took the centre pile.
    case slap(player: String, cards: Int, reason: SlapReason)
    /// A wrong slap: a card to `to` (Slapjack), or burned under the centre pile (`to` nil);
    /// `paid` 0 when the slapper had no card to pay.
    case wrongSlap(player: String, to: String?, paid: Int)
    case lateSlap(player: String)
    /// Egyptian Ratscrew: `player` must play a face card or an Ace within `left` cards.
    case challenge(player: String, left: Int)
    /// A challenge is lost: `player` takes the centre pile unless someone slaps it first.
    case collecting(player: String)
    /// Nobody else can play on the centre pile: `player` takes it unless someone slaps it first.
    case takingBack(player: String)
    /// The centre pile went to `player` without a slap.
    case pileTaken(player: String, cards: Int)

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
        case let .slap(p, n, reason):
            // TRANSLATORS: {why} is what was slapped: "a Jack", "a double", "a sandwich" ...
            words.trn("Slap! {name} takes 1 card: {why}", "Slap! {name} takes {n} cards: {why}", n, ["name": name(p), "why": reason.text(words)])
        // TRANSLATORS: a wrong slap by a player with no card to pay for it.
        case let .wrongSlap(p, _, 0): words.tr("{name} slapped wrongly with no card to pay", ["name": name(p)])
        case let .wrongSlap(p, to?, _): words.tr("{name} slapped wrongly: a card to {other}", ["name": name(p), "other": name(to)])
        // TRANSLATORS: Egyptian Ratscrew: a wrong slap puts the slapper's top card face down under the centre pile.
        case let .wrongSlap(p, nil, _): words.tr("{name} slapped wrongly and burns a card", ["name": name(p)])
        case let .lateSlap(p): words.tr("{name} slapped too late", ["name": name(p)])
        // TRANSLATORS: Egyptian Ratscrew's challenge: {n} is how many cards are left to find a face card or an Ace.
        case let .challenge(p, n): words.trn("{name} must play a face card: 1 left", "{name} must play a face card: {n} left", n, ["name": name(p)])
        case let .collecting(p): words.tr("{name} wins the challenge", ["name": name(p)])
        // TRANSLATORS: nobody else holds a card to play on the centre pile: it goes to {name}.
        case let .takingBack(p): words.tr("Nobody else can play: the pile goes to {name}", ["name": name(p)])
        case let .pileTaken(p, n): words.trn("{name} takes the pile: 1 card", "{name} takes the pile: {n} cards", n, ["name": name(p)])
        }
    }
}

extension SlapReason {
    /// What was slapped, as the status says it.
    public func text(_ words: Words) -> String {
        switch self {
        case .jack: words.tr("a Jack")
        // TRANSLATORS: Egyptian Ratscrew: two cards of a rank in a row.
        case .double: words.tr("a double")
        // TRANSLATORS: Egyptian Ratscrew: a rank, one card, the same rank.
        case .sandwich: words.tr("a sandwich")
        // TRANSLATORS: Egyptian Ratscrew: the top card is the rank of the bottom card.
        case .topAndBottom: words.tr("top and bottom")
        // TRANSLATORS: Egyptian Ratscrew: a King and a Queen together.
        case .marriage: words.tr("a marriage")
        }
    }
}
