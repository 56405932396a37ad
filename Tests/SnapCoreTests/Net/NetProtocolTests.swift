import Foundation
import Testing
@testable import SnapCore

@Suite("Network protocol v1: messages as JSON")
struct NetProtocolTests {
    @Test func clientMessagesRoundTrip() throws {
        let all: [NetClientMessage] = [
            .hello(protocolVersion: 1, code: "K7F2Q", name: "Ben", token: nil),
            .hello(protocolVersion: 1, code: "K7F2Q", name: "Ben", token: "abc"),
            .intent(NetIntent(.turnOver)), .intent(NetIntent(.snap, player: "Ben", id: 3)),
            .intent(NetIntent(.nextRound)), .intent(NetIntent(.leave)), .pong(4),
        ]
        for m in all { #expect(try NetClientMessage.decode(m.text()) == m) }
        #expect(NetClientMessage.hello(protocolVersion: 1, code: "C", name: "N", token: nil).text()
            == #"{"code":"C","name":"N","protocol":1,"type":"hello"}"#)
        #expect(NetClientMessage.intent(NetIntent(.snap)).text() == #"{"intent":"snap","type":"intent"}"#)
    }

    @Test func serverMessagesRoundTrip() throws {
        var rig = try NetRig()
        rig.run(for: 0.1)
        _ = rig.host.handle(.net(.deal), at: rig.now)
        rig.run(for: 4)
        let state = NetGameState(game: rig.rules!)
        let all: [NetServerMessage] = [
            .welcome(playerID: "Ben", token: "t", seat: 1), .refusal(.tableFull, message: "full"), .refusal(.busy, message: "try again"),
            .ready(players: [NetPlayer(id: "Ann", name: "Ann", seat: 0, kind: .host)]),
            .update(seq: 3, events: [NetEvent(.snapWon, time: 2.5, player: "Ann", from: ["Ben"], count: 6)], state: state),
            .update(seq: 1, events: [], state: nil),
            .error(intent: .turnOver, id: 2, reason: "no"), .error(intent: nil, id: nil, reason: "no"), .hostLeaving, .ping(9),
        ]
        for m in all { #expect(try NetServerMessage.decode(m.text()) == m) }
        #expect(state.cardsConserved)
    }

    @Test func badFramesSayWhatWasWrong() {
        func why(_ text: String) -> String {
            do { _ = try NetClientMessage.decode(text); return "decoded" } catch { return error.description }
        }
        #expect(why("hello") == "not a JSON object")
        #expect(why(#"{"type":"hello","protocol":1,"name":"Ben"}"#) == #"missing field "code""#)
        #expect(why(#"{"type":"hello","protocol":"1","code":"K","name":"Ben"}"#) == #"field "protocol" has the wrong type"#)
        #expect(why(#"{"type":"intent","intent":"cheat"}"#).contains(#"unknown intent "cheat""#))
        #expect(why(#"{"type":"shout"}"#).contains(#"unknown message type "shout""#))
        #expect(why("[1,2]") != "decoded")
    }

    @Test func mirrorGameIsTheHostsGame() throws {
        var rig = try NetRig()
        _ = rig.host.handle(.net(.deal), at: 0.1)
        rig.run(for: 6)
        let s = NetGameState(game: rig.rules!)
        let copy = try SnapGame(mirror: s)
        #expect(NetGameState(game: copy) == s)
        #expect(NetGameState(game: try SnapGame(mirror: s.shifted(by: 10))).digest == s.digest)
        var bad = s
        bad.players[0].closed[0] = "ZZ"
        #expect(throws: NetMessageError.self) { try SnapGame(mirror: bad) }
    }
}
