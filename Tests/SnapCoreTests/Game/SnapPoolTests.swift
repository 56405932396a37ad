import Testing
@testable import SnapCore

@Suite("Snap pool: wrong calls and ties feed the pool, a match with its top card wins it")
struct SnapPoolTests {
    static func game(_ ids: [String] = ["A", "B", "C"]) throws -> SnapGame {
        var g = try SnapGame(players: ids.enumerated().map { GamePlayer(id: $1, seat: $0, control: .person) }, seed: 1, kind: .snapPool)
        _ = g.advance(to: 4)
        return g
    }

    @Test func aWrongCallPutsTheCallersOpenPileInThePool() throws {
        var g = try Self.game()
        g.arrange(["A": ("2S 3S", "4H 7H"), "B": ("4S 5S", "9D"), "C": ("6S 8S", "KD")], rest: "C")
        let e = g.act(.callSnap(player: "A"), at: 5)
        #expect(e.kinds.contains { if case .wrongCall(player: "A", let fs, _) = $0 { fs.count == 2 && fs.allSatisfy { $0.to == .centre } } else { false } })
        #expect(g.open("A").isEmpty && g.pool == cards("4H 7H"), "the pile keeps its order: 7H on top")
        #expect(g.status == .pooled(player: "A", cards: 2))
        #expect(g.closed("B") == cards("4S 5S") && g.closed("C").count > 2, "nobody is paid")
        #expect(g.audit().isEmpty)
    }

    @Test func aWrongCallWithNoOpenPileCostsTheTopFaceDownCard() throws {
        var g = try Self.game()
        g.arrange(["A": ("2S 3S", ""), "B": ("4S 5S", "9D"), "C": ("6S 8S", "KD")], rest: "C")
        _ = g.act(.callSnap(player: "A"), at: 5)
        #expect(g.pool == cards("3S") && g.closed("A") == cards("2S"))
        #expect(g.audit().isEmpty)
    }

    @Test func anOpenPileMatchingThePoolsTopWinsThePoolAndThatPile() throws {
        var g = try Self.game()
        g.arrange(["A": ("2S 3S", "4H 7H"), "B": ("4S 5S", "9D"), "C": ("6S 8S", "KD")], rest: "C")
        _ = g.act(.callSnap(player: "A"), at: 5)           // A's pile to the pool: 7H on top
        g.arrange(["A": ("2S 3S", ""), "B": ("4S 5S", "9D 7C"), "C": ("6S 8S", "KD")], rest: "C", pool: "4H 7H")
        #expect(g.matchShowing, "B's 7C matches the pool's 7H")
        let e = g.act(.callSnap(player: "C"), at: 7)
        #expect(e.kinds.contains { if case .snapWon(player: "C", cards: 4, from: ["B"], _) = $0 { true } else { false } })
        #expect(g.pool.isEmpty && g.open("B").isEmpty)
        // Under C's face-down pile, each turned face down: B's pile (7C was its top), then the pool.
        #expect(Array(g.closed("C").prefix(4)) == cards("7H 4H 7C 9D"))
        #expect(g.audit().isEmpty)
    }

    @Test func twoCallsJudgedTogetherPutBothCallersPilesInThePool() throws {
        var g = try Self.game()
        g.arrange(["A": ("2S 3S", "5H 7H"), "B": ("4S 5S", "7S"), "C": ("6S 8S", "KD")], rest: "C")
        _ = g.handle(.callSnap(player: "A"), at: 5)
        _ = g.handle(.callSnap(player: "B"), at: 5.02)
        let e = g.advance(to: 5.2)
        #expect(e.kinds.contains { if case .tie(players: ["A", "B"], let fs) = $0 { fs.count == 3 } else { false } })
        #expect(g.pool == cards("5H 7H 7S") && g.open("A").isEmpty && g.open("B").isEmpty)
        #expect(g.status == .tie(players: ["A", "B"], cards: 3))
        #expect(!e.kinds.contains { if case .snapWon = $0 { true } else { false } }, "B's call went with the tie")
        #expect(g.audit().isEmpty)
        // Calls further apart are not a tie: the first takes the piles.
        var h = try Self.game()
        h.arrange(["A": ("2S 3S", "5H 7H"), "B": ("4S 5S", "7S"), "C": ("6S 8S", "KD")], rest: "C")
        _ = h.handle(.callSnap(player: "A"), at: 5)
        let later = h.handle(.callSnap(player: "B"), at: 5.1) + h.advance(to: 5.3)
        #expect(later.kinds.contains { if case .snapWon(player: "A", cards: 3, _, _) = $0 { true } else { false } })
        #expect(later.kinds.contains(.lateCall(player: "B")))
    }

