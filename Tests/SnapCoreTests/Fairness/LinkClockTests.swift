import Testing
@testable import SnapCore

/// A connection's clock and delay from ping and pong (docs/protocol.md, "Fair races").
@Suite("LinkClock: round trip, jitter, offset and drift from the pings")
struct LinkClockTests {
    /// A client whose clock reads `a + rate * host`, reached `down` after the host sends and
    /// answering at once, its pong arriving `up` later; one ping a second.
    static func exchange(_ link: inout LinkClock, seconds: Int, from t0: Double = 0, a: Double, rate: Double,
                         down: (Int) -> Double, up: (Int) -> Double, first: Int = 0) {
        for i in 0..<seconds {
            let sent = t0 + Double(i)
            let arrives = sent + down(i)
            let client = a + rate * arrives
            link.pinged(first + i, at: sent)
            link.ponged(first + i, received: client, sent: client, at: arrives + up(i))
        }
    }

    /// An even spread in ±`width` from a fixed sequence: the same every run.
    static func noise(_ i: Int, _ width: Double) -> Double {
        var g = SplitMix64(seed: UInt64(i) &+ 17)
        return width * (2 * Double(g.next() >> 11) / Double(1 << 53) - 1)
    }

    @Test func aClockDrifting200ppmIsFollowed() throws {
        var link = LinkClock()
        let rate = 1 + 200e-6
        Self.exchange(&link, seconds: 120, a: 5, rate: rate, down: { 0.02 + Self.noise($0, 0.005) }, up: { 0.02 + Self.noise($0 + 1000, 0.005) })
        let t = 120.0
        let truth = 5 + (rate - 1) * t
        let offset = try #require(link.offset(at: t))
        #expect(abs(offset - truth) < 0.002, "offset \(offset) against \(truth)")
        let rtt = try #require(link.roundTrip)
        #expect(abs(rtt - 0.04) < 0.004)
        #expect(try #require(link.jitter) == LinkClock.minJitter, "±5 ms each way is within a frame")
        // Without the drift the offset would be 24 ms off after two minutes: it is followed.
        #expect((rate - 1) * t > 0.02)
    }

    /// The stated limit: with a slower way back, the offset is off by half the difference; the
    /// round trip, and every verdict (a reaction is two of the client's own times), are not.
    @Test func asymmetricDelayMisplacesTheOffsetByHalfTheDifferenceOnly() throws {
        var link = LinkClock()
        Self.exchange(&link, seconds: 30, a: 100, rate: 1, down: { _ in 0.02 }, up: { _ in 0.1 })
        let offset = try #require(link.offset(at: 30))
        #expect(abs((offset - 100) - (0.02 - 0.1) / 2) < 1e-6)
        #expect(abs(try #require(link.roundTrip) - 0.12) < 1e-9)
        let claim = CallClaim(seen: 1, drawn: 10.0, pressed: 10.2)
        let fair = FairCall(arrival: 20.32, link: link, claim: claim, sentAt: 20.0)
        #expect(abs(fair.judged - 20.2) < 1e-9)
    }

    @Test func aSuddenRouteChangeIsFollowedWithinThreePings() throws {
        var link = LinkClock()
        Self.exchange(&link, seconds: 20, a: 0, rate: 1, down: { _ in 0.02 }, up: { _ in 0.02 })
        Self.exchange(&link, seconds: 2, from: 20, a: 0, rate: 1, down: { _ in 0.1 }, up: { _ in 0.1 }, first: 20)
        #expect(abs(try #require(link.roundTrip) - 0.04) < 1e-9, "two pings are not a new route yet")
        Self.exchange(&link, seconds: 1, from: 22, a: 0, rate: 1, down: { _ in 0.1 }, up: { _ in 0.1 }, first: 22)
        #expect(abs(try #require(link.roundTrip) - 0.2) < 1e-9)
        // And back down (the Wi-Fi woke up).
        Self.exchange(&link, seconds: 10, from: 23, a: 0, rate: 1, down: { _ in 0.1 }, up: { _ in 0.1 }, first: 23)
        Self.exchange(&link, seconds: 3, from: 33, a: 0, rate: 1, down: { _ in 0.02 }, up: { _ in 0.02 }, first: 33)
        #expect(abs(try #require(link.roundTrip) - 0.04) < 1e-9)
    }

    @Test func aClientThatNeverAnswersIsNotMeasuredAndItsCallsAreTakenAsTheyArrive() {
        var link = LinkClock()
        for i in 0..<20 { link.pinged(i, at: Double(i)) }
        #expect(link.roundTrip == nil)
        #expect(LinkQuality(link, at: 20) == .tooSlow)
        let fair = FairCall(arrival: 21, link: link, claim: CallClaim(seen: 3, drawn: 1, pressed: 1), sentAt: 20.9)
        #expect(fair.judged == 21)
    }

    @Test func impossiblePongsAreNoSample() {
        var link = LinkClock()
        link.pinged(1, at: 10)
        // Held longer than the whole trip: a lie.
        let lie = link.ponged(1, received: 0, sent: 5, at: 10.1)
        #expect(!lie)
        link.pinged(2, at: 11)
        let neverSent = link.ponged(3, received: nil, sent: nil, at: 11.1)
        #expect(!neverSent)
        let backwards = link.ponged(2, received: 7, sent: 6, at: 11.1)
        #expect(backwards, "sent before received: the clock is not used, the trip is")
        #expect(link.samples.last?.offset == nil)
        #expect(abs((link.roundTrip ?? 0) - 0.1) < 1e-9)
    }

    @Test func samplesAreBoundedInTimeAndNumber() {
        var link = LinkClock()
        Self.exchange(&link, seconds: 200, a: 0, rate: 1, down: { _ in 0.01 }, up: { _ in 0.01 })
        #expect(link.samples.count <= LinkClock.maxSamples)
        #expect(link.samples.allSatisfy { $0.at >= 199 - LinkClock.span })
        for i in 0..<100 { link.pinged(1000 + i, at: 300) }
        #expect(link.pingsOut.count <= 8)
    }
}
