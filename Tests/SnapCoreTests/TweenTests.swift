import Testing
@testable import SnapCore

@Suite("Tweens sample at a given time")
struct TweenTests {
    @Test func endpointsAndHalfway() {
        let tw = Tween(from: 10.0, to: 20.0, start: 1, duration: 0.1)
        #expect(tw.value(at: 0) == 10)
        #expect(tw.value(at: 1) == 10)
        #expect(close(tw.value(at: 1.05), 15))
        #expect(tw.value(at: 1.1) == 20)
        #expect(tw.value(at: 9) == 20)
        #expect(!tw.isFinished(at: 1.09))
        #expect(tw.isFinished(at: 1.1))
    }

    @Test func easeInOutStartsAndEndsGently() {
        let e = Easing.easeInOut
        #expect(e.apply(0.1) < 0.1)
        #expect(e.apply(0.9) > 0.9)
        #expect(e.apply(0.5) == 0.5)
        #expect(Easing.linear.apply(0.3) == 0.3)
    }

    @Test func zeroDurationIsAlreadyDone() {
        let tw = Tween.constant(Point(x: 3, y: 4))
        #expect(tw.value(at: -5) == Point(x: 3, y: 4))
        #expect(tw.isFinished(at: 0))
    }

    @Test func virtualClockOnlyMovesForward() {
        var c = VirtualClock()
        c.advance(to: 2)
        c.advance(to: 1)
        #expect(c.now == 2)
    }
}