    @Test func theLastPlayerInTakesThePoolAndHoldsEveryCard() throws {
        var g = try Self.game(["A", "B"])
        g.arrange(["A": ("2S 3S", "4H"), "B": ("", "9D")], rest: "A")
        let e = g.act(.callSnap(player: "B"), at: 5)       // wrong: B's only card goes to the pool
        #expect(e.kinds.contains(.playerOut(player: "B")))
        #expect(e.kinds.contains { if case .roundWon(player: "A", _) = $0 { true } else { false } })
        #expect(g.pool.isEmpty && g.player("A")!.cardCount == 52)
        #expect(g.audit().isEmpty)
    }

    @Test func thePoolTravelsInTheStateAndTheJournal() throws {
        var g = try SnapGame(players: [GamePlayer(id: "A", seat: 0, control: .person), GamePlayer(id: "B", seat: 1, control: .person)], seed: 2,
                             kind: .snapPool, journal: true)
        guard case .began(let b) = g.journal.first else { Issue.record("no began entry"); return }
        #expect(b.kind == .snapPool)
        _ = g.advance(to: 4)
        g.arrange(["A": ("2S 3S", "4H"), "B": ("5S", "9D")], rest: "A")
        _ = g.act(.callSnap(player: "B"), at: 5)
        let s = NetGameState(game: g)
        #expect(s.kind == "snapPool" && s.pool == ["9D"] && s.cardsConserved)
        #expect(s.status == NetGameState.Status(kind: "pooled", player: "B", count: 1))
        let mirror = try SnapGame(mirror: s)
        #expect(mirror.kind == .snapPool && mirror.pool == cards("9D") && mirror.status == .pooled(player: "B", cards: 1))
        let json = GameStateJSON(game: g)
        #expect(json.kind == "snapPool" && json.pool == GameStateJSON.Pool(count: 1, top: "9D"))
        // An empty pool says so with a null top, as the state file writes its nulls.
        g.arrange(["A": ("2S 3S", "4H"), "B": ("5S", "9D")], rest: "A")
        let empty = String(decoding: try GameStateJSON(game: g).jsonData(), as: UTF8.self)
        #expect(empty.contains("\"pool\" : {\n    \"count\" : 0,\n    \"top\" : null\n  }"), "\(empty)")
    }

    /// 1,000 seeded rounds of 2, 3 and 4 hard computer players: every card in one place (the
    /// pool too), every call judged by the pool's rules, every round won by whoever then holds
    /// all 52.
    @Test(arguments: 0..<10)
    func seededRoundsKeepEveryCardJudgeByThePoolAndEnd(chunk: Int) {
        var problems: [String] = []
        var unfinished: [String] = []
        var pooled = 0, poolsWon = 0, ties = 0
        for seed in UInt64(chunk * 100 + 1)...UInt64(chunk * 100 + 100) {
            var game = try! SnapGame(players: (0..<(2 + Int(seed % 3))).map { GamePlayer(id: "P\($0)", seat: $0) }, seed: seed, bots: .hard, kind: .snapPool)
            var poolBefore: [CardFace] = []
            let outcome = SnapGameBench.playToEnd(&game, stepCap: 12_000) { g, events in
                if problems.isEmpty, let p = g.audit().first { problems.append("seed \(seed), t=\(g.time): \(p)") }
                for e in events {
                    switch e.kind {
                    case let .wrongCall(p, fs, _):
                        pooled += 1
                        if !fs.allSatisfy({ $0.to == .centre }) { problems.append("seed \(seed): \(p)'s wrong call paid players, not the pool") }
                    case .tie: ties += 1
                    case let .snapWon(p, _, from, fs):
                        let fromPool = fs.filter { $0.from == .centre }
                        if !fromPool.isEmpty {
                            poolsWon += 1
                            if fromPool.count != poolBefore.count, !from.isEmpty { problems.append("seed \(seed): \(p) took \(fromPool.count) of a pool of \(poolBefore.count)") }
                        }
                    default: break
                    }
                }
                poolBefore = g.pool
            }
            switch outcome {
            case .won: if game.winner.flatMap({ game.player($0)?.cardCount }) != 52 || !game.pool.isEmpty { problems.append("seed \(seed): the winner does not hold 52") }
            case .stalled, .capped, .waiting: unfinished.append("\(seed) \(outcome)")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(unfinished.isEmpty, "rounds not won: seeds \(unfinished)")
        #expect(poolsWon > 0)
        print("snap pool, seeds \(chunk * 100 + 1)...\(chunk * 100 + 100): \(pooled) wrong calls to the pool, \(ties) ties, \(poolsWon) pools won")
    }
}


