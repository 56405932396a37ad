/// When a daemon that a table started (rather than the user) should go: after `limit` seconds in
/// a row with no client connected. The wait starts at the first look, so a daemon nobody ever
/// connects to goes too; any client stops the wait, and the last one leaving starts it again.
public struct IdleExit: Equatable, Sendable {
    /// What `--exit-when-idle` accepts, in seconds.
    public static let range: ClosedRange<Double> = 0.1...86_400

    public let limit: Double
    /// Since when no client has been connected; nil while one is (or before the first look).
    public private(set) var idleSince: Double?

    public init(limit: Double) { self.limit = limit }

    /// Takes in how many clients are connected at `now`; true once the daemon should exit.
    public mutating func note(clients: Int, at now: Double) -> Bool {
        guard clients == 0 else {
            idleSince = nil
            return false
        }
        let since = idleSince ?? now
        idleSince = since
        return now - since >= limit
    }

    /// Milliseconds until the exit is due (a poll timeout), or nil while a client is connected.
    public func millisecondsLeft(at now: Double) -> Int32? {
        guard let idleSince else { return nil }
        return Int32(max(0, min(limit, idleSince + limit - now) * 1000).rounded(.up))
    }

    /// The reason `seconds` is not a valid limit, or nil.
    public static func problem(_ seconds: Double) -> String? {
        guard seconds.isFinite, range.contains(seconds) else {
            return "must be \(DecimalText.fixed(range.lowerBound, 1)) to \(Int(range.upperBound)) seconds"
        }
        return nil
    }
}
