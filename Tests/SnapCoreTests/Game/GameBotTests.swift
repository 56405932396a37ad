import Testing
@testable import SnapCore

@Suite("Computer players: speed by level, mistakes only when easy")
struct GameBotTests {
    /// One person who never calls and turns over 2 s after the turn comes, one computer player:
    /// the computer's delay from the card that made a match to its call, its missed matches
    /// (another card turned before anyone called) and its wrong calls.
    func reactions(_ level: BotLevel) throws -> (mean: Double, missed: Int, wrong: Int, seen: Int) {
        var delays: [Double] = []
        var missed = 0, wrong = 0, seen = 0
        for seed in UInt64(1)...30 {
            var g = try SnapGame(players: [GamePlayer(id: "A", seat: 0, control: .person), GamePlayer(id: "B", seat: 1)],
                                 seed: seed, bots: level)
            var t = 0.0, turnSince: Double?, matchSince: Double?
            while t < 120, g.phase != .roundOver {
                t += 0.05
                if g.active == "A" {
                    if let since = turnSince, t - since >= 2 { _ = g.handle(.turnOver(player: "A"), at: t); turnSince = nil }
                    else if turnSince == nil { turnSince = t }
                }
                for e in g.advance(to: t) {
                    switch e.kind {
                    case .turnedOver:
                        if matchSince != nil { missed += 1 }
                        matchSince = nil
                    case let .snapWon(player, _, _, _):
                        if player == "B", let m = matchSince { delays.append(e.time - m) }
                        matchSince = nil
                    case .wrongCall(player: "B", _, _): wrong += 1
                    default: break
                    }
                }
                if matchSince == nil, g.matchShowing, let last = g.flights.last(where: { $0.kind == .turn }) {
                    matchSince = last.start
                    seen += 1
                }
            }
        }
        return (delays.reduce(0, +) / Double(max(1, delays.count)), missed, wrong, seen)
    }

    @Test(arguments: [(BotLevel.easy, 1.2), (.normal, 0.8), (.hard, 0.45)])
    func averageReactionMatchesTheLevel(level: BotLevel, mean: Double) throws {
        let r = try reactions(level)
        #expect(r.seen >= 30, "too few matches to judge: \(r.seen)")
        #expect(abs(r.mean - mean) < mean * 0.15, "\(level): mean reaction \(r.mean), want about \(mean)")
        if level == .hard { #expect(r.missed == 0 && r.wrong == 0) }
        if level == .easy { #expect(r.missed > 0 && r.wrong > 0, "easy bots miss and call wrongly: \(r)") }
    }

    @Test func computerPlayersThinkBeforeTurningOver() throws {
        var g = try SnapGameBench.botGame(players: 2, seed: 9, bots: .hard)
        var thinks: [Double] = []
        var last = 0.0
        for e in g.advance(to: 40) {
            if case .turn = e.kind { last = e.time }
            if case .turnedOver = e.kind { thinks.append(e.time - last) }
        }
        // Uniform in 0.6...1.4 of 0.4 s, longer only when the player called Snap! first.
        #expect(thinks.count > 20)
        #expect(thinks.allSatisfy { $0 >= 0.4 * 0.6 }, "\(thinks.min()!)")
        #expect(thinks.count(where: { $0 <= 0.4 * 1.4 }) * 10 >= thinks.count * 9)
    }

    @Test func offLeavesComputerSeatsIdle() throws {
        var g = try SnapGameBench.botGame(players: 2, seed: 9, bots: .off)
        _ = g.advance(to: 60)
        #expect(g.phase == .playing && g.players.allSatisfy { $0.open.isEmpty })
    }
}
