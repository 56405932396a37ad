import Foundation
import Testing
@testable import SnapCore

@Suite("NetHost: sign-in, judgement, reconnect, limits")
struct NetHostTests {
    /// A headless host with Ben, Cy and Dee signed in as clients 1, 2, 3 (Ann's seat a computer player's).
    static func threeJoined(bots: BotLevel = .normal) throws -> NetRig {
        var rig = try NetRig(bots: bots)
        for (c, n) in [(1, "Bea"), (2, "Col"), (3, "Dot")] { rig.join(c, n) }
        return rig
    }

    /// Runs until the host's game is playing; returns who has the turn.
    static func dealt(_ rig: inout NetRig) -> String {
        rig.send(1, .intent(NetIntent(.nextRound)))
        rig.run(for: 4.5)
        return rig.rules!.active!
    }

    // MARK: Sign-in

    @Test func clientsGetSeatsInOrderAndTheRosterWithAbsoluteSeats() throws {
        let rig = try Self.threeJoined()
        #expect(rig.welcome(1)?.player == "Ann" && rig.welcome(1)?.seat == 0)
        #expect(rig.welcome(2)?.player == "Ben" && rig.welcome(3)?.player == "Cy")
        let last = rig.inbox[3]!.compactMap { if case let .ready(p) = $0 { p } else { nil } }.last!
        #expect(last.map(\.name) == ["Bea", "Col", "Dot", "Dee"])
        #expect(last.map(\.kind) == [.remote, .remote, .remote, .computer])
        #expect(rig.host.game!.seats.map(\.control) == [.remote, .remote, .remote, .computer])
        #expect(rig.welcome(1)!.token != rig.welcome(2)!.token)
    }

    @Test func aWrongCodeGetsARefusalAndNothingElse() throws {
        var rig = try NetRig()
        let out = rig.join(1, "Ben", code: "NOPE")
        #expect(rig.inbox[1] == [.refusal(.wrongCode, message: #"wrong join code "NOPE""#)])
        #expect(out.close.map(\.connection) == [1])
        #expect(out.inputs.isEmpty && rig.net.signedIn.isEmpty)
    }

    @Test func badVersionsNamesAndFirstMessagesAreRefused() throws {
        var rig = try NetRig()
        rig.open(1)
        rig.send(1, .hello(protocolVersion: 2, code: "K7F2Q", name: "Ben", token: nil))
        #expect(rig.refusal(1) == .badVersion)
        rig.join(2, "   ")
        #expect(rig.refusal(2) == .badHello)
        rig.join(3, String(repeating: "x", count: 65))
        #expect(rig.refusal(3) == .badHello)
        rig.open(4)
        rig.send(4, .intent(NetIntent(.snap)))
        #expect(rig.refusal(4) == .badHello)
        rig.open(5)
        rig.event(.text(5, "garbage"))
        #expect(rig.refusal(5) == .badHello)
        #expect(rig.net.signedIn.isEmpty)
    }

    @Test func aFifthPlayerFindsTheTableFull() throws {
        var rig = try Self.threeJoined()
        rig.join(4, "Eve")
        #expect(rig.welcome(4)?.player == "Dee")
        rig.join(5, "Fay")
        #expect(rig.refusal(5) == .tableFull)
        // With a player at the hosting screen, the fourth client is the one too many.
        var hosted = try NetRig(headless: false)
        for c in 1...3 { hosted.join(c, "P\(c)") }
        hosted.join(4, "P4")
        #expect(hosted.refusal(4) == .tableFull)
        #expect(hosted.net.roster(of: hosted.host.game!).first?.kind == .host)
    }

    // MARK: Judgement of every intent

    @Test func turnOverOnlyOnYourTurn() throws {
        var rig = try Self.threeJoined(bots: .off)
        rig.send(1, .intent(NetIntent(.turnOver)))
        #expect(rig.errors(1).last == "no turns now (before the first deal)")
        let active = Self.dealt(&rig)
        let conn = ["Ann": 1, "Ben": 2, "Cy": 3][active]!
        let other = conn % 3 + 1
        let out = rig.send(other, .intent(NetIntent(.turnOver, id: 5)))
        #expect(out.inputs.isEmpty)
        #expect(rig.inbox[other]!.last == .error(intent: .turnOver, id: 5, reason: "it is \(rig.host.game!.name(of: active))'s turn, not yours"))
        let before = rig.rules!.player(active)!.open.count
        let ok = rig.send(conn, .intent(NetIntent(.turnOver)))
        #expect(ok.inputs == [.play(.turnOver(player: active))])
        rig.run(for: 0.2)
        #expect(rig.rules!.player(active)!.open.count == before + 1)
    }

