/// Headless simulation of whole rounds by computer players: the rules' speed, with no drawing.
public enum SnapGameBench {
    public struct Result: Sendable, Equatable {
        public var games: Int
        /// Rounds that ended with a winner.
        public var finished: Int
        /// Rounds stopped because no card changed hands for `stallSteps` steps.
        public var stalled: Int
        /// Clock steps taken in all.
        public var steps: Int
        public var seconds: Double
        public var gamesPerSecond: Double { seconds > 0 ? Double(games) / seconds : 0 }
    }

    /// How one simulated round ended.
    public enum Outcome: Sendable, Equatable {
        case won(steps: Int)
        /// No card changed hands (no snap won, no penalty paid) for `stallSteps` steps: the players'
        /// own piles come round for ever without a match. Computer players that make no mistakes
        /// cannot break such a cycle, and the rules allow it (as in War).
        case stalled(steps: Int)
        /// Still exchanging cards at the step cap.
        case capped
        /// Nothing left to happen: a person's move is awaited.
        case waiting(steps: Int)
    }

    /// The most clock steps one simulated round may take.
    public static let stepCap = 200_000
    /// Rounds that finish (seeds 1...1000, hard computer players) never went more than about
    /// 250 steps without a card changing hands.
    public static let stallSteps = 1_000

    /// Plays `games` rounds with hard computer players on the virtual clock (2, 3, 4 players in
    /// turn, seeds `seed`, `seed + 1`, ...) and measures the wall time. The only clock read in
    /// the core, and only here: a benchmark measures time.
    public static func run(games: Int, seed: UInt64, kind: GameKind = .snap, house: HouseRules = .standard) -> Result {
        var finished = 0, stalled = 0, steps = 0
        let elapsed = ContinuousClock().measure {
            for g in 0..<max(0, games) {
                guard var game = try? botGame(players: 2 + g % 3, seed: seed &+ UInt64(g), kind: kind, house: house) else { continue }
                switch playToEnd(&game, stepCap: stepCap) {
                case let .won(n): finished += 1; steps += n
                case let .stalled(n): stalled += 1; steps += n
                case let .waiting(n): steps += n
                case .capped: steps += stepCap
                }
            }
        }
        let s = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return Result(games: max(0, games), finished: finished, stalled: stalled, steps: steps, seconds: s)
    }

    /// A game of `players` computer players named P0, P1, ... at seats 0, 1, ...
    public static func botGame(players: Int, seed: UInt64, bots: BotLevel = .hard, kind: GameKind = .snap,
                               house: HouseRules = .standard) throws -> SnapGame {
        try SnapGame(players: (0..<players).map { GamePlayer(id: "P\($0)", seat: $0) }, seed: seed, bots: bots, kind: kind, house: house)
    }

    /// Runs the clock from one due moment to the next until the round is over, stalls or hits
    /// `stepCap`. `afterEachStep` sees the game and that step's events after every step.
    public static func playToEnd(_ game: inout SnapGame, stepCap: Int, stallSteps: Int = stallSteps,
                                 afterEachStep: (SnapGame, [GameEvent]) -> Void = { _, _ in }) -> Outcome {
        var quiet = 0
        for step in 1...max(1, stepCap) {
            guard let t = game.nextDueTime else { return .waiting(steps: step - 1) }
            let events = game.advance(to: t)
            afterEachStep(game, events)
            if game.phase == .roundOver { return .won(steps: step) }
            quiet = events.contains { $0.kind.movesCardsBetweenPlayers } ? 0 : quiet + 1
            if quiet >= stallSteps { return .stalled(steps: step) }
        }
        return .capped
    }
}

extension GameEvent.Kind {
    /// A snap won, a penalty paid, piles put in Snap pool's pool, a centre pile taken: cards changed hands.
    public var movesCardsBetweenPlayers: Bool {
        switch self {
        case .snapWon, .wrongCall, .tie, .pileTaken: true
        default: false
        }
    }
}
