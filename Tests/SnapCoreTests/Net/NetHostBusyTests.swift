import Foundation
import Testing
@testable import SnapCore

/// Connections that never sign in keep nobody out; seats of players who vanished come back.
@Suite("NetHost: room for players under a flood, away seats")
struct NetHostBusyTests {
    static func hello(_ name: String) -> NetClientMessage {
        .hello(protocolVersion: NetProtocol.version, code: "K7F2Q", name: name, token: nil)
    }

    /// The connections that have not signed in, by address.
    static func pendingPerPeer(_ net: NetHost) -> [String: Int] {
        var n: [String: Int] = [:]
        for l in net.links.byConnection.values where l.player == nil { n[l.peer, default: 0] += 1 }
        return n
    }

    @Test(arguments: [16, 100])
    func aPlayerWithTheCodeGetsInWhileSilentConnectionsChurn(attackers: Int) throws {
        // Attackers on one address, on one address each, and on the player's own address.
        let layouts: [(String, (Int) -> String)] = [
            ("one address", { _ in "10.0.0.2" }),
            ("one per address", { "10.1.\($0 / 250).\($0 % 250 + 1)" }),
            ("the player's own address", { _ in "10.0.0.9" }),
        ]
        for (layout, address) in layouts {
            var rig = try NetRig()
            var next = 1
            // Every attacker holds a connection, and opens another as soon as one is closed.
            var held: [Int: Int] = [:]
            for a in 0..<attackers {
                held[next] = a
                rig.open(next, from: address(a))
                next += 1
            }
            for round in 0..<8 {
                for _ in 0..<3 {
                    let closed = held.keys.filter { rig.closed[$0] != nil }.sorted()
                    for c in closed {
                        let a = held.removeValue(forKey: c)!
                        held[next] = a
                        rig.open(next, from: address(a))
                        next += 1
                    }
                    rig.now += 0.01
                }
                let player = next
                next += 1
                rig.join(player, "P\(round)", from: "10.0.0.9")
                #expect(rig.welcome(player) != nil, "\(attackers) attackers, \(layout), join \(round): \(rig.inbox[player] ?? [])")
                rig.send(player, .intent(NetIntent(.leave)))
                #expect(rig.net.pendingCount <= NetLimits.standard.maxPending)
                #expect(rig.net.connectionCount <= NetLimits.standard.maxConnections)
                #expect(Self.pendingPerPeer(rig.net).values.allSatisfy { $0 <= NetLimits.standard.maxPendingPerAddress })
            }
            // Those closed for room heard why.
            let evicted = rig.closed.keys.filter { held[$0] == nil && rig.refusal($0) == .busy }
            #expect(attackers <= 16 || !evicted.isEmpty, "\(layout)")
        }
    }

    @Test func anAddressKeepsOnlyItsNewestConnectionsThatHaveNotSignedIn() throws {
        var rig = try NetRig()
        for c in 1...10 {
            rig.open(c, from: "10.0.0.7")
            rig.now += 0.1
        }
        #expect(rig.net.pendingCount == 4)
        #expect((1...6).allSatisfy { rig.refusal($0) == .busy && rig.closed[$0] != nil })
        #expect((7...10).allSatisfy { rig.closed[$0] == nil })
        guard case let .refusal(_, message)? = rig.inbox[1]?.first else { Issue.record("no refusal"); return }
        #expect(message == "the host is busy (4 connections from 10.0.0.7 have not signed in): try again")
        // The newest can still sign in.
        rig.send(10, Self.hello("Bea"))
        #expect(rig.welcome(10)?.player == "Ann")
        // Signed in, it no longer counts: one more from the same address closes nobody.
        rig.open(11, from: "10.0.0.7")
        #expect(rig.closed.keys.filter { $0 > 6 }.isEmpty)
        rig.open(12, from: "10.0.0.7")
        #expect(rig.closed.keys.filter { $0 > 6 } == [7])
    }

    @Test func theTotalBoundClosesTheOldestOfTheBusiestAddress() throws {
        var rig = try NetRig()
        var c = 0
        // 4 each from three addresses, 3 from a fourth, 1 from a fifth: 16.
        for (peer, n) in [("10.0.0.2", 4), ("10.0.0.3", 4), ("10.0.0.4", 4), ("10.0.0.5", 3), ("10.0.0.6", 1)] {
            for _ in 0..<n {
                c += 1
                rig.open(c, from: peer)
                rig.now += 0.1
            }
        }
        #expect(rig.net.pendingCount == 16 && rig.closed.isEmpty)
        // A newcomer from a sixth address: the oldest of the addresses holding 4 goes (10.0.0.2's first).
        rig.open(17, from: "10.0.0.9")
        #expect(rig.closed.keys.sorted() == [1])
        #expect(rig.refusal(1) == .busy)
        // The lone ones (10.0.0.6, 10.0.0.9) go only once every address is down to one.
        for k in 0..<10 {
            rig.open(18 + k, from: "10.0.1.\(k)")
            rig.now += 0.01
        }
        #expect(rig.closed[16] == nil && rig.closed[17] == nil)
        #expect(rig.net.pendingCount == 16)
    }

