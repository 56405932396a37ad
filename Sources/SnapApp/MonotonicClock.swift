#if canImport(Glibc)
import Glibc
#endif
import SnapCore

/// Real time for interactive play: seconds since this clock was made, never going backwards.
struct MonotonicClock: Clock {
    /// CLOCK_MONOTONIC when this clock read zero: times other processes on this machine stamp
    /// on that clock (the input daemon's) convert by subtracting it.
    let origin: Double

    init() { origin = Self.raw() }

    var now: Double { Self.raw() - origin }

    static func raw() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
