/// Where "now" comes from. The core never asks a clock itself: the shell reads one and passes the
/// time in, a monotonic clock when playing and a virtual one in replays and tests.
public protocol Clock {
    /// Seconds since an arbitrary, fixed start.
    var now: Double { get }
}

/// A clock that only moves when told to: replays and tests drive it.
public struct VirtualClock: Clock, Sendable {
    public private(set) var now: Double

    public init(now: Double = 0) { self.now = now }

    public mutating func advance(to t: Double) { now = max(now, t) }
}
