/// How long a client waits before connecting again. A daemon that is simply not there is retried
/// quickly (so controllers come back within a second of it starting); a connection that was
/// refused, broke in the middle of a line or lasted under a second backs off up to `cap`, and
/// only a connection that went well resets it.
public struct ReconnectBackoff: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Nobody listens on the path.
        case unreachable
        /// A wrong hello, a refusal line, no hello in time.
        case refused
        /// A session ended: `cleanly` is false when it broke in the middle of a line or with an error.
        case ended(after: Double, cleanly: Bool)
    }

    public static let first = 0.1
    public static let unreachableCap = 0.8
    public static let cap = 5.0
    /// A session must last this long (and end cleanly) to count as good.
    public static let healthy = 1.0

    /// The wait the next bad outcome gets.
    public private(set) var delay = first

    public init() {}

    /// The wait before the next attempt, after `outcome`.
    public mutating func next(after outcome: Outcome) -> Double {
        switch outcome {
        case .ended(let seconds, true) where seconds >= Self.healthy:
            delay = Self.first
            return delay
        case .unreachable:
            // Never shorter than a penalty earned by a misbehaving daemon.
            let wait = delay
            delay = max(delay, min(delay * 2, Self.unreachableCap))
            return wait
        case .refused, .ended:
            let wait = delay
            delay = min(delay * 2, Self.cap)
            return wait
        }
    }
}
