import Testing
@testable import SnapCore

@Suite("House rules: Snap! on rank and colour")
struct HouseRulesTests {
    static let colour = HouseRules(colour: true)

    @Test func namedRulesAreSetAndBadOnesSayWhatIsWrong() throws {
        var h = HouseRules.standard
        try h.set("colour=on")
        #expect(h == Self.colour && h.byName(for: .snap) == ["colour": true])
        try h.set("colour=off")
        #expect(h.isStandard)
        func problem(_ s: String) -> String {
            var x = HouseRules.standard
            do throws(HouseRuleError) { try x.set(s) } catch { return error.description }
            return "accepted"
        }
        #expect(problem("colour") == "rule \"colour\": expected NAME=on or NAME=off (rules: colour, sandwich, slap-back-in, top-and-bottom, marriage)")
        #expect(problem("colour=yes") == "rule \"colour\": \"yes\" is neither on nor off")
        #expect(problem("jokers=on") == "rule \"jokers\": no such house rule (rules: colour, sandwich, slap-back-in, top-and-bottom, marriage)")
        // A rule of another game is named as such (`--game snap --rule marriage=on`).
        var m = HouseRules.standard
        try m.set("marriage=on")
        #expect(throws: HouseRuleError.notForGame(rule: "marriage", game: "snap")) { try m.check(for: .snap) }
        #expect(HouseRuleError.notForGame(rule: "colour", game: "slapjack").description == "rule \"colour\": not a rule of slapjack (its rules: none)")
        try m.check(for: .ratscrew)
    }

    @Test func underTheColourRuleOnlyTheSameRankAndColourMatch() {
        #expect(HouseRules.standard.matches(card("7H"), card("7S")))
        #expect(!Self.colour.matches(card("7H"), card("7S")))
        #expect(Self.colour.matches(card("7H"), card("7D")))
        #expect(Self.colour.matches(card("7S"), card("7C")))
        #expect(!Self.colour.matches(card("7H"), card("8H")))
    }

    @Test func aCallOnRankAloneIsWrongUnderTheColourRule() throws {
        var g = try GameFixture.playing(["A", "B", "C"], house: Self.colour)
        g.arrange(["A": ("2S 3S", "7H"), "B": ("4S 5S", "7S"), "C": ("6S 8S", "KD")], rest: "C")
        #expect(!g.matchShowing && g.matchingRanks.isEmpty)
        let e = g.act(.callSnap(player: "A"), at: 5)
        #expect(e.kinds.contains { if case .wrongCall(player: "A", _, _) = $0 { true } else { false } })
        #expect(g.open("B") == cards("7S"), "B's seven stays: it is black")
        #expect(g.audit().isEmpty)

        // The same piles without the rule: a match, and A takes both sevens.
        var plain = try GameFixture.playing(["A", "B", "C"])
        plain.arrange(["A": ("2S 3S", "7H"), "B": ("4S 5S", "7S"), "C": ("6S 8S", "KD")], rest: "C")
        _ = plain.act(.callSnap(player: "A"), at: 5)
        #expect(plain.open("A").isEmpty && plain.open("B").isEmpty)
    }

    @Test func theCallerTakesOnlyThePilesOfTheMatchingColour() throws {
        var g = try GameFixture.playing(["A", "B", "C", "D"], house: Self.colour)
        // Three sevens: the two red ones match, the black one does not.
        g.arrange(["A": ("2S", "7H"), "B": ("4S", "7S"), "C": ("6S", "7D"), "D": ("8S", "KC")], rest: "D")
        #expect(g.matchingRanks == [.seven])
        let e = g.act(.callSnap(player: "B"), at: 5)
        #expect(e.kinds.contains { if case .snapWon(player: "B", cards: 2, from: ["C", "A"], _) = $0 { true } else { false } })
        #expect(g.open("A").isEmpty && g.open("C").isEmpty)
        #expect(g.open("B") == cards("7S"), "the black seven is not taken")
        #expect(g.audit().isEmpty)
    }

    @Test func theRulesTravelInTheJournalTheStateAndTheHostsState() throws {
        var g = try SnapGame(players: [GamePlayer(id: "A", seat: 0), GamePlayer(id: "B", seat: 1)], seed: 3, house: Self.colour, journal: true)
        guard case .began(let b) = g.journal.first else { Issue.record("no began entry"); return }
        #expect(b.house == Self.colour)
        _ = g.advance(to: 4)
        #expect(GameStateJSON(game: g).rules == ["colour": true])
        let s = NetGameState(game: g)
        #expect(s.kind == "snap" && s.rules == ["colour": true])
        #expect(try SnapGame(mirror: s).house == Self.colour)
        // A standard game's journal says nothing of rules: journals written before them read the same.
        let plain = try SnapGame(players: [GamePlayer(id: "A", seat: 0), GamePlayer(id: "B", seat: 1)], seed: 3, journal: true)
        guard case .began(let p) = plain.journal.first else { Issue.record("no began entry"); return }
        #expect(p.house == nil)
    }

