import Testing
@testable import SnapCore

@Suite("Slapjack and Egyptian Ratscrew: one centre pile, slaps, challenges")
struct CentreGameTests {
    static func game(_ kind: GameKind, _ ids: [String] = ["A", "B", "C"], house: HouseRules = .standard) throws -> SnapGame {
        var g = try SnapGame(players: ids.enumerated().map { GamePlayer(id: $1, seat: $0, control: .person) }, seed: 1, kind: kind, house: house)
        _ = g.advance(to: 4)
        return g
    }

    // MARK: Slapjack

    @Test func turnsGoOntoTheCentrePileInTurn() throws {
        var g = try Self.game(.slapjack)
        g.arrange(["A": ("2S 3S", ""), "B": ("4S 5S", ""), "C": ("6S 8S", "")], rest: "C")
        #expect(g.active == "A")
        let e = g.act(.turnOver(player: "A"), at: 5)
        #expect(g.centre == cards("3S") && g.topBy == "A" && g.open("A").isEmpty)
        #expect(e.kinds.contains { if case .turnedOver(player: "A", let f) = $0 { f.to == .centre } else { false } })
        #expect(g.active == "B")
        #expect(g.act(.turnOver(player: "A"), at: 6).rejections == ["it is B’s turn, not A’s"] || g.active == "B")
        #expect(g.audit().isEmpty)
    }

    @Test func aSlapOnAJackTakesTheWholeCentrePile() throws {
        var g = try Self.game(.slapjack)
        g.arrange(["A": ("2S 3S", ""), "B": ("4S 5S", ""), "C": ("6S 8S", "")], rest: "C", centre: "9H KD JC")
        let e = g.act(.callSnap(player: "C"), at: 5)
        #expect(e.kinds.contains { if case .snapWon(player: "C", cards: 3, from: [], _) = $0 { true } else { false } })
        #expect(g.centre.isEmpty && Array(g.closed("C").prefix(3)) == cards("JC KD 9H"))
        #expect(g.status == .slap(player: "C", cards: 3, reason: .jack))
        #expect(g.active == "C", "the slapper leads")
        #expect(g.audit().isEmpty)
    }

    @Test func aWrongSlapPaysTheSlappedPlayer() throws {
        var g = try Self.game(.slapjack)
        g.arrange(["A": ("2S 3S", ""), "B": ("4S 5S", ""), "C": ("6S 8S", "")], rest: "C")
        _ = g.act(.turnOver(player: "A"), at: 5)            // A's 3S on the centre
        _ = g.act(.callSnap(player: "B"), at: 6)
        #expect(g.status == .wrongSlap(player: "B", to: "A", paid: 1))
        #expect(g.closed("B") == cards("4S") && g.closed("A") == cards("5S 2S"), "B's top card under A's pile")
        #expect(g.audit().isEmpty)
    }

    @Test func aPlayerWithNoCardsSlapsBackInOnTheNextJackOrIsOut() throws {
        var g = try Self.game(.slapjack)
        g.arrange(["A": ("2S JH", ""), "B": ("4S 5S", ""), "C": ("", "")], rest: "B", centre: "9H")
        #expect(g.player("C")?.out == false, "no cards, still waiting to slap back in")
        _ = g.act(.turnOver(player: "A"), at: 5)            // JH on top
        _ = g.act(.callSnap(player: "C"), at: 5.5)
        #expect(g.closed("C") == cards("JH 9H") && g.player("C")?.out == false, "C is back in")
        // Missed: a Jack covered while C holds nothing puts C out.
        var h = try Self.game(.slapjack)
        h.arrange(["A": ("2S JH", ""), "B": ("4S 5S", ""), "C": ("", "")], rest: "B", centre: "9H")
        _ = h.act(.turnOver(player: "A"), at: 5)
        let e = h.act(.turnOver(player: "B"), at: 6)
        #expect(e.kinds.contains(.playerOut(player: "C")))
        #expect(h.audit().isEmpty)
    }

