import Testing
@testable import SnapCore

/// When an autostarted input daemon goes: only after a whole idle limit with nobody connected.
@Suite("Input daemon idle exit")
struct IdleExitTests {
    /// Feeds (clients, time) looks in order; what `note` said after each.
    static func verdicts(_ idle: inout IdleExit, _ looks: [(Int, Double)]) -> [Bool] {
        looks.map { idle.note(clients: $0.0, at: $0.1) }
    }

    @Test func aDaemonNobodyConnectsToGoesOnceTheLimitHasPassedSinceItsFirstLook() {
        var idle = IdleExit(limit: 300)
        #expect(Self.verdicts(&idle, [(0, 1000)]) == [false])
        #expect(idle.millisecondsLeft(at: 1000) == 300_000)
        #expect(Self.verdicts(&idle, [(0, 1299.5)]) == [false])
        #expect(idle.millisecondsLeft(at: 1299.5) == 500)
        #expect(Self.verdicts(&idle, [(0, 1300)]) == [true])
        #expect(idle.millisecondsLeft(at: 1301) == 0)
    }

    @Test func aConnectedClientStopsTheWaitAndTheLastOneLeavingStartsItAgain() {
        var idle = IdleExit(limit: 10)
        #expect(Self.verdicts(&idle, [(0, 0), (1, 9)]) == [false, false])
        #expect(idle.millisecondsLeft(at: 9) == nil)
        // Connected far past the limit, it stays; the wait starts again when the last one leaves.
        #expect(Self.verdicts(&idle, [(2, 500), (0, 501), (0, 510.9), (0, 511)]) == [false, false, false, true])
    }

    @Test func aClockThatGoesBackNeverWaitsLongerThanTheLimit() {
        var idle = IdleExit(limit: 5)
        #expect(Self.verdicts(&idle, [(0, 100)]) == [false])
        #expect(idle.millisecondsLeft(at: 50) == 5000)
    }

    @Test func limitsOutsideTheRangeAreNamed() {
        #expect(IdleExit.problem(300) == nil)
        #expect(IdleExit.problem(0.1) == nil)
        #expect(IdleExit.problem(0) == "must be 0.1 to 86400 seconds")
        #expect(IdleExit.problem(-1) != nil)
        #expect(IdleExit.problem(86_401) != nil)
        #expect(IdleExit.problem(.nan) != nil)
        #expect(IdleExit.problem(.infinity) != nil)
    }
}