    @Test func aClientRefusesAGameOrARuleItDoesNotKnow() throws {
        var g = try SnapGame(players: [GamePlayer(id: "A", seat: 0), GamePlayer(id: "B", seat: 1)], seed: 3)
        _ = g.advance(to: 4)
        var s = NetGameState(game: g)
        s.kind = "spit"
        #expect(throws: NetMessageError("state: the game \"spit\" is not one this version of SnapTable knows")) { try SnapGame(mirror: s) }
        s.kind = nil
        s.rules = ["jokers": true]
        #expect(throws: NetMessageError("state: the house rule \"jokers\" is not one this version of SnapTable knows")) { try SnapGame(mirror: s) }
        s.rules = ["jokers": false, "colour": true]
        #expect(try SnapGame(mirror: s).house == Self.colour, "a rule left off is no matter")
    }

    @Test func matchPairsForFairRacesFollowTheColourRule() throws {
        var g = try GameFixture.playing(["A", "B", "C"], house: Self.colour)
        g.arrange(["A": ("2S 3S", "7H"), "B": ("4S 5S", "7S"), "C": ("6S 8S", "7D")], rest: "C")
        #expect(NetGameState(game: g).matchPairs == ["A:7H|C:7D"])
    }

    @Test func settingsKeepTheRulesAndRejectUnknownOnes() throws {
        let s = try Settings.from(["rules": .object(["colour": .bool(true)])])
        #expect(s.rules == Self.colour)
        #expect(s.object["rules"] == .object(["colour": .bool(true), "sandwich": .bool(true), "slap-back-in": .bool(true), "top-and-bottom": .bool(false), "marriage": .bool(false)]))
        #expect(throws: SettingsError("\"rules\".jokers: no such house rule (rules: colour, sandwich, slap-back-in, top-and-bottom, marriage)")) {
            try Settings.from(["rules": .object(["jokers": .bool(true)])])
        }
        #expect(throws: SettingsError("\"rules\".colour must be true or false")) { try Settings.from(["rules": .object(["colour": .string("on")])]) }
    }

    @Test func aRecordOfAColourGameReplaysByItsRulesAndNotWithoutThem() throws {
        var g = try SnapGame(players: [GamePlayer(id: "A", seat: 0), GamePlayer(id: "B", seat: 1), GamePlayer(id: "C", seat: 2, control: .person)],
                             seed: 11, bots: .hard, house: Self.colour, journal: true)
        var journal: [GameJournal.Entry] = []
        var t = 0.0
        // C calls every 0.7 s: rightly on a red or black pair, wrongly on a rank alone.
        while t < 60 {
            t += 0.05
            _ = g.advance(to: t)
            if Int(t * 20) % 14 == 0 { _ = g.handle(.callSnap(player: "C"), at: t) }
            journal += g.journal
            g.emptyJournal()
        }
        let lines = journal.enumerated().map { (line: $0.offset + 1, entry: $0.element) }
        #expect(try GameJournal.replay(lines) > 10)
        guard case .began(var b) = lines[0].entry else { Issue.record("no began entry"); return }
        b.house = nil
        var plain = lines
        plain[0].entry = .began(b)
        #expect(throws: GameJournal.Mismatch.self, "the same inputs judged on rank alone decide otherwise") { try GameJournal.replay(plain) }
    }

    @Test func aClientTableSaysSoWhenTheHostPlaysAGameItDoesNotKnowAndKeepsLeave() throws {
        var c = try NetClientInputTests.dealtClient()
        let now = try #require(c.session.game?.rules?.clock)
        let shown = try #require(c.session.game?.rules)
        var state = NetGameState(game: shown)
        state.kind = "spit"
        _ = c.session.handle(.net(.update(events: [], state: state, offset: 0)), at: now + 1)
        let g = try #require(c.session.game)
        #expect(g.unknownGame == "the game \"spit\"")
        #expect(g.rules.map { NetGameState(game: $0).digest } == NetGameState(game: shown).digest,
                "the last game it knew stays as it was, not drawn wrong")
        let screen = g.screen(at: now + 1)
        #expect(screen.status == "A game this version does not know: Leave quits")
        #expect(screen.buttons.contains { $0.kind == .exit && $0.enabled })
    }
}
