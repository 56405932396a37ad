/// Headless simulation of whole rounds by computer players: the rules' speed, with no drawing.
public enum SnapGameBench {
    public struct Result: Sendable, Equatable {
        public var games: Int
        /// Rounds that ended with a winner (the rest hit the step cap).
        public var finished: Int
        /// Clock steps taken in all.
        public var steps: Int
        public var seconds: Double
        public var gamesPerSecond: Double { seconds > 0 ? Double(games) / seconds : 0 }
    }

    /// The most clock steps one simulated round may take before it counts as unfinished.
    public static let stepCap = 200_000

    /// Plays `games` rounds with hard computer players on the virtual clock (2, 3, 4 players in
    /// turn, seeds `seed`, `seed + 1`, ...) and measures the wall time. The only clock read in
    /// the core, and only here: a benchmark measures time.
    public static func run(games: Int, seed: UInt64) -> Result {
        var finished = 0, steps = 0
        let elapsed = ContinuousClock().measure {
            for g in 0..<max(0, games) {
                guard var game = try? botGame(players: 2 + g % 3, seed: seed &+ UInt64(g)) else { continue }
                if let n = playToEnd(&game, stepCap: stepCap) {
                    finished += 1
                    steps += n
                } else {
                    steps += stepCap
                }
            }
        }
        let s = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return Result(games: max(0, games), finished: finished, steps: steps, seconds: s)
    }

    /// A game of `players` computer players named P0, P1, ... at seats 0, 1, ...
    public static func botGame(players: Int, seed: UInt64, bots: BotLevel = .hard) throws -> SnapGame {
        try SnapGame(players: (0..<players).map { GamePlayer(id: "P\($0)", seat: $0) }, seed: seed, bots: bots)
    }

    /// Runs the clock from one due moment to the next until the round is over. Returns the steps
    /// taken, or nil when `stepCap` was hit or nothing was left to happen (a person's move awaited).
    /// `afterEachStep` sees the game after every step.
    public static func playToEnd(_ game: inout SnapGame, stepCap: Int,
                                 afterEachStep: (SnapGame, [GameEvent]) -> Void = { _, _ in }) -> Int? {
        for step in 1...max(1, stepCap) {
            guard let t = game.nextDueTime else { return nil }
            let events = game.advance(to: t)
            afterEachStep(game, events)
            if game.phase == .roundOver { return step }
        }
        return nil
    }
}
