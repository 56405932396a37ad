import Testing
@testable import SnapCore

@Suite("Snap! rules, one at a time")
struct GameRulesTests {
    @Test func dealsOneAtATimeClockwiseStartingAfterTheDealer() throws {
        var g = try GameFixture.people(["A", "B", "C"], dealer: "B")
        let events = g.advance(to: 0)
        let dealt = events.compactMap { if case let .dealt(f) = $0.kind { f } else { nil } }
        #expect(dealt.count == 52)
        #expect(dealt.prefix(4).map { $0.to } == [.closed("C"), .closed("A"), .closed("B"), .closed("C")])
        #expect(dealt[1].start - dealt[0].start == g.timing.dealInterval)
        #expect(dealt.allSatisfy { $0.from == .centre && $0.duration == g.timing.dealFlight })
        #expect(g.players.map(\.closed.count) == [17, 17, 18], "C, first after the dealer, gets the odd card")
        #expect(g.players.allSatisfy { $0.open.isEmpty })
        // The last card dealt is on top of its pile.
        #expect(g.closed("A").last == dealt.last { $0.to == .closed("A") }?.card)
        #expect(g.phase == .dealing && g.active == nil)
        #expect(g.audit().isEmpty)
        #expect(g.act(.turnOver(player: "C"), at: 1).rejections == ["no turns while dealing"])
        let started = g.advance(to: 3.5)
        #expect(started.kinds.contains(.playStarted(first: "C")))
        #expect(g.phase == .playing && g.active == "C")
        #expect(g.flights.isEmpty, "every dealt card has landed")
    }

    @Test func turningOverPassesTheTurnClockwiseAndSkipsPlayersOut() throws {
        var g = try GameFixture.playing(["A", "B", "C", "D"])
        // C has only an open 7; A turns nothing yet. B calls on the sevens: C's pile goes, C is out.
        g.arrange(["A": ("2S 3S", "7H"), "B": ("4S 5S", "9D"), "C": ("", "7S"), "D": ("6S 8S", "KD")], rest: "D")
        let call = g.act(.callSnap(player: "B"), at: 5)
        #expect(call.kinds.contains(.playerOut(player: "C")))
        #expect(g.active == "A")
        let e1 = g.act(.turnOver(player: "A"), at: 6)
        #expect(e1.kinds.contains(.turn(player: "B")))
        let e2 = g.act(.turnOver(player: "B"), at: 7)
        #expect(e2.kinds.contains(.turn(player: "D")), "C is out and is skipped")
        #expect(g.active == "D")
        #expect(g.act(.turnOver(player: "A"), at: 8).rejections == ["it is D's turn, not A's"])
        #expect(g.audit().isEmpty)
    }

    @Test func turnOverMovesTheTopClosedCardOntoTheOpenPile() throws {
        var g = try GameFixture.playing(["A", "B"])
        g.arrange(["A": ("2S 3S", "4H")], rest: "B")
        let e = g.act(.turnOver(player: "A"), at: 5)
        #expect(g.closed("A") == cards("2S"))
        #expect(g.open("A") == cards("4H 3S"))
        let flight = CardFlight(card: card("3S"), from: .closed("A"), to: .open("A"), start: 5, duration: 0.2, kind: .turn)
        #expect(e.kinds.contains(.turnedOver(player: "A", flight: flight)))
        #expect(g.place(of: card("3S"))! == (.open("A"), true), "flying until it lands")
        _ = g.advance(to: 5.3)
        #expect(g.place(of: card("3S"))! == (.open("A"), false))
    }

