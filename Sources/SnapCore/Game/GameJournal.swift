/// What a game's rules were given and what they decided, in order: how it began, every input
/// with the instant it was judged at (and, for a call from the network, the measures behind
/// that instant), every change of the window, and every verdict on a call. A hosted game writes
/// it (`--record`); `GameJournal.replay` runs the same rules on it again, so a record shows that
/// the verdicts follow from what it holds.
public enum GameJournal {
    public struct Began: Sendable, Equatable, Codable {
        public struct Seat: Sendable, Equatable, Codable {
            public var id: String
            public var seat: Int
            public var control: PlayerControl
            public var gamesWon: Int
        }

        public var players: [Seat]
        public var dealer: String
        public var seed: UInt64
        public var bots: BotLevel
        public var start: Double
        public var window: Double
        /// Absent in a journal of the standard rules (and in every journal written before them).
        public var house: HouseRules? = nil
        /// Absent for Snap! (and in every journal written before the other games).
        public var kind: GameKind? = nil
    }

    public enum Verdict: String, Sendable, Equatable, Codable {
        /// Took the piles; paid the penalty; called after the piles were taken.
        case snap, wrong, late
        /// Snap pool: called together with another player (each of the two gets one).
        case tie
    }

    public enum Entry: Sendable, Equatable, Codable {
        case began(Began)
        /// `stamp`: the instant it was judged at; `placed`: where it went among the rules' own
        /// moves (the stamp, or the instant the game showed if that was later).
        case input(at: Double, stamp: Double, placed: Double, input: GameInput, fair: FairCall?)
        case window(at: Double, target: Double)
        case verdict(at: Double, player: String, kind: Verdict, cards: Int)
        /// The game stopped with its clock here (the host stopped, or dealt a new game): a replay
        /// runs the clock this far.
        case ended(at: Double)
    }

    /// Why a record does not replay to the same verdicts.
    public struct Mismatch: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var description: String
    }

    /// Runs the rules on a record's entries (each with its line): every game begun, input and
    /// window change as it was given; the verdicts must come out as recorded, in order. Returns
    /// how many were checked.
    public static func replay(_ entries: [(line: Int, entry: Entry)]) throws(Mismatch) -> Int {
        var game: SnapGame?
        var produced: [Entry] = []
        var last = 0.0
        /// The game on now has had its end: the next entries until a new game are none of its.
        var over = false
        func finish(_ g: inout SnapGame?, at t: Double) {
            guard var x = g, !over else { return }
            _ = x.advance(to: t)
            produced += x.journal.filter(\.isVerdict)
            x.journal = []
            g = x
            over = true
        }
        for (line, entry) in entries {
            switch entry {
            case .began(let b):
                finish(&game, at: b.start)
                do {
                    let players = b.players.map { GamePlayer(id: $0.id, seat: $0.seat, control: $0.control, gamesWon: $0.gamesWon) }
                    game = try SnapGame(players: players, dealer: b.dealer, seed: b.seed, bots: b.bots, kind: b.kind ?? .snap, house: b.house ?? .standard,
                                        start: b.start, window: b.window, journal: true)
                    over = false
                } catch {
                    throw Mismatch(line: line, description: "cannot begin the game: \(error)")
                }
                last = b.start
            case let .input(at, stamp, placed, input, fair):
                guard var g = game, !over else { throw Mismatch(line: line, description: "an input with no game on") }
                // The instant a network call was judged at must follow from its measures.
                if let fair, fair.judged != stamp { throw Mismatch(line: line, description: "judged at \(stamp), its measures say \(fair.judged)") }
                // Placed where it was placed live (its stamp, or the instant the game showed then).
                _ = g.handle(input, stamped: placed, at: at, fair: fair)
                game = g
                last = max(last, at)
            case let .window(at, target):
                guard var g = game, !over else { throw Mismatch(line: line, description: "a window with no game on") }
                _ = g.aimWindow(target, at: at)
                game = g
                last = max(last, at)
            case .verdict(let at, _, _, _):
                last = max(last, at)
            case .ended(let at):
                finish(&game, at: at)
            }
            if var g = game {
                produced += g.journal.filter(\.isVerdict)
                g.journal = []
                game = g
            }
        }
        // Without an end (a host that was killed), as far as any verdict recorded could need.
        finish(&game, at: last + 2 * FairCall.cap)
        let recorded = entries.filter { $0.entry.isVerdict }
        for (i, r) in recorded.enumerated() {
            guard i < produced.count else { throw Mismatch(line: r.line, description: "this verdict did not come again") }
            guard produced[i] == r.entry else { throw Mismatch(line: r.line, description: "recorded \(r.entry), replayed \(produced[i])") }
        }
        if produced.count > recorded.count {
            throw Mismatch(line: entries.last?.line ?? 0, description: "a verdict the record does not have: \(produced[recorded.count])")
        }
        return recorded.count
    }
}

extension GameJournal.Entry {
    var isVerdict: Bool { if case .verdict = self { true } else { false } }
}
