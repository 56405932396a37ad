#if canImport(Glibc)
import Glibc
#endif
import SnapCore

/// Real time for interactive play: seconds since this clock was made, never going backwards.
struct MonotonicClock: Clock {
    private let origin: Double

    init() { origin = Self.raw() }

    var now: Double { Self.raw() - origin }

    private static func raw() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