    /// Covering a Jack with one's last card is no miss: the others waiting miss it and are out,
    /// and the last player in takes the pile.
    @Test func coveringAJackWithTheLastCardIsNoMiss() throws {
        var g = try Self.game(.slapjack)
        g.arrange(["A": ("", ""), "B": ("", ""), "C": ("", "")], rest: "A", centre: "JD")
        g.players[0].closed = [g.players[0].closed.removeLast()]
        g.centre = CardFace.all.filter { $0 != card("JD") && $0 != g.players[0].closed[0] } + cards("JD")
        let e = g.act(.turnOver(player: "A"), at: 5)
        #expect(e.kinds.contains(.playerOut(player: "B")) && e.kinds.contains(.playerOut(player: "C")))
        #expect(!e.kinds.contains(.playerOut(player: "A")))
        #expect(e.kinds.contains { if case .roundWon(player: "A", _) = $0 { true } else { false } })
        #expect(g.player("A")!.cardCount == 52 && g.audit().isEmpty)
    }

    /// With nobody left holding a card, the pile goes back to whoever played its top card, or to
    /// the next player still in when that one is out.
    @Test func aPileNobodyCanPlayOnGoesToAPlayerStillIn() throws {
        var g = try Self.game(.ratscrew)
        g.arrange(["A": ("", ""), "B": ("", ""), "C": ("", "")], rest: "A")
        g.centre = g.players[0].closed
        g.players[0].closed = []
        g.players[1].out = true
        g.topBy = "B"
        var events: [GameEvent] = []
        g.settleCentre(at: 5, into: &events)
        #expect(g.collecting == "C" && g.status == .takingBack(player: "C"))
        #expect(g.status.text() == "Nobody else can play: the pile goes to C")
        let e = g.advance(to: 5 + g.timing.collectPause + g.window)
        #expect(e.kinds.contains { if case .pileTaken(player: "C", cards: 52, _) = $0 { true } else { false } })
        #expect(g.winner == "C" && g.audit().isEmpty)
    }

    @Test func whoeverHoldsEveryCardWins() throws {
        var g = try Self.game(.slapjack, ["A", "B"])
        g.arrange(["A": ("2S", ""), "B": ("", "")], rest: "A", centre: "JD")
        let e = g.act(.callSnap(player: "A"), at: 5)        // B missed the Jack: out, A holds 52
        #expect(e.kinds.contains { if case .roundWon(player: "A", _) = $0 { true } else { false } })
        #expect(g.player("A")!.cardCount == 52 && g.centre.isEmpty)
        #expect(g.audit().isEmpty)
    }

    // MARK: Egyptian Ratscrew

    @Test func aFaceCardChallengesTheNextPlayer() throws {
        var g = try Self.game(.ratscrew)
        g.arrange(["A": ("2S KS", ""), "B": ("4S 5S 6S 7S", ""), "C": ("6H 8S", "")], rest: "C")
        _ = g.act(.turnOver(player: "A"), at: 5)            // a King: three cards to find a face card
        #expect(g.challenge == Challenge(by: "A", player: "B", left: 3) && g.active == "B")
        #expect(g.status.text() == "B must play a face card: 3 left")
        _ = g.act(.turnOver(player: "B"), at: 6)
        _ = g.act(.turnOver(player: "B"), at: 7)
        #expect(g.challenge?.left == 1 && g.active == "B")
        _ = g.act(.turnOver(player: "B"), at: 8)            // none: A wins the challenge
        #expect(g.challenge == nil && g.collecting == "A" && g.status == .collecting(player: "A"))
        let e = g.advance(to: 8 + g.timing.collectPause + g.window)
        #expect(e.kinds.contains { if case .pileTaken(player: "A", cards: 4, _) = $0 { true } else { false } })
        #expect(g.centre.isEmpty && g.active == "A", "the winner of the pile leads")
        #expect(g.audit().isEmpty)
    }

    @Test func aFaceCardAnswersAndPassesTheChallengeOn() throws {
        var g = try Self.game(.ratscrew)
        g.arrange(["A": ("2S KS", ""), "B": ("4S QD 6S", ""), "C": ("6H 8S", "")], rest: "C")
        _ = g.act(.turnOver(player: "A"), at: 5)
        _ = g.act(.turnOver(player: "B"), at: 6)            // 6S
        _ = g.act(.turnOver(player: "B"), at: 7)            // QD: C must answer within 2
        #expect(g.challenge == Challenge(by: "B", player: "C", left: 2) && g.active == "C")
    }

