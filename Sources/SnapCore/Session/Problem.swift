/// An input that could not apply. `kind` names the sort of problem without ids or values, so a
/// flood of the same mistake (50,000 buttons of an unknown controller) is one kind.
public struct Problem: Equatable, Sendable, CustomStringConvertible {
    public var kind: String
    public var message: String
    /// How many of this kind reach the log (a feed's bad lines: each, up to a point; a daemon's
    /// flood: the first).
    public var logUpTo: Int

    public init(kind: String, _ message: String, logUpTo: Int = 1) {
        self.kind = kind
        self.message = message
        self.logUpTo = max(1, logUpTo)
    }

    public var description: String { message }
}

/// Decides which problems reach the log: the first of each kind (or its `logUpTo`), then one
/// line saying that more are not logged; `summary` counts them at the end. Live runs and
/// replays share it.
public struct ProblemLog: Equatable, Sendable {
    public private(set) var counts: [String: Int] = [:]

    public init() {}

    /// The lines to log for this problem (none once its kind has been reported).
    public mutating func admit(_ p: Problem, at place: String? = nil) -> [String] {
        let n = counts[p.kind, default: 0] + 1
        counts[p.kind] = n
        let text = place.map { "\($0): \(p.message)" } ?? p.message
        if n <= p.logUpTo { return [text] }
        return n == p.logUpTo + 1 ? ["more problems like this (\(p.kind)) are not logged"] : []
    }

    /// One line per kind that was cut short, for the end of the run.
    public var summary: [String] {
        counts.filter { $0.value > 1 }.sorted { $0.key < $1.key }.map { "\($0.value) problems of kind \($0.key) in all" }
    }
}
