/// A value moving from `from` to `to` between `start` and `start + duration`, sampled at a time the
/// caller passes in. Nothing here reads a clock, so replays and tests see identical frames.
public struct Tween<Value: Interpolatable>: Equatable, Sendable {
    public var from: Value
    public var to: Value
    public var start: Double
    public var duration: Double
    public var easing: Easing

    public init(from: Value, to: Value, start: Double, duration: Double, easing: Easing = .easeInOut) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.easing = easing
    }

    /// A tween that already sits at its end value.
    public static func constant(_ v: Value) -> Tween { Tween(from: v, to: v, start: 0, duration: 0) }

    public func progress(at t: Double) -> Double {
        duration <= 0 ? 1 : min(max((t - start) / duration, 0), 1)
    }

    public func value(at t: Double) -> Value {
        Value.lerp(from, to, easing.apply(progress(at: t)))
    }

    public func isFinished(at t: Double) -> Bool { progress(at: t) >= 1 }
    public var end: Double { start + duration }
}
