/// A client that plays its own seat with a person's fixed reflexes (`--reflex`, for the race
/// tests and benchmarks): it calls Snap! `reaction` (± `spread`, evenly) after a match was on its
/// screen, turns its card over a moment after its turn showed, and asks for the next round.
/// Its presses are ordinary rules inputs at the instant of the press, so they become the same
/// intents, with the same account of themselves, as a person's.
public struct ClientReflex: Sendable {
    public let reaction: Double
    public let spread: Double
    /// How long after its turn showed it turns over, and after a round it asks for the next.
    static let turnDelay = 0.3
    static let nextRoundDelay = 1.0

    var rng: SplitMix64
    /// The match (by its first update) already called on, and the press waiting for its time.
    private var answered: Int?
    private var pending: (seq: Int, at: Double)?
    /// The piles when it last turned over, and when: it turns again once they changed (or,
    /// should the host have turned that one down, after a while).
    private var lastTurn: (piles: [Int], at: Double)?
    static let retryTurn = 1.5
    private var askedForRound: Int?

    public init(reaction: Double, spread: Double, seed: UInt64) {
        self.reaction = reaction
        self.spread = spread
        rng = SplitMix64(seed: seed)
    }

    /// What to press by `t`, each with the instant of its press, given what is on screen.
    public mutating func presses(screen: ClientScreen, game: SnapGame?, me: String, at t: Double) -> [(GameInput, Double)] {
        var out: [(GameInput, Double)] = []
        guard let game, let shown = screen.shown, let lastDrawn = screen.lastDrawn else { return out }
        if shown.match, answered != shown.seq, pending?.seq != shown.seq {
            let r = reaction + spread * (2 * Double(rng.next() >> 11) / Double(1 << 53) - 1)
            pending = (shown.seq, shown.drawn + max(0, r))
        }
        if let p = pending, t >= p.at {
            pending = nil
            answered = p.seq
            // Pressed even if the match went meanwhile, as a person already moving would: a
            // race lost is a call too late, not one never made.
            out.append((.callSnap(player: me), p.at))
        }
        if game.phase == .playing, game.active == me, let mine = game.player(me) {
            let piles = [game.round, mine.closed.count, mine.open.count]
            let again = lastTurn.map { $0.piles != piles || t - $0.at >= Self.retryTurn } ?? true
            if again, t >= lastDrawn.drawn + Self.turnDelay {
                lastTurn = (piles, t)
                out.append((.turnOver(player: me), t))
            }
        }
        if game.phase == .roundOver, askedForRound != game.round, t >= lastDrawn.drawn + Self.nextRoundDelay {
            askedForRound = game.round
            out.append((.nextRound, t))
        }
        return out
    }

    /// When to look again (a press waiting for its time).
    public var nextDue: Double? { pending?.at }
}