    @Test func aClientCanNeverActForAnotherSeat() throws {
        var rig = try Self.threeJoined(bots: .off)
        let active = Self.dealt(&rig)
        let conn = ["Ann": 1, "Ben": 2, "Cy": 3][active]!
        let other = conn % 3 + 1
        let otherID = rig.welcome(other)!.player
        for kind in NetIntent.Kind.allCases {
            let out = rig.send(other, .intent(NetIntent(kind, player: active)))
            #expect(out.inputs.isEmpty, "\(kind)")
            #expect(rig.errors(other).last == "you play \(otherID), not \(active)")
        }
        #expect(rig.closed[other] == nil)
    }

    @Test func snapOnlyWhilePlayingAndWhileIn() throws {
        var rig = try Self.threeJoined(bots: .off)
        rig.send(2, .intent(NetIntent(.snap)))
        #expect(rig.errors(2).last == "no calls before the first deal")
        rig.send(1, .intent(NetIntent(.nextRound)))
        rig.run(for: 0.5)
        rig.send(2, .intent(NetIntent(.snap)))
        #expect(rig.errors(2).last == "the cards are still being dealt")
        rig.run(for: 4)
        let out = rig.send(2, .intent(NetIntent(.snap)))
        // A client that answers no pings is judged by arrival: nothing measured, nothing moved.
        #expect(out.inputs == [.net(.call(player: "Ben", FairCall(arrival: rig.now, roundTrip: 0, jitter: 0)))])
        // Every client hears of the call at once, before the verdict.
        let heard = rig.inbox[3]!.last
        guard case let .update(_, events, _)? = heard else { Issue.record("no update"); return }
        #expect(events.contains { $0.type == .call && $0.player == "Ben" })
        rig.run(for: 0.2)
        guard case let .update(_, verdict, _)? = rig.inbox[3]!.last else { Issue.record("no update"); return }
        #expect(verdict.contains { $0.type == .wrongCall && $0.player == "Ben" })
    }

    @Test func nextRoundOnlyAtTheStartOrAfterARound() throws {
        var rig = try Self.threeJoined(bots: .off)
        #expect(rig.send(3, .intent(NetIntent(.nextRound))).inputs.filter { if case .net(.links) = $0 { false } else { true } } == [.net(.deal)])
        rig.run(for: 4.5)
        #expect(rig.rules?.phase == .playing)
        rig.send(3, .intent(NetIntent(.nextRound)))
        #expect(rig.errors(3).last == "the round is not over (playing)")
    }

    @Test func pausedHostTakesNoMoves() throws {
        var rig = try NetRig(bots: .off, headless: false)
        rig.join(1, "Bea")
        _ = rig.host.handle(.key(.enter), at: rig.now)
        rig.run(for: 4.5)
        _ = rig.host.handle(.key(.escape), at: rig.now)
        rig.send(1, .intent(NetIntent(.snap)))
        #expect(rig.errors(1).last == "the game is paused")
    }

    @Test func leaveHandsTheSeatToAComputerForGood() throws {
        var rig = try Self.threeJoined()
        let token = rig.welcome(2)!.token
        rig.send(2, .intent(NetIntent(.leave)))
        #expect(rig.closed[2] != nil)
        #expect(rig.host.game!.seat(of: "Ben")?.control == .computer)
        rig.join(9, "Ben again", token: token)
        #expect(rig.refusal(9) == .unknownToken)
        rig.join(10, "Newcomer")
        #expect(rig.welcome(10)?.player == "Ben")
    }

    // MARK: Reconnect