    @Test func anEmptyClosedPileIsRecycledWhenTheTurnComes() throws {
        var g = try GameFixture.playing(["A", "B"])
        g.arrange(["A": ("KH", "2S 3S 4S"), "B": ("5D 6D", "")], rest: "B")
        _ = g.act(.turnOver(player: "A"), at: 5)
        #expect(g.closed("A").isEmpty && g.open("A") == cards("2S 3S 4S KH"))
        let e = g.act(.turnOver(player: "B"), at: 6)
        // The open pile turned over: its bottom card, the first one played, is now the top.
        #expect(g.closed("A") == cards("KH 4S 3S 2S"))
        #expect(g.open("A").isEmpty)
        #expect(e.kinds.contains { if case .recycled(player: "A", let fs) = $0 { fs.count == 4 } else { false } })
        _ = g.act(.turnOver(player: "A"), at: 7)
        #expect(g.open("A") == cards("2S"))
        #expect(g.audit().isEmpty)
    }

    @Test func aPlayerWithNoCardsIsOut() throws {
        var g = try GameFixture.playing(["A", "B", "C"])
        g.arrange(["A": ("2S", "9H"), "B": ("", "9S"), "C": ("3S", "KD")], rest: "C")
        let e = g.act(.callSnap(player: "A"), at: 5)
        #expect(e.kinds.contains(.playerOut(player: "B")))
        #expect(g.player("B")!.out && g.player("B")!.cardCount == 0)
        #expect(g.phase == .playing, "two players still in")
        #expect(g.act(.callSnap(player: "B"), at: 6).rejections == ["B is out of this round"])
        let json = GameStateJSON(game: g)
        #expect(json.piles.map(\.out) == [false, true, false])
    }

