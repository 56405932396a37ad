import Testing
@testable import SnapCore

@Suite("Computer players play whole rounds without losing a card")
struct GamePropertyTests {
    /// No round may take more steps than this.
    static let stepCap = 6_000
    /// A round in which no card changed hands (no snap won, no penalty paid) for this many steps
    /// is stalled: the players' own piles come round for ever without a match. Hard computer
    /// players make no mistakes to break such a cycle, and the rules allow it (as in War).
    /// Rounds that finish never went more than about 250 steps without an exchange (seeds 1...1000).
    static let stallSteps = 1_000

    /// 1,000 seeded rounds of 2, 3 and 4 hard computer players on the virtual clock, in ten
    /// chunks that run in parallel. After every step: 52 distinct cards, each in one place,
    /// flights only to where their card is. Every round ends with one player holding all 52,
    /// or stalls (reported with its seed), within the step cap.
    @Test(arguments: 0..<10)
    func seededGamesKeepEveryCardAndEnd(chunk: Int) {
        var stalled: [UInt64] = []
        var unfinished: [UInt64] = []
        var broken: [String] = []
        var longest = 0
        for seed in UInt64(chunk * 100 + 1)...UInt64(chunk * 100 + 100) {
            var game = try! SnapGameBench.botGame(players: 2 + Int(seed % 3), seed: seed)
            var firstProblem: String?
            var quiet = 0
            var step = 0
            while step < Self.stepCap, game.phase != .roundOver, quiet < Self.stallSteps, let t = game.nextDueTime {
                let events = game.advance(to: t)
                step += 1
                let exchange = events.contains { e in
                    switch e.kind {
                    case .snapWon, .wrongCall: true
                    default: false
                    }
                }
                quiet = exchange ? 0 : quiet + 1
                if firstProblem == nil, let p = game.audit().first { firstProblem = "seed \(seed), step \(step), t=\(game.time): \(p)" }
            }
            if let p = firstProblem { broken.append(p) }
            if game.phase == .roundOver {
                longest = max(longest, step)
                #expect(game.winner.flatMap { game.player($0)?.cardCount } == 52, "seed \(seed)")
            } else if quiet >= Self.stallSteps {
                stalled.append(seed)
            } else {
                unfinished.append(seed)
            }
        }
        #expect(broken.isEmpty, "broken bookkeeping: \(broken.prefix(3))")
        #expect(unfinished.isEmpty, "rounds still exchanging cards at the step cap of \(Self.stepCap): seeds \(unfinished)")
        #expect(stalled.count <= 20, "too many stalled rounds: seeds \(stalled)")
        print("seeds \(chunk * 100 + 1)...\(chunk * 100 + 100): longest round \(longest) steps; stalled: \(stalled)")
    }
}
