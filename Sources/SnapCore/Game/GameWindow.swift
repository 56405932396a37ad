/// The arbitration window as it follows its target (network players come, go, or their
/// connections change): it moves by at most `rate` of the clock passing, so the instant the game
/// shows, `clock - window`, never goes back and never jumps. A pure function of the clock, so a
/// replay gets the same window whatever its steps.
struct GameWindow: Sendable, Equatable {
    static let rate = 0.1
    private var from: Double
    private var since: Double
    private(set) var target: Double

    init(_ w: Double, at t: Double) {
        from = w
        since = t
        target = w
    }

    func value(at clock: Double) -> Double {
        let most = Self.rate * max(0, clock - since)
        return from + min(max(target - from, -most), most)
    }

    mutating func aim(at target: Double, clock: Double) {
        from = value(at: clock)
        since = clock
        self.target = target
    }
}