    @Test func doublesAndSandwichesAreSlappedAndBeatAChallenge() throws {
        var g = try Self.game(.ratscrew)
        g.arrange(["A": ("2S KS", ""), "B": ("4S 5S", ""), "C": ("6H 8S", "")], rest: "C", centre: "9D 7C 9H")
        #expect(g.slapReason == .sandwich)
        _ = g.act(.callSnap(player: "B"), at: 5)
        #expect(g.status == .slap(player: "B", cards: 3, reason: .sandwich) && g.active == "B")
        g.arrange(["A": ("2S KS", ""), "B": ("4S 5S", ""), "C": ("6H 8S", "")], rest: "C", centre: "7C 9D")
        _ = g.act(.turnOver(player: "B"), at: 6)            // 5S: no slap
        #expect(g.slapReason == nil)
        g.arrange(["A": ("2S KS", ""), "B": ("4S 5S", ""), "C": ("6H 8S", "")], rest: "C", centre: "7C 9D 9S")
        #expect(g.slapReason == .double)
        // Without the sandwich rule a sandwich is a wrong slap: it burns the slapper's top card.
        var h = try Self.game(.ratscrew, house: HouseRules(sandwich: false))
        h.arrange(["A": ("2S KS", ""), "B": ("4S 5S", ""), "C": ("6H 8S", "")], rest: "C", centre: "9D 7C 9H")
        #expect(h.slapReason == nil)
        _ = h.act(.callSnap(player: "B"), at: 5)
        #expect(h.status == .wrongSlap(player: "B", to: nil, paid: 1) && h.centre == cards("5S 9D 7C 9H") && h.burned == 1)
        #expect(h.centreTop == card("9H"), "a burned card goes under, face down")
        #expect(h.audit().isEmpty)
    }

    @Test func marriageAndTopAndBottomAreHouseRules() throws {
        var g = try Self.game(.ratscrew)
        g.arrange(["A": ("2S KS", ""), "B": ("4S 5S", ""), "C": ("6H 8S", "")], rest: "C", centre: "9D 7C KH QS")
        #expect(g.slapReason == nil)
        var m = try Self.game(.ratscrew, house: HouseRules(marriage: true))
        m.arrange(["A": ("2S KS", ""), "B": ("4S 5S", ""), "C": ("6H 8S", "")], rest: "C", centre: "9D 7C KH QS")
        #expect(m.slapReason == .marriage)
        var tb = try Self.game(.ratscrew, house: HouseRules(topAndBottom: true))
        tb.arrange(["A": ("2S KS", ""), "B": ("4S 5S", ""), "C": ("6H 8S", "")], rest: "C", centre: "9D 7C 3H 9S", burned: 0)
        #expect(tb.slapReason == .topAndBottom)
    }

    @Test func withoutSlappingBackInNoCardsIsOut() throws {
        var g = try Self.game(.ratscrew, house: HouseRules(slapBackIn: false))
        g.arrange(["A": ("5S", ""), "B": ("4S 6S", ""), "C": ("6H 8S", "")], rest: "C")
        let e = g.act(.turnOver(player: "A"), at: 5)
        #expect(e.kinds.contains(.playerOut(player: "A")))
        var h = try Self.game(.ratscrew)
        h.arrange(["A": ("5S", ""), "B": ("4S 6S", ""), "C": ("6H 8S", "")], rest: "C")
        _ = h.act(.turnOver(player: "A"), at: 5)
        #expect(h.player("A")?.out == false && h.active == "B", "with the house rule A may still slap back in")
        #expect(h.audit().isEmpty)
    }

