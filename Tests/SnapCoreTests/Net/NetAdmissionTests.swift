import Testing
@testable import SnapCore

@Suite("NetAdmission: who makes room for a new connection")
struct NetAdmissionTests {
    static func waiting(_ peers: [String]) -> [Int: NetAdmission.Waiting] {
        Dictionary(uniqueKeysWithValues: peers.enumerated().map { ($0.offset, NetAdmission.Waiting(peer: $0.element, since: Double($0.offset))) })
    }

    @Test func belowTheBoundsNobodyGoes() {
        let w = Self.waiting(["a", "a", "b"])
        #expect(NetAdmission.makeRoom(in: w, for: "a", perAddress: 3, total: 4).isEmpty)
    }

    @Test func anAddressAtItsBoundLosesItsOwnOldest() {
        let w = Self.waiting(["b", "a", "c", "a", "a"])
        let out = NetAdmission.makeRoom(in: w, for: "a", perAddress: 3, total: 10)
        #expect(out.map(\.id) == [1])
        #expect(out.first?.why == "3 connections from a have not signed in")
    }

    @Test func atTheTotalTheBusiestAddressLosesItsOldestNeverALoneOne() {
        // c is the oldest of all, but alone; b holds the most.
        let w = Self.waiting(["c", "a", "b", "b", "a", "b"])
        #expect(NetAdmission.makeRoom(in: w, for: "d", perAddress: 10, total: 6).map(\.id) == [2])
        // Ties between the busiest: the oldest of them.
        let tie = Self.waiting(["c", "b", "a", "a", "b"])
        #expect(NetAdmission.makeRoom(in: tie, for: "d", perAddress: 10, total: 5).map(\.id) == [1])
        // Every address down to one: the oldest of all.
        #expect(NetAdmission.makeRoom(in: Self.waiting(["x", "y", "z"]), for: "d", perAddress: 10, total: 3).map(\.id) == [0])
    }

    @Test func bothBoundsAndABoundOfNothing() {
        // The address's own oldest goes first; that makes room in the total too.
        let w = Self.waiting(["a", "b", "a"])
        #expect(NetAdmission.makeRoom(in: w, for: "a", perAddress: 2, total: 3).map(\.id) == [0])
        // No room at all: everyone waiting goes (the caller refuses the newcomer).
        #expect(Set(NetAdmission.makeRoom(in: w, for: "q", perAddress: 5, total: 0).map(\.id)) == [0, 1, 2])
    }

    @Test func aSparedConnectionCountsButIsNeverPickedAndTheBusiestStillPays() {
        // Address "a" at its bound of 2, its oldest spared: the other one goes.
        let w = Self.waiting(["a", "a", "b"])
        #expect(NetAdmission.makeRoom(in: w, for: "a", perAddress: 2, total: 10, spared: [0]).map(\.id) == [1])
        // Only spared ones left at the address: the bound gives way, nobody goes.
        #expect(NetAdmission.makeRoom(in: w, for: "a", perAddress: 2, total: 10, spared: [0, 1]).isEmpty)
        // At the total, a flood's burst ("f", all spared) never makes the quieter "p" pay.
        let burst = Self.waiting(["f", "f", "f", "p"])
        #expect(NetAdmission.makeRoom(in: burst, for: "q", perAddress: 10, total: 4, spared: [0, 1, 2]).isEmpty)
        #expect(NetAdmission.makeRoom(in: burst, for: "q", perAddress: 10, total: 4, spared: [0]).map(\.id) == [1])
    }
}
