import Testing
@testable import SnapCore

@Suite("Computer players play whole rounds without losing a card")
struct GamePropertyTests {
    /// No round may take more steps than this (finished ones take under 4,100, seeds 1...1000).
    static let stepCap = 6_000

    /// 1,000 seeded rounds of 2, 3 and 4 hard computer players on the virtual clock, in ten
    /// chunks that run in parallel. After every step: 52 distinct cards, each in one place,
    /// flights only to where their card is. Every round ends with one player holding all 52
    /// within the step cap; a stall (no card changing hands for `SnapGameBench.stallSteps` steps)
    /// or a capped round is reported with its seed.
    @Test(arguments: 0..<10)
    func seededGamesKeepEveryCardAndEnd(chunk: Int) {
        var stalled: [UInt64] = []
        var unfinished: [UInt64] = []
        var broken: [String] = []
        var longest = 0
        for seed in UInt64(chunk * 100 + 1)...UInt64(chunk * 100 + 100) {
            var game = try! SnapGameBench.botGame(players: 2 + Int(seed % 3), seed: seed)
            var firstProblem: String?
            let outcome = SnapGameBench.playToEnd(&game, stepCap: Self.stepCap) { g, _ in
                if firstProblem == nil, let p = g.audit().first { firstProblem = "seed \(seed), t=\(g.time): \(p)" }
            }
            if let p = firstProblem { broken.append(p) }
            switch outcome {
            case let .won(steps):
                longest = max(longest, steps)
                #expect(game.winner.flatMap { game.player($0)?.cardCount } == 52, "seed \(seed)")
            case .stalled: stalled.append(seed)
            case .capped, .waiting: unfinished.append(seed)
            }
        }
        #expect(broken.isEmpty, "broken bookkeeping: \(broken.prefix(3))")
        #expect(unfinished.isEmpty, "rounds not over at the step cap of \(Self.stepCap): seeds \(unfinished)")
        // Computer players lose patience with a cycle (`SnapGame.patienceTurns`): no round stalls.
        #expect(stalled.isEmpty, "stalled rounds: seeds \(stalled)")
        print("seeds \(chunk * 100 + 1)...\(chunk * 100 + 100): longest round \(longest) steps; stalled: \(stalled)")
    }
}