    @Test func theFirstCallTakesEveryOpenPileWithTheMatchingRank() throws {
        var g = try GameFixture.playing(["A", "B", "C", "D"])
        g.arrange(["A": ("2S", "3H 5H"), "B": ("4S 6S", "8D 5S"), "C": ("7S", "9D"), "D": ("JS", "QS 5C")], rest: "C")
        let before = g.closed("B")
        let e = g.act(.callSnap(player: "B"), at: 5)
        // Clockwise from the caller: B's own pile, then D's, then A's, each face down under B's closed pile.
        #expect(e.kinds.contains { if case .snapWon(player: "B", cards: 6, from: ["B", "D", "A"], let fs) = $0 {
            fs.count == 6 && fs.allSatisfy { $0.to == .closed("B") && $0.kind == .snap }
        } else { false } })
        #expect(g.closed("B") == cards("5H 3H 5C QS 5S 8D") + before)
        #expect(g.open("A").isEmpty && g.open("B").isEmpty && g.open("D").isEmpty)
        #expect(g.open("C") == cards("9D"), "C's nine does not match")
        #expect(g.lastCall == SnapCall(player: "B", correct: true, late: false, cards: 6, time: 5))
        #expect(g.status.text() == "Snap! B takes 6 cards")
        #expect(g.audit().isEmpty)
    }

    @Test func aWrongCallPaysOneCardFromTheBottomToEachOtherPlayer() throws {
        var g = try GameFixture.playing(["A", "B", "C"])
        g.arrange(["A": ("2S 3S 4S", "9H"), "B": ("5S", "JD"), "C": ("6S", "KD")], rest: "C")
        let cBefore = g.closed("C")
        let e = g.act(.callSnap(player: "A"), at: 5)
        #expect(e.kinds.contains { if case .wrongCall(player: "A", let fs, short: false) = $0 {
            fs.map(\.to) == [.closed("B"), .closed("C")] && fs.allSatisfy { $0.kind == .penalty }
        } else { false } })
        #expect(g.closed("A") == cards("4S"))
        #expect(g.closed("B") == cards("2S 5S"), "paid under B's closed pile")
        #expect(g.closed("C") == [card("3S")] + cBefore)
        #expect(g.open("A") == cards("9H"))
        #expect(g.lastCall == SnapCall(player: "A", correct: false, late: false, cards: 2, time: 5))
        #expect(g.status.text() == "A called Snap! wrongly and pays 2")
    }

    @Test func aWrongCallWithoutEnoughCardsPaysWhatItHasAndIsOut() throws {
        var g = try GameFixture.playing(["A", "B", "C", "D"])
        // A has no closed cards: pays from the bottom of the open pile, B and C get one, D none.
        g.arrange(["A": ("", "3S 9H"), "B": ("5S", "JD"), "C": ("6S", "KD"), "D": ("7S", "2D")], rest: "D")
        #expect(g.active == "A")
        let e = g.act(.callSnap(player: "A"), at: 5)
        #expect(e.kinds.contains { if case .wrongCall(player: "A", let fs, short: true) = $0 { fs.count == 2 } else { false } })
        #expect(e.kinds.contains(.playerOut(player: "A")))
        #expect(g.closed("B") == cards("3S 5S") && g.closed("C") == cards("9H 6S"))
        #expect(g.player("A")!.out && g.active == "B", "the turn moves on from a player who is out")
        #expect(g.lastCall?.cards == 2)
        #expect(g.audit().isEmpty)
    }

    @Test func aCallAfterThePilesWereTakenIsLateAndCostsNothing() throws {
        var g = try GameFixture.playing(["A", "B", "C"])
        g.arrange(["A": ("2S", "9H"), "B": ("3S", "9S"), "C": ("4S", "KD")], rest: "C")
        let cBefore = g.closed("C")
        _ = g.handle(.callSnap(player: "B"), at: 5)
        let e = g.handle(.callSnap(player: "C"), at: 5.2) + g.advance(to: 6)
        #expect(g.lastCall == SnapCall(player: "C", correct: false, late: true, cards: 0, time: 5.2))
        #expect(e.kinds.contains(.lateCall(player: "C")))
        #expect(g.closed("C") == cBefore, "no penalty")
        #expect(g.status.text() == "Snap! B takes 2 cards", "the winner's line stays up; the late caller's seat says too late")
        // Long after, with no match, the same call is simply wrong.
        _ = g.act(.callSnap(player: "C"), at: 5 + g.timing.lateWindow + 0.5)
        #expect(g.lastCall?.late == false && g.lastCall?.correct == false && g.lastCall?.cards == 2)
    }

    @Test func theLastPlayerWithCardsWinsAndTheNextRoundDealsAgainWithANewDealer() throws {
        var g = try GameFixture.playing(["A", "B", "C"], dealer: "C")
        g.arrange(["A": ("2S", "9H"), "B": ("", "9S"), "C": ("", "9D")], rest: "A")
        let e = g.act(.callSnap(player: "A"), at: 5)
        #expect(e.kinds.contains(.roundWon(player: "A", gamesWon: 1)))
        #expect(g.phase == .roundOver && g.winner == "A" && g.active == nil)
        #expect(g.status.text() == "A wins the round")
        #expect(g.act(.turnOver(player: "A"), at: 7).rejections == ["no turns while roundOver"])
        #expect(g.act(.callSnap(player: "A"), at: 8).rejections == ["the round is over"])

        let next = g.act(.nextRound, at: 9)
        #expect(next.kinds.first == .roundStarted(round: 2, dealer: "A"), "the dealer moved one seat")
        #expect(g.round == 2 && g.phase == .dealing && g.winner == nil && g.lastCall == nil)
        #expect(g.players.allSatisfy { !$0.out })
        #expect(g.players.map(\.closed.count) == [17, 18, 17], "B, after the new dealer, gets the first card")
        #expect(g.players.map(\.gamesWon) == [1, 0, 0])
        _ = g.advance(to: 13)
        #expect(g.active == "B")
        #expect(g.act(.nextRound, at: 14).rejections == ["the round is not over (playing)"])
        #expect(g.audit().isEmpty)
    }

    @Test func pauseFreezesComputerPlayersTimersAndFlights() throws {
        var g = try SnapGameBench.botGame(players: 3, seed: 7)
        _ = g.advance(to: 1)
        _ = g.handle(.pause, at: 1)
        _ = g.advance(to: 1.1)
        #expect(g.isPaused)
        let frozen = g
        let during = g.advance(to: 100)
        #expect(during.isEmpty, "nothing happens while paused: \(during.prefix(3))")
        #expect(g.phase == .dealing, "the deal timer is frozen too")
        #expect(g.flights == frozen.flights && g.players == frozen.players)
        #expect(g.act(.turnOver(player: "P0"), at: 100).rejections == ["the game is paused"])
        _ = g.act(.resume, at: 101)
        // The deal had 3.36 - 1 s left when paused: it ends that long after the resume, not before.
        let d = 3.36 - 1
        _ = g.advance(to: 101 + d - 0.1)
        #expect(g.phase == .dealing)
        _ = g.advance(to: 101 + d + 0.1)
        #expect(g.phase == .playing)
        let turned = g.advance(to: 101 + d + 2)
        #expect(turned.kinds.contains { if case .turnedOver = $0 { true } else { false } }, "the bots play on after resume")
    }

    @Test func aSeatTakenByAPersonWaitsAndHandedBackPlaysAgain() throws {
        var g = try SnapGameBench.botGame(players: 2, seed: 3)
        _ = g.handle(.takeSeat(player: "P0"), at: 0)
        let quiet = g.advance(to: 30)
        #expect(g.active == "P0" && !quiet.kinds.contains { if case .turnedOver = $0 { true } else { false } })
        let back = g.act(.handBack(player: "P0"), at: 30) + g.advance(to: 32)
        #expect(back.kinds.contains(.seatHandedBack(player: "P0")))
        #expect(back.kinds.contains { if case .turnedOver(player: "P0", _) = $0 { true } else { false } })
    }

    @Test func inputsThatCannotApplySayWhyAndTheGameGoesOn() throws {
        var g = try GameFixture.playing(["A", "B"])
        #expect(g.act(.turnOver(player: "Zed"), at: 5).rejections == ["no player \"Zed\" in this game"])
        #expect(g.act(.resume, at: 5).rejections == ["not paused"])
        #expect(g.handle(.callSnap(player: "A"), at: .nan).rejections == ["time nan is not a finite number"])
        #expect(g.act(.turnOver(player: "A"), at: 6).rejections.isEmpty)
    }

    @Test func setupErrorsNameThePlayerAndField() {
        func error(_ players: [GamePlayer], dealer: String? = nil) -> String {
            do { _ = try SnapGame(players: players, dealer: dealer, seed: 1); return "no error" } catch { return "\(error)" }
        }
        #expect(error([GamePlayer(id: "A", seat: 0)]) == "players: Snap! needs 2 to 4 players, got 1")
        #expect(error([GamePlayer(id: "A", seat: 0), GamePlayer(id: "A", seat: 1)]) == "players: id \"A\" appears twice")
        #expect(error([GamePlayer(id: "A", seat: 0), GamePlayer(id: "B", seat: 4)]) == "player \"B\".seat: 4 is not in 0...3")
        #expect(error([GamePlayer(id: "A", seat: 1), GamePlayer(id: "B", seat: 1)]) == "player \"B\".seat: seat 1 is already \"A\"'s")
        #expect(error([GamePlayer(id: "", seat: 1), GamePlayer(id: "B", seat: 2)]) == "players[0].id: empty")
        #expect(error([GamePlayer(id: "A", seat: 0), GamePlayer(id: "B", seat: 2)], dealer: "C") == "dealer: no player \"C\"")
        var timing = GameTiming.standard
        timing.flip = -1
        #expect(throws: GameSetupError.timing(field: "flip")) {
            try SnapGame(players: [GamePlayer(id: "A", seat: 0), GamePlayer(id: "B", seat: 1)], seed: 1, timing: timing)
        }
    }

    @Test func seatsNeedNotBeNextToEachOtherAndOrderIsBySeat() throws {
        var g = try SnapGame(players: [GamePlayer(id: "X", seat: 3, control: .person), GamePlayer(id: "Y", seat: 1, control: .person)], seed: 2)
        #expect(g.players.map(\.id) == ["Y", "X"])
        _ = g.advance(to: 4)
        #expect(g.active == "Y", "the dealer is the last seat, so the first seat starts")
    }
}
