import Testing
@testable import SnapCore

/// How the host times a call from the network, and what a lying client can gain.
@Suite("FairCall: a call judged by the caller's reaction, within the measured jitter")
struct FairCallTests {
    /// A far player: 240 ms round trip, 20 ms jitter. The update left at 10.0; they saw it at
    /// 10.12 on the host's clock, pressed 150 ms later, the call arrived at 10.39.
    static let far = (rtt: 0.24, jitter: 0.02, sent: 10.0, arrival: 10.39)

    @Test func anHonestReportGivesTheUpdatePlusTheReaction() {
        let claim = CallClaim(seen: 5, drawn: 500.12, pressed: 500.27)
        let fair = FairCall(arrival: Self.far.arrival, roundTrip: Self.far.rtt, jitter: Self.far.jitter, claim: claim, sentAt: Self.far.sent)
        #expect(abs(fair.judged - 10.15) < 1e-9)
        #expect(abs(fair.measured - 10.15) < 1e-9)
    }

    @Test(arguments: [
        CallClaim(seen: 5, drawn: 500.12, pressed: 500.12),   // a reaction of 0 ms
        CallClaim(seen: 5, drawn: 400, pressed: 500.27),      // "drawn" long before the update left
        CallClaim(seen: 5, drawn: 500.3, pressed: 500.1),     // pressed before it was drawn
        CallClaim(seen: 5, drawn: -.infinity, pressed: 1),
    ])
    func falseTimesGainAtMostTheJitter(claim: CallClaim) {
        let fair = FairCall(arrival: Self.far.arrival, roundTrip: Self.far.rtt, jitter: Self.far.jitter, claim: claim, sentAt: Self.far.sent)
        #expect(fair.judged >= fair.measured - Self.far.jitter - 1e-12)
        #expect(fair.judged <= fair.measured + Self.far.jitter + 1e-12)
        // So an honest player 30 ms quicker than the jitter allows for still wins.
        let honestNear = FairCall(arrival: 10.0 + 0.15 - 0.021 + 0.002, roundTrip: 0.002, jitter: 0.002).judged
        #expect(honestNear < fair.judged)
    }

    @Test func noCallMovesBackMoreThanTheCap() {
        let fair = FairCall(arrival: 20, roundTrip: 0.9, jitter: 0.2, claim: CallClaim(seen: 1, drawn: 0, pressed: 0), sentAt: 19)
        #expect(fair.judged == 20 - FairCall.cap)
        #expect(FairCall.window(base: 0.05, links: []) == 0.05)
    }

    @Test func anUnknownUpdateFallsBackToTheMeasure() {
        let fair = FairCall(arrival: 10.39, roundTrip: 0.24, jitter: 0.02, claim: CallClaim(seen: 99, drawn: 1, pressed: 1.01), sentAt: nil)
        #expect(abs(fair.judged - 10.15) < 1e-9)
    }
}