    @Test func theCentreTravelsInTheStateAndTheJournal() throws {
        var g = try SnapGame(players: [GamePlayer(id: "A", seat: 0, control: .person), GamePlayer(id: "B", seat: 1, control: .person)], seed: 2,
                             kind: .ratscrew, house: HouseRules(marriage: true), journal: true)
        guard case .began(let b) = g.journal.first else { Issue.record("no began entry"); return }
        #expect(b.kind == .ratscrew && b.house == HouseRules(marriage: true))
        _ = g.advance(to: 4)
        g.arrange(["A": ("2S 3S", ""), "B": ("5S QH", "")], rest: "A", centre: "4D 9C")
        _ = g.act(.turnOver(player: "A"), at: 5)
        _ = g.act(.turnOver(player: "B"), at: 6)            // QH: A must answer within 2
        let s = NetGameState(game: g)
        #expect(s.kind == "ratscrew" && s.centre?.cards.suffix(2) == ["3S", "QH"] && s.cardsConserved)
        #expect(s.challenge == Challenge(by: "B", player: "A", left: 2))
        #expect(s.rules == ["sandwich": true, "slap-back-in": true, "top-and-bottom": false, "marriage": true])
        let mirror = try SnapGame(mirror: s)
        #expect(mirror.centre == g.centre && mirror.challenge == g.challenge && mirror.status == .challenge(player: "A", left: 2))
        #expect(mirror.house == HouseRules(marriage: true))
        let json = GameStateJSON(game: g)
        #expect(json.centre == GameStateJSON.Centre(count: 4, burned: 0, top: "QH", under: ["3S", "9C"], bottom: "4D", topBy: "B", slap: nil))
        #expect(json.challenge == .some(Challenge(by: "B", player: "A", left: 2)))
        _ = g.act(.callSnap(player: "A"), at: 7)            // wrong: burns A's top card; the challenge stands
        #expect(GameStateJSON(game: g).centre?.burned == 1 && g.challenge?.player == "A")
        // No challenge on: a null, as the state file writes its nulls; Slapjack has none at all.
        let fresh = String(decoding: try GameStateJSON(game: try Self.game(.ratscrew)).jsonData(), as: UTF8.self)
        #expect(fresh.contains("\"challenge\" : null"), "\(fresh)")
        var sj = try Self.game(.slapjack)
        sj.arrange([:], rest: "A")
        #expect(!String(decoding: try GameStateJSON(game: sj).jsonData(), as: UTF8.self).contains("challenge"))
    }

    /// A record of a centre-pile game replays to the same verdicts: the rules, not the timing of
    /// one run, decide every slap.
    @Test(arguments: [GameKind.slapjack, .ratscrew])
    func aRecordReplaysToTheSameVerdicts(kind: GameKind) throws {
        var g = try SnapGame(players: [GamePlayer(id: "A", seat: 0), GamePlayer(id: "B", seat: 1), GamePlayer(id: "C", seat: 2, control: .person)],
                             seed: 4, bots: .hard, kind: kind, house: kind == .ratscrew ? HouseRules(marriage: true) : .standard, journal: true)
        var journal: [GameJournal.Entry] = []
        var t = 0.0
        // C turns on its turn and slaps every 0.9 s, right or wrong.
        while t < 90, g.phase != .roundOver {
            t += 0.05
            _ = g.advance(to: t)
            if g.active == "C" { _ = g.handle(.turnOver(player: "C"), at: t) }
            if Int((t * 20).rounded()) % 18 == 0 { _ = g.handle(.callSnap(player: "C"), at: t) }
            journal += g.journal
            g.emptyJournal()
        }
        let lines = journal.enumerated().map { (line: $0.offset + 1, entry: $0.element) }
        let verdicts = lines.filter { if case .verdict = $0.entry { true } else { false } }
        #expect(verdicts.contains { if case .verdict(_, "C", .wrong, _) = $0.entry { true } else { false } })
        #expect(try GameJournal.replay(lines) == verdicts.count)
        guard case .began(var b) = lines[0].entry else { Issue.record("no began entry"); return }
        #expect(b.kind == kind)
        b.kind = .snap
        var other = lines
        other[0].entry = .began(b)
        #expect(throws: GameJournal.Mismatch.self, "the same inputs played as Snap! decide otherwise") { try GameJournal.replay(other) }
    }

    /// Settings keep every game's rules; a game carries, judges and captions only its own.
    @Test func aGameKeepsOnlyItsOwnRules() throws {
        let all = HouseRules(colour: true, sandwich: false, marriage: true)
        #expect(all.only(for: .snap) == HouseRules(colour: true) && all.only(for: .slapjack).isStandard)
        let g = try SnapGame(players: [GamePlayer(id: "A", seat: 0), GamePlayer(id: "B", seat: 1)], seed: 1, kind: .snap,
                             house: HouseRules(sandwich: false), journal: true)
        #expect(g.house.isStandard)
        guard case .began(let b) = g.journal.first else { Issue.record("no began entry"); return }
        #expect(b.house == nil, "a Snap! journal as it always was")
        #expect(GameTable.caption(kind: .ratscrew, house: all, words: .english) == "Egyptian Ratscrew \u{00B7} No sandwiches \u{00B7} Slap marriages")
        #expect(GameTable.caption(kind: .snap, house: HouseRules(marriage: true), words: .english) == nil)
        #expect(GameTable.caption(kind: .slapjack, house: all, words: .english) == "Slapjack")
    }

