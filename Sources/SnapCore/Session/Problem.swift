/// An input that could not apply. `kind` names the sort of problem without ids or values, so a
/// flood of the same mistake (50,000 buttons of an unknown controller) is one kind.
public struct Problem: Equatable, Sendable, CustomStringConvertible {
    public var kind: String
    public var message: String

    public init(kind: String, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// Decides which problems reach the log: the first of each kind, then one line saying that
/// more are not logged; `summary` counts the rest at the end. Live runs and replays share it.
public struct ProblemLog: Equatable, Sendable {
    public private(set) var counts: [String: Int] = [:]

    public init() {}

    /// The lines to log for this problem (none once its kind has been reported).
    public mutating func admit(_ p: Problem, at place: String? = nil) -> [String] {
        let n = counts[p.kind, default: 0] + 1
        counts[p.kind] = n
        let text = place.map { "\($0): \(p.message)" } ?? p.message
        switch n {
        case 1: return [text]
        case 2: return ["more problems like this (\(p.kind)) are not logged"]
        default: return []
        }
    }

    /// One line per kind that was cut short, for the end of the run.
    public var summary: [String] {
        counts.filter { $0.value > 1 }.sorted { $0.key < $1.key }.map { "\($0.value) problems of kind \($0.key) in all" }
    }
}