    @Test func aDroppedPlayerGetsTheSeatBackCardsAndAll() throws {
        var rig = try Self.threeJoined(bots: .hard)
        _ = Self.dealt(&rig)
        rig.run(for: 2)
        let token = rig.welcome(2)!.token
        rig.event(.closed(2))
        #expect(rig.host.game!.seat(of: "Ben")?.control == .computer)
        rig.run(for: 0.1)
        #expect(rig.rules!.player("Ben")?.control == .bot)
        #expect(rig.net.roster(of: rig.host.game!)[1].kind == .away)
        rig.run(for: 30)
        // Nobody else can take the seat meanwhile.
        rig.join(7, "Eve")
        #expect(rig.welcome(7)?.player == "Dee")
        rig.join(8, "Fay")
        #expect(rig.refusal(8) == .tableFull)
        let cards = rig.rules!.player("Ben")!.cardCount
        rig.join(11, "Col", token: token)
        #expect(rig.welcome(11)?.player == "Ben" && rig.welcome(11)?.token == token)
        #expect(rig.rules!.player("Ben")!.cardCount == cards)
        rig.run(for: 0.1)
        #expect(rig.rules!.player("Ben")?.control == .person)
        #expect(rig.host.game!.seat(of: "Ben")?.control == .remote)
        // The returning client gets the roster and the whole game at once.
        #expect(rig.inbox[11]!.contains { if case .ready = $0 { true } else { false } })
        #expect(rig.inbox[11]!.contains { if case .update(_, _, let s?) = $0 { s.cardsConserved } else { false } })
    }

    @Test func afterTwoMinutesTheTokenIsGone() throws {
        var rig = try Self.threeJoined()
        _ = Self.dealt(&rig)
        let token = rig.welcome(3)!.token
        rig.event(.closed(3))
        NetHostBusyTests.run(&rig, for: 110, alive: [1, 2])
        #expect(rig.net.awaySeats.map(\.player) == ["Cy"])
        NetHostBusyTests.run(&rig, for: 11, alive: [1, 2])
        #expect(rig.net.awaySeats.isEmpty)
        rig.join(12, "Dot", token: token)
        #expect(rig.refusal(12) == .unknownToken)
        rig.join(13, "Someone")
        #expect(rig.welcome(13)?.player == "Cy")
    }

    @Test func aNewConnectionWithTheTokenReplacesAHalfOpenOne() throws {
        var rig = try Self.threeJoined()
        let token = rig.welcome(1)!.token
        rig.join(20, "Bea", token: token)
        #expect(rig.welcome(20)?.player == "Ann")
        #expect(rig.closed[1] != nil)
        #expect(rig.net.connection(of: "Ann") == 20)
        rig.event(.closed(1))
        #expect(rig.host.game!.seat(of: "Ann")?.control == .remote)
    }

    // MARK: Limits

    @Test func anOversizeFrameClosesTheConnection() throws {
        var rig = try Self.threeJoined()
        let big = #"{"type":"intent","intent":"snap","player":""# + String(repeating: "x", count: 16 * 1024) + #""}"#
        let out = rig.event(.text(2, big))
        #expect(out.close.map(\.connection) == [2])
        #expect(rig.host.game!.seat(of: "Ben")?.control == .computer)
        let ok = #"{"type":"pong","ping":1,"pad":""# + String(repeating: "x", count: 16 * 1024 - 40) + #""}"#
        #expect(ok.utf8.count <= 16 * 1024)
        #expect(rig.event(.text(3, ok)).close.isEmpty)
        #expect(rig.event(.binary(1, bytes: 17_000)).close.map(\.connection) == [1])
    }

    @Test func aFloodIsDroppedAndTheOthersPlayOn() throws {
        var rig = try Self.threeJoined()
        rig.now += 1.1
        var closedAt: Int?
        for i in 1...60 {
            rig.now += 0.01
            if !rig.event(.text(2, NetClientMessage.pong(i).text())).close.isEmpty { closedAt = i; break }
        }
        #expect(closedAt == 51)
        #expect(rig.host.game!.seat(of: "Ben")?.control == .computer)
        // 50 a second, spread out, is fine.
        for i in 1...200 {
            rig.now += 0.021
            #expect(rig.event(.text(3, NetClientMessage.pong(i).text())).close.isEmpty)
        }
    }

    @Test func aSilentClientIsDroppedAfterTenSeconds() throws {
        var rig = try Self.threeJoined()
        for _ in 0..<24 {
            rig.run(for: 0.5)
            rig.send(1, .pong(0))
            rig.send(3, .pong(0))
        }
        #expect(rig.closed[2] != nil && rig.closed[1] == nil && rig.closed[3] == nil)
        #expect(rig.host.game!.seat(of: "Ben")?.control == .computer)
        let pings = rig.inbox[1]!.filter { if case .ping = $0 { true } else { false } }
        #expect(pings.count >= 5)
    }

