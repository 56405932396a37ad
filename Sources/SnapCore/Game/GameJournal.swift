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
    }

    public enum Entry: Sendable, Equatable, Codable {
        case began(Began)
        case input(at: Double, stamp: Double, input: GameInput, fair: FairCall?)
        case window(at: Double, target: Double)
        /// `kind`: `snap` (took the piles), `wrong` (paid), `late`.
        case verdict(at: Double, player: String, kind: String, cards: Int)
        /// The host stopped with its game's clock here: a replay runs the clock this far.
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
        var ended: Double?
        func finish(_ g: inout SnapGame?, at t: Double) {
            guard var x = g else { return }
            _ = x.advance(to: t)
            produced += x.journal.filter(\.isVerdict)
            x.journal = []
            g = x
        }
        for (line, entry) in entries {
            switch entry {
            case .began(let b):
                finish(&game, at: b.start)
                do {
                    let players = b.players.map { GamePlayer(id: $0.id, seat: $0.seat, control: $0.control, gamesWon: $0.gamesWon) }
                    game = try SnapGame(players: players, dealer: b.dealer, seed: b.seed, bots: b.bots, start: b.start, journal: true)
                } catch {
                    throw Mismatch(line: line, description: "cannot begin the game: \(error)")
                }
                last = b.start
            case let .input(at, stamp, input, fair):
                guard var g = game else { throw Mismatch(line: line, description: "an input before any game began") }
                _ = g.handle(input, stamped: stamp, at: at, fair: fair)
                game = g
                last = max(last, at)
            case let .window(at, target):
                guard var g = game else { throw Mismatch(line: line, description: "a window before any game began") }
                _ = g.aimWindow(target, at: at)
                game = g
                last = max(last, at)
            case .verdict(let at, _, _, _):
                last = max(last, at)
            case .ended(let at):
                ended = at
            }
            if var g = game {
                produced += g.journal.filter(\.isVerdict)
                g.journal = []
                game = g
            }
        }
        // Without an end (a host that was killed), as far as any verdict recorded could need.
        finish(&game, at: ended ?? last + 2 * FairCall.cap)
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
