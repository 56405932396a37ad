import Testing
@testable import SnapCore

@Suite("NetHost.freeSeats: what the network announcement says")
struct FreeSeatsTests {
    @Test func seatsFillAsClientsSignInAndADroppedSeatStaysTaken() throws {
        var rig = try NetRig()
        #expect(rig.net.freeSeats(in: rig.host.game) == 4)
        rig.join(1, "Bea")
        #expect(rig.net.freeSeats(in: rig.host.game) == 3)
        rig.join(2, "Col")
        #expect(rig.net.freeSeats(in: rig.host.game) == 2)
        // A refused hello takes nothing.
        rig.join(3, "Dot", code: "NOPE")
        #expect(rig.net.freeSeats(in: rig.host.game) == 2)
        // Leaving for good frees the seat at once.
        rig.send(1, .intent(NetIntent(.leave)))
        #expect(rig.net.freeSeats(in: rig.host.game) == 3)
        // Dropped: the seat waits for Col's token (before the first deal, the lobby's grace)...
        rig.event(.closed(2))
        #expect(rig.net.freeSeats(in: rig.host.game) == 3)
        rig.run(for: NetLimits.standard.lobbyGrace - 1, step: 1)
        #expect(rig.net.freeSeats(in: rig.host.game) == 3)
        // ...until the grace runs out.
        rig.run(for: 2, step: 1)
        #expect(rig.net.freeSeats(in: rig.host.game) == 4)
    }

    @Test func theHostsOwnSeatIsNeverFree() throws {
        var rig = try NetRig(headless: false)
        #expect(rig.net.freeSeats(in: rig.host.game) == 3)
        for c in 1...3 { rig.join(c, "P\(c)") }
        #expect(rig.net.freeSeats(in: rig.host.game) == 0)
    }
}