    @Test func aConnectionThatNeverSaysHelloIsClosed() throws {
        var rig = try NetRig()
        rig.open(1)
        rig.run(for: 11, step: 0.5)
        #expect(rig.refusal(1) == .badHello)
        #expect(rig.net.connectionCount == 0)
    }

    @Test func controllersAtTheHostAndClientsNeverShareASeat() throws {
        var rig = try NetRig(bots: .normal, headless: false)
        // A controller at the host takes Ben's seat: the first client gets Cy's.
        _ = rig.host.handle(.pad(.add(id: 1, profile: .gamepad)), at: 0)
        _ = rig.host.handle(.pad(.button(id: 1, .a, down: true)), at: 0.1)
        #expect(rig.host.game!.seat(of: "Ben")?.control == .pad(1))
        rig.join(1, "Col")
        #expect(rig.welcome(1)?.player == "Cy")
        // Col drops out: a second controller does not take the seat kept for Col.
        rig.event(.closed(1))
        _ = rig.host.handle(.pad(.add(id: 2, profile: .gamepad)), at: rig.now)
        _ = rig.host.handle(.pad(.button(id: 2, .a, down: true)), at: rig.now)
        #expect(rig.host.game!.seat(of: "Dee")?.control == .pad(2))
        #expect(rig.host.game!.seat(of: "Cy")?.control == .computer)
    }

    @Test func landingCardsSendNoUpdates() throws {
        var rig = try Self.threeJoined(bots: .off)
        let before = rig.inbox[1]!.count
        rig.send(1, .intent(NetIntent(.nextRound)))
        rig.run(for: 4.5)
        let updates = rig.inbox[1]!.dropFirst(before).filter { if case .update = $0 { true } else { false } }
        // The deal and the first turn; not one per landed card.
        #expect((1...4).contains(updates.count), "\(updates.count) updates")
        #expect(rig.rules!.phase == .playing)
    }

    @Test func idleConnectionsGoAfterTheHelloTimeout() throws {
        var rig = try NetRig()
        for c in 1...16 { rig.open(c) }
        #expect(rig.net.connectionCount == 16)
        rig.run(for: 11, step: 0.5)
        #expect(rig.net.connectionCount == 0)
        #expect((1...16).allSatisfy { rig.refusal($0) == .badHello })
        rig.join(18, "Bea")
        #expect(rig.welcome(18)?.player == "Ann")
    }

    @Test func garbageAfterHelloGetsAnErrorNotAClose() throws {
        var rig = try Self.threeJoined()
        rig.event(.text(1, "{not json"))
        rig.event(.text(1, #"{"type":"hello","protocol":1,"code":"K7F2Q","name":"x"}"#))
        rig.event(.binary(1, bytes: 10))
        #expect(rig.errors(1) == ["message not understood: not a JSON object", "already signed in: hello is only the first message",
                                  "binary frames are not part of the protocol: send JSON text"])
        #expect(rig.closed[1] == nil)
    }

    @Test func theHostSaysGoodbye() throws {
        var rig = try Self.threeJoined()
        let out = rig.net.farewell()
        #expect(out.send.map(\.message) == Array(repeating: .hostLeaving, count: 3))
        #expect(Set(out.close.map(\.connection)) == [1, 2, 3])
        rig.carry(out)
        var client = try NetClientRig(me: "Ann", roster: NetClientViewTests.roster)
        client.absorb(rig.inbox[1]!, at: rig.now)
        #expect(client.session.game!.hostGone != nil)
        #expect(client.session.game!.status == "The host went away: Leave quits")
        // Back after a drop: the table plays on.
        _ = client.session.handle(.net(.reconnected), at: rig.now)
        #expect(client.session.game!.hostGone == nil)
        _ = client.session.handle(.net(.hostGone("gone again")), at: rig.now)
        // Leave still asks, then quits.
        let effects = client.session.clickButton(.exit, at: rig.now + 1) + client.session.clickButton(.confirmLeave, at: rig.now + 2)
        #expect(effects.contains(.quit))
    }
}
