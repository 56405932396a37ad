/// The house rules a round of Snap! is played by, as a value: set for a run (`--rule`), carried
/// by the journal, the state file and the host's state so that every table and replay judges
/// the same way. Each rule is off unless turned on; all off is the game as it always was.
public struct HouseRules: Sendable, Equatable, Hashable, Codable {
    /// Two top cards match only when they share rank and colour (7♥ and 7♦, not 7♥ and 7♠).
    public var colour = false

    public init(colour: Bool = false) {
        self.colour = colour
    }

    public static let standard = HouseRules()
    public var isStandard: Bool { self == .standard }

    /// The rules' names as `--rule` and the state file spell them.
    public static let names = ["colour"]

    /// Turns one rule on or off from `NAME=on|off` (`--rule colour=on`).
    public mutating func set(_ assignment: String) throws(HouseRuleError) {
        let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { throw .notAnAssignment(assignment) }
        let on: Bool
        switch parts[1] {
        case "on": on = true
        case "off": on = false
        default: throw .badValue(rule: parts[0], value: parts[1])
        }
        try set(parts[0], on: on)
    }

    /// Turns the rule called `name` on or off (Settings' and the host's `rules` objects).
    public mutating func set(_ name: String, on: Bool) throws(HouseRuleError) {
        switch name {
        case "colour": colour = on
        default: throw .unknownRule(name)
        }
    }

    /// Every rule by name, on or off (the state file's and the host's `rules` object).
    public var byName: [String: Bool] { ["colour": colour] }

    /// The same two cards a match under these rules? (`key` equal.)
    public func matches(_ a: CardFace, _ b: CardFace) -> Bool { key(a) == key(b) }

    /// What two top cards must share to match: the rank, and with `colour` the colour too.
    /// Below 32, so a bit set of them fits a `UInt32`.
    @inline(__always)
    func key(_ c: CardFace) -> Int { colour ? c.rank.rawValue * 2 + (c.suit.isRed ? 1 : 0) : c.rank.rawValue }
}

/// A `--rule` that cannot be applied, naming what was wrong.
public enum HouseRuleError: Error, Equatable, CustomStringConvertible {
    case notAnAssignment(String)
    case badValue(rule: String, value: String)
    case unknownRule(String)

    public var description: String {
        switch self {
        case let .notAnAssignment(s): "rule \"\(s)\": expected NAME=on or NAME=off (rules: \(HouseRules.names.joined(separator: ", ")))"
        case let .badValue(r, v): "rule \"\(r)\": \"\(v)\" is neither on nor off"
        case let .unknownRule(r): "rule \"\(r)\": no such house rule (rules: \(HouseRules.names.joined(separator: ", ")))"
        }
    }
}
