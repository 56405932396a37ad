import Testing
@testable import SnapCore

@Suite("SeatRoster: a seat is open, connected or away")
struct SeatRosterTests {
    static func roster() -> SeatRoster {
        SeatRoster(seats: [("P2", 2), ("P0", 0), ("P1", 1)], hostPlayer: "P0", limits: .standard)
    }

    @Test func theHostsOwnPlayerHasNoSeatAndTheRestAreInSeatOrder() {
        let r = Self.roster()
        #expect(r.seats.map(\.player) == ["P1", "P2"])
        #expect(r.seats.allSatisfy { $0.state == .open })
        #expect(r.firstOpen(in: nil)?.player == "P1")
    }

    @Test func aDroppedSeatWaitsForItsTokenThenOpens() {
        var r = Self.roster()
        r.connect("P1", name: "Bea", token: "t1", on: 5)
        #expect(r.signedIn == ["P1"] && r.receivers == [5] && r.firstOpen(in: nil)?.player == "P2")
        // Another connection of the same player going away changes nothing.
        #expect(r.drop("P1", on: 6, at: 1) == nil)
        #expect(r.drop("P1", on: 5, at: 1)?.state == .away(token: "t1", name: "Bea", since: 1))
        #expect(r.signedIn == ["P1"] && r.receivers.isEmpty && r.away.map(\.player) == ["P1"])
        #expect(r.nextExpiry == 1 + NetLimits.standard.lobbyGrace)
        #expect(r.expire(at: 1 + NetLimits.standard.lobbyGrace).isEmpty)
        #expect(r.expire(at: 2 + NetLimits.standard.lobbyGrace).map(\.player) == ["P1"])
        #expect(r.seats[0].state == .open && r.reconnect(token: "t1", on: 7) == nil)
    }

    @Test func onceDealtTheGraceIsLong() {
        var r = Self.roster()
        r.dealt = true
        r.connect("P2", name: "Col", token: "t2", on: 3)
        _ = r.drop("P2", on: 3, at: 0)
        #expect(r.expire(at: NetLimits.standard.lobbyGrace + 1).isEmpty)
        #expect(r.nextExpiry == NetLimits.standard.reconnectGrace)
    }

    @Test func theTokenTakesTheSeatBackFromAnyState() {
        var r = Self.roster()
        r.connect("P1", name: "Bea", token: "t1", on: 5)
        // Connected: the new connection replaces the old one.
        #expect(r.reconnect(token: "t1", on: 6)?.state.connection == 5)
        _ = r.drop("P1", on: 6, at: 2)
        #expect(r.reconnect(token: "t1", on: 8)?.state == .away(token: "t1", name: "Bea", since: 2))
        #expect(r.connection(of: "P1") == 8)
        r.leave("P1")
        #expect(r.seats[0].state == .open && r.signedIn.isEmpty)
    }

    @Test func theHostFreesOnlyAnAwaySeat() {
        var r = Self.roster()
        r.connect("P1", name: "Bea", token: "t1", on: 5)
        #expect(r.free(seat: 1) == nil)
        _ = r.drop("P1", on: 5, at: 0)
        #expect(r.free(seat: 2) == nil)
        #expect(r.free(seat: 1)?.state.name == "Bea")
        #expect(r.away.isEmpty && r.nextExpiry == nil)
    }
}