    // MARK: 1,000 seeded rounds each

    /// 1,000 seeded rounds of 2, 3 and 4 computer players (levels in turn) per game: every card
    /// in one place, every turn the active player's, every challenge as written, every slap
    /// judged by the pile it was made on, every round won by whoever then holds all 52.
    @Test(arguments: [GameKind.slapjack, .ratscrew], 0..<5)
    func seededRoundsKeepEveryCardJudgeEverySlapAndEnd(kind: GameKind, chunk: Int) {
        var problems: [String] = []
        var unfinished: [String] = []
        var slaps = 0, wrong = 0, challenges = 0, taken = 0
        let levels: [BotLevel] = [.hard, .normal, .easy]
        for seed in UInt64(chunk * 200 + 1)...UInt64(chunk * 200 + 200) {
            let house = kind == .ratscrew && seed % 4 == 0 ? HouseRules(sandwich: seed % 8 != 0, slapBackIn: seed % 3 != 0, topAndBottom: true, marriage: true) : .standard
            var game = try! SnapGame(players: (0..<(2 + Int(seed % 3))).map { GamePlayer(id: "P\($0)", seat: $0) }, seed: seed,
                                     bots: levels[Int(seed % 3)], kind: kind, house: house)
            var before = game
            func note(_ s: String) { if problems.count < 5 { problems.append("\(kind.id) seed \(seed), t=\(before.time): \(s)") } }
            let outcome = SnapGameBench.playToEnd(&game, stepCap: 40_000) { g, events in
                if let p = g.audit().first { note(p) }
                let turned = events.filter { if case .turnedOver = $0.kind { true } else { false } }.count
                for e in events {
                    switch e.kind {
                    case let .turnedOver(p, f):
                        if turned == 1, before.active != p { note("\(p) played while it was \(before.active ?? "nobody")'s turn") }
                        if kind == .ratscrew, turned == 1, let n = Challenge.length(of: f.card) {
                            let next = before.nextHolder(after: before.players.firstIndex { $0.id == p }!).map { before.players[$0].id }
                            let expected = next.flatMap { $0 == p ? nil : Challenge(by: p, player: $0, left: n) }
                            if g.collecting == nil, g.phase == .playing, !events.contains(where: { if case .snapWon = $0.kind { true } else { false } }),
                               g.challenge != expected { note("\(f.card.code) by \(p) left \(String(describing: g.challenge)), not \(String(describing: expected))") }
                        }
                    case .challenge(let c):
                        challenges += 1
                        if !(1...4).contains(c.left) { note("a challenge of \(c.left)") }
                    case let .snapWon(p, n, _, _):
                        slaps += 1
                        if turned == 0, before.slapReason == nil || n != before.centre.count { note("\(p) took \(n) cards of \(before.centre.count) with nothing to slap") }
                    case let .wrongCall(p, _, _):
                        wrong += 1
                        if turned == 0, before.slapReason != nil { note("\(p)'s slap on \(before.slapReason!) was judged wrong") }
                    case let .pileTaken(p, _, _):
                        taken += 1
                        if g.phase == .playing, before.collecting != p { note("\(p) took the pile while \(before.collecting ?? "nobody") was collecting") }
                    default: break
                    }
                }
                before = g
            }
            switch outcome {
            case .won:
                if game.winner.flatMap({ game.player($0)?.cardCount }) != 52 || !game.centre.isEmpty { note("the winner does not hold 52") }
            case .stalled, .capped, .waiting: unfinished.append("\(seed) \(outcome)")
            }
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(unfinished.isEmpty, "rounds not won: seeds \(unfinished)")
        #expect(slaps > 0 && wrong > 0 && taken > 0)
        if kind == .ratscrew { #expect(challenges > 0) }
        print("\(kind.id), seeds \(chunk * 200 + 1)...\(chunk * 200 + 200): \(slaps) right slaps, \(wrong) wrong, \(challenges) challenges, \(taken) piles taken")
    }
}
