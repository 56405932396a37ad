import Testing
@testable import SnapCore

@Suite("Who called first is decided by the input's time")
struct GameFairnessTests {
    func matchOnTheTable() throws -> SnapGame {
        var g = try GameFixture.playing(["A", "B", "C"])
        g.arrange(["A": ("2S", "9H"), "B": ("3S", "9S"), "C": ("4S", "KD")], rest: "C")
        return g
    }

    @Test(arguments: [true, false])
    func theEarlierOfTwoCallsOneMillisecondApartWins(earlierArrivesFirst: Bool) throws {
        var g = try matchOnTheTable()
        let early = (GameInput.callSnap(player: "C"), 5.000)
        let late = (GameInput.callSnap(player: "B"), 5.001)
        let arrivals = earlierArrivesFirst ? [early, late] : [late, early]
        var events: [GameEvent] = []
        for (input, t) in arrivals { events += g.handle(input, at: t) }
        events += g.advance(to: 5.2)
        #expect(events.kinds.contains { if case .snapWon(player: "C", cards: 2, _, _) = $0 { true } else { false } })
        #expect(events.kinds.contains(.lateCall(player: "B")))
        #expect(g.open("A").isEmpty && g.open("B").isEmpty)
    }

    @Test func aComputerPlayersCallIsHeldToo() throws {
        // B is a computer player that will call; a person's call stamped before it wins even when
        // it arrives after the computer's call time has passed on the clock (within the window).
        var g = try SnapGame(players: [GamePlayer(id: "A", seat: 0, control: .person), GamePlayer(id: "B", seat: 1, control: .bot)],
                             seed: 5, bots: .hard)
        _ = g.advance(to: 4)
        // A turns over a nine onto B's nine: B schedules its call.
        g.arrange(["A": ("9H", "2S"), "B": ("3S 4S", "9S")], rest: "B")
        var events = g.act(.turnOver(player: "A"), at: 5)
        let botCall = g.agenda.entries.first { if case .botCall(player: "B", _) = $0.item { true } else { false } }
        let tBot = try #require(botCall?.time)
        // The clock is already 10 ms past B's call when A's call, stamped 1 ms before B's, arrives.
        events += g.advance(to: tBot + 0.01)
        events += g.handle(.callSnap(player: "A"), at: tBot - 0.001) + g.advance(to: tBot + 0.2)
        #expect(events.kinds.contains { if case .snapWon(player: "A", _, _, _) = $0 { true } else { false } })
        #expect(events.kinds.contains(.lateCall(player: "B")))
    }

    @Test func aCallArrivingAfterTheWindowCannotGoBeforeWhatWasApplied() throws {
        var g = try matchOnTheTable()
        _ = g.handle(.callSnap(player: "B"), at: 5.000)
        _ = g.advance(to: 5.5)
        #expect(g.lastCall?.player == "B" && g.lastCall?.correct == true)
        // Stamped earlier, but it comes half a second late: it is applied now, after B's.
        let e = g.handle(.callSnap(player: "C"), at: 4.9)
        #expect(e.kinds.contains(.lateCall(player: "C")))
        #expect(g.lastCall == SnapCall(player: "C", correct: false, late: true, cards: 0, time: 5.5 - g.timing.arbitrationWindow))
    }

    @Test func theSameSeedAndInputsGiveTheSameGame() throws {
        func play(seed: UInt64) throws -> (SnapGame, [GameEvent]) {
            var g = try SnapGameBench.botGame(players: 4, seed: seed, bots: .easy)
            var events = g.handle(.takeSeat(player: "P2"), at: 0.5)
            var t = 0.0
            while t < 120 {
                t += 0.1
                if Int(t * 10) % 7 == 0, g.active == "P2" { events += g.handle(.turnOver(player: "P2"), at: t - 0.01) }
                if Int(t * 10) % 53 == 0 { events += g.handle(.callSnap(player: "P2"), at: t) }
                events += g.advance(to: t)
            }
            return (g, events)
        }
        let (a, ea) = try play(seed: 11)
        let (b, eb) = try play(seed: 11)
        #expect(a == b)
        #expect(ea == eb)
        #expect(try GameStateJSON(game: a).jsonData() == GameStateJSON(game: b).jsonData())
        let (c, _) = try play(seed: 12)
        #expect(c.players != a.players, "another seed deals another game")
    }
}
