import Testing
@testable import SnapCore

@Suite("Computer players play whole rounds without losing a card")
struct GamePropertyTests {
    /// No round may take more steps than this (finished ones take under 4,100, seeds 1...1000).
    static let stepCap = 6_000
    /// Under the colour house rule matches come half as often and rounds run longer (under 8,200
    /// steps, seeds 1...1000).
    static let colourStepCap = 12_000

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

    /// The same 1,000 rounds under the colour house rule: every card kept, every round ended,
    /// and every pile a call took showed a top card of the same rank and colour as another
    /// pile taken with it.
    @Test(arguments: 0..<10)
    func colourRoundsKeepEveryCardJudgeByColourAndEnd(chunk: Int) {
        let house = HouseRules(colour: true)
        var problems: [String] = []
        var unfinished: [UInt64] = []
        var snaps = 0
        var longest = 0
        for seed in UInt64(chunk * 100 + 1)...UInt64(chunk * 100 + 100) {
            var game = try! SnapGame(players: (0..<(2 + Int(seed % 3))).map { GamePlayer(id: "P\($0)", seat: $0) }, seed: seed, bots: .hard, house: house)
            let outcome = SnapGameBench.playToEnd(&game, stepCap: Self.colourStepCap) { g, events in
                if problems.isEmpty, let p = g.audit().first { problems.append("seed \(seed), t=\(g.time): \(p)") }
                for e in events {
                    guard case let .snapWon(player, _, from, flights) = e.kind else { continue }
                    snaps += 1
                    let tops = from.compactMap { id in flights.last { $0.from == .open(id) }?.card }
                    let keys = tops.map { house.key($0) }
                    if tops.count != from.count || !keys.allSatisfy({ k in keys.filter { $0 == k }.count >= 2 }) {
                        problems.append("seed \(seed), t=\(e.time): \(player) took \(tops.map(\.code)) from \(from)")
                    }
                }
            }
            switch outcome {
            case .won(let steps):
                longest = max(longest, steps)
                #expect(game.winner.flatMap { game.player($0)?.cardCount } == 52, "seed \(seed)")
            case .stalled, .capped, .waiting: unfinished.append(seed)
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(unfinished.isEmpty, "rounds not won under the colour rule: seeds \(unfinished)")
        #expect(snaps > 100, "only \(snaps) snaps in 100 rounds")
        print("colour, seeds \(chunk * 100 + 1)...\(chunk * 100 + 100): longest round \(longest) steps, \(snaps) snaps")
    }
}
