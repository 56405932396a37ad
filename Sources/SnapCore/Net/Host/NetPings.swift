/// When the host pings its signed-in clients: every `interval`, each ping numbered, and one to each newcomer. A client
/// that stays silent too long is `NetLinks`' business (any message counts as an answer).
struct NetPings: Sendable {
    let interval: Double
    private(set) var count = 0
    private(set) var lastAt: Double?

    init(interval: Double) { self.interval = interval }

    /// The number of the ping to send at `t`, or nil when the last one is recent enough.
    mutating func due(at t: Double) -> Int? {
        guard t - (lastAt ?? -.infinity) >= interval else { return nil }
        lastAt = t
        count += 1
        return count
    }

    /// A ping out of turn (to a newcomer, for a first measure at once): the next number.
    mutating func extra() -> Int {
        count += 1
        return count
    }

    /// When the next ping is due (the first one right away).
    func nextDue(after t: Double) -> Double { (lastAt ?? t) + interval }
}
