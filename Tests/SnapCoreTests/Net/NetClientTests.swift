import Testing
@testable import SnapCore

@Suite("A client after the welcome: updates, the host leaving, dialling back")
struct NetClientTests {
    static func state(clock: Double) throws -> NetGameState {
        var g = try SnapGame(players: [GamePlayer(id: "Ann", seat: 0, control: .person, gamesWon: 0),
                                       GamePlayer(id: "Ben", seat: 1, control: .person, gamesWon: 0)], seed: 1, start: clock)
        _ = g.advance(to: clock)
        return NetGameState(game: g)
    }

    @Test func theFirstStateSetsTheOffsetToTheHostsClockAndLaterOnesKeepIt() throws {
        var c = NetClient(me: "Ben", menuHome: false)
        let first = c.hear(.message(.update(seq: 1, events: [], state: try Self.state(clock: 2))), at: 10)
        #expect(c.offset == 8)
        #expect(c.firstState == 10)
        #expect(first.last == .updated(seq: 1))
        let second = c.hear(.message(.update(seq: 2, events: [], state: try Self.state(clock: 3))), at: 12)
        #expect(c.offset == 8, "the offset is taken once")
        guard case .table(.update(_, _, let offset)) = second.first else { Issue.record("no update for the table"); return }
        #expect(offset == 8)
    }

    @Test func aGapInTheUpdatesIsLogged() {
        var c = NetClient(me: "Ben", menuHome: false)
        _ = c.hear(.message(.update(seq: 1, events: [], state: nil)), at: 1)
        let out = c.hear(.message(.update(seq: 4, events: [], state: nil)), at: 2)
        #expect(out.contains(.log(.warning, "update 4 after 1: updates were lost")))
        #expect(!c.hear(.message(.update(seq: 5, events: [], state: nil)), at: 3).contains { if case .log = $0 { true } else { false } })
    }

    @Test func aPingIsAnsweredAndAnErrorReachesTheTable() {
        var c = NetClient(me: "Ben", menuHome: false)
        #expect(c.hear(.message(.ping(7, time: 40)), at: 1) == [.pong(7, received: 1, drawLag: nil)])
        #expect(c.hear(.message(.error(intent: .snap, id: 3, reason: "not now")), at: 1) == [.table(.refused("not now"))])
    }

    @Test func aDroppedConnectionIsSaidAtOnceAndDialledBackWithGrowingPauses() {
        var c = NetClient(me: "Ben", menuHome: false)
        #expect(c.hear(.closed("reset"), at: 10) == [.table(.hostGone("reset"))])
        #expect(!c.connected)
        #expect(c.nextDue == 11)
        #expect(c.tick(at: 10.5).isEmpty)
        #expect(c.tick(at: 11) == [.redial])
        #expect(c.nextDue == 13, "2 s after the first try")
        #expect(c.tick(at: 13) == [.redial])
        #expect(c.nextDue == 17)
        #expect(c.tick(at: 17) == [.redial])
        #expect(c.nextDue == 22, "the pause stops growing at 5 s")
        #expect(c.hear(.closed("refused"), at: 18).isEmpty, "a try that fails is quiet")
        let back = c.hear(.message(.welcome(playerID: "Ben", token: "t", seat: 1)), at: 19)
        #expect(back == [.log(.notice, "back at the table after 3 tries"), .table(.reconnected)])
        #expect(c.connected)
        #expect(c.nextDue == nil)
    }

    @Test func aWelcomeForSomeoneElseOrWhileConnectedChangesNothing() {
        var c = NetClient(me: "Ben", menuHome: false)
        #expect(c.hear(.message(.welcome(playerID: "Ben", token: "t", seat: 1)), at: 1).isEmpty)
        _ = c.hear(.closed("reset"), at: 2)
        #expect(c.hear(.message(.welcome(playerID: "Cy", token: "t", seat: 2)), at: 3).isEmpty)
        #expect(!c.connected)
    }

    @Test func afterTheGraceTheClientGivesUpAndFromTheMenuGoesBackToIt() {
        var here = NetClient(me: "Ben", menuHome: false)
        var menu = NetClient(me: "Ben", menuHome: true)
        for c in [0, 1] {
            var client = c == 0 ? here : menu
            _ = client.hear(.closed("reset"), at: 0)
            #expect(client.hear(.closed("refused"), at: NetClient.reconnectSeconds - 1).isEmpty)
            let out = client.hear(.closed("refused"), at: NetClient.reconnectSeconds)
            #expect(out.first == .log(.warning, "gave up reconnecting after 0 tries"))
            #expect(out.contains(.backToMenu(.lost("refused"))) == (c == 1))
            #expect(client.gone && client.nextDue == nil)
            #expect(client.hear(.closed("again"), at: 200).isEmpty, "once gone, nothing more")
            if c == 0 { here = client } else { menu = client }
        }
    }

    @Test func theHostLeavingEndsTriesAndTellsTheTableOrTheMenu() {
        var here = NetClient(me: "Ben", menuHome: false)
        _ = here.hear(.closed("reset"), at: 0)
        #expect(here.hear(.message(.hostLeaving), at: 1) == [.table(.hostGone("it closed the game"))])
        #expect(here.gone && here.nextDue == nil)
        #expect(here.hear(.closed("bye"), at: 2).isEmpty)
        var menu = NetClient(me: "Ben", menuHome: true)
        #expect(menu.hear(.message(.hostLeaving), at: 1) == [.backToMenu(.hostLeft)])
        #expect(Parting.lost("refused").text(.english) == "Lost the host: refused")
    }

    @Test func aRefusalWhileDiallingBackEndsTheTriesButBusyDoesNot() {
        var c = NetClient(me: "Ben", menuHome: false)
        _ = c.hear(.closed("reset"), at: 0)
        #expect(c.hear(.message(.refusal(.busy, message: "full")), at: 1) == [.log(.notice, "the host is busy: full")])
        #expect(c.nextDue != nil)
        #expect(c.hear(.message(.refusal(.unknownToken, message: "who?")), at: 2) == [.log(.warning, "the host did not take us back: who?")])
        #expect(c.gone && c.nextDue == nil)
    }
}