    @Test func signedInPlayersAreNeverClosedForRoom() throws {
        var limits = NetLimits.standard
        limits.maxConnections = 5
        var rig = try NetRig(limits: limits)
        for c in 1...3 { rig.join(c, "P\(c)") }
        for c in 4...20 { rig.open(c, from: "10.0.0.\(c)") }
        #expect((1...3).allSatisfy { rig.closed[$0] == nil && rig.welcome($0) != nil })
        #expect(rig.net.connectionCount == 5 && rig.net.pendingCount == 2)
        // The newest that has not signed in still can: a fourth player.
        rig.send(20, Self.hello("P4"))
        #expect(rig.welcome(20)?.player == "Dee")
        // With every socket a player's, a newcomer is told the host is busy, not closed bare.
        limits.maxConnections = 3
        var small = try NetRig(limits: limits)
        for c in 1...3 { small.join(c, "P\(c)") }
        let out = small.open(4)
        #expect(out.close.map(\.connection) == [4])
        #expect(small.refusal(4) == .busy)
        #expect(small.net.connectionCount == 3)
    }

    @Test func aHelloFromAConnectionClosedForRoomIsIgnoredAndARetryGetsIn() throws {
        var rig = try NetRig()
        rig.open(1, from: "10.0.0.7")
        for c in 2...5 { rig.open(c, from: "10.0.0.7") }
        #expect(rig.refusal(1) == .busy)
        let out = rig.send(1, Self.hello("Bea"))
        #expect(out.send.isEmpty && rig.welcome(1) == nil)
        rig.join(6, "Bea", from: "10.0.0.7")
        #expect(rig.welcome(6)?.player == "Ann")
    }

    // MARK: Away seats

    /// Time passes; the clients on `alive` answer the pings.
    static func run(_ rig: inout NetRig, for d: Double, alive: [Int]) {
        let end = rig.now + d
        while rig.now < end {
            rig.run(for: 0.5)
            for c in alive { rig.send(c, .pong(0)) }
        }
    }

    @Test func beforeTheFirstDealADroppedSeatIsFreeSoon() throws {
        var rig = try NetHostTests.threeJoined()
        let token = rig.welcome(2)!.token
        rig.event(.closed(2))
        #expect(rig.net.awaySeats.map(\.player) == ["Ben"])
        Self.run(&rig, for: NetLimits.standard.lobbyGrace - 1, alive: [1, 3])
        rig.join(9, "Fay")
        #expect(rig.welcome(9)?.player == "Dee")
        rig.join(10, "Gil")
        #expect(rig.refusal(10) == .tableFull)
        Self.run(&rig, for: 2, alive: [1, 3, 9])
        #expect(rig.net.awaySeats.isEmpty)
        rig.join(11, "Gil")
        #expect(rig.welcome(11)?.player == "Ben")
        rig.join(12, "Col", token: token)
        #expect(rig.refusal(12) == .unknownToken)
    }

    @Test func duringPlayTheSeatWaitsUntilTheHostFreesIt() throws {
        var rig = try NetHostTests.threeJoined()
        _ = NetHostTests.dealt(&rig)
        let token = rig.welcome(2)!.token
        rig.event(.closed(2))
        Self.run(&rig, for: 30, alive: [1, 3])
        #expect(rig.net.awaySeats.map(\.seat) == [1])
        #expect(rig.net.roster(of: rig.host.game!)[1].kind == .away)
        // Nobody is away from seat 0 (Bea is connected), nor from seat 3.
        #expect(rig.net.freeAwaySeat(seat: 0) == nil)
        #expect(rig.net.freeAwaySeat(seat: 3) == nil)
        let cards = rig.rules!.player("Ben")!.cardCount
        let freed = rig.net.freeAwaySeat(seat: 1)
        let out = try #require(freed)
        #expect(out.inputs == [.net(.released(player: "Ben"))])
        rig.carry(out)
        #expect(rig.net.awaySeats.isEmpty)
        #expect(rig.net.roster(of: rig.host.game!)[1].kind == .computer)
        // The token no longer works; the seat, cards and all, goes to whoever comes with the code.
        rig.join(12, "Col", token: token)
        #expect(rig.refusal(12) == .unknownToken)
        rig.join(13, "Hal")
        rig.join(14, "Ida")
        #expect(Set([rig.welcome(13)?.player, rig.welcome(14)?.player]) == ["Ben", "Dee"])
        #expect(rig.rules!.player("Ben")!.cardCount == cards)
    }
}
