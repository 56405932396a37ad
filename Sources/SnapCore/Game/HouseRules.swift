/// The house rules a round is played by, as a value: set for a run (`--rule`), carried by the
/// journal, the state file and the host's state so that every table and replay judges the same
/// way. Each game of the family has its own rules (`names(for:)`); the defaults are the game as
/// it is usually played.
public struct HouseRules: Sendable, Equatable, Hashable {
    /// Snap! and Snap pool: two top cards match only when they share rank and colour (7♥ and 7♦,
    /// not 7♥ and 7♠).
    public var colour = false
    /// Egyptian Ratscrew: a rank, one card, the same rank may be slapped (on unless turned off).
    public var sandwich = true
    /// Egyptian Ratscrew: a player with no cards may slap back in (on unless turned off).
    public var slapBackIn = true
    /// Egyptian Ratscrew: the top card matching the bottom card may be slapped.
    public var topAndBottom = false
    /// Egyptian Ratscrew: a King and a Queen together may be slapped.
    public var marriage = false

    public init(colour: Bool = false, sandwich: Bool = true, slapBackIn: Bool = true, topAndBottom: Bool = false, marriage: Bool = false) {
        self.colour = colour
        self.sandwich = sandwich
        self.slapBackIn = slapBackIn
        self.topAndBottom = topAndBottom
        self.marriage = marriage
    }

    public static let standard = HouseRules()
    public var isStandard: Bool { self == .standard }

    /// Every rule's name as `--rule` and the state file spell them.
    public static let names = ["colour", "sandwich", "slap-back-in", "top-and-bottom", "marriage"]

    /// The rules a game is played with (Slapjack has none).
    public static func names(for kind: GameKind) -> [String] {
        switch kind {
        case .snap, .snapPool: ["colour"]
        case .slapjack: []
        case .ratscrew: ["sandwich", "slap-back-in", "top-and-bottom", "marriage"]
        }
    }

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
        guard let path = Self.field(name) else { throw .unknownRule(name) }
        self[keyPath: path] = on
    }

    public func isOn(_ name: String) -> Bool? { Self.field(name).map { self[keyPath: $0] } }

    private static func field(_ name: String) -> WritableKeyPath<HouseRules, Bool>? {
        switch name {
        case "colour": \.colour
        case "sandwich": \.sandwich
        case "slap-back-in": \.slapBackIn
        case "top-and-bottom": \.topAndBottom
        case "marriage": \.marriage
        default: nil
        }
    }

    /// The rules of `kind` by name, on or off (the state file's and the host's `rules` object).
    public func byName(for kind: GameKind) -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: Self.names(for: kind).map { ($0, isOn($0) ?? false) })
    }

    /// Every rule by name, on or off (Settings' `rules` object).
    public var byName: [String: Bool] {
        Dictionary(uniqueKeysWithValues: Self.names.map { ($0, isOn($0) ?? false) })
    }

    /// The rules set apart from their defaults, by name.
    var changed: [String: Bool] {
        Dictionary(uniqueKeysWithValues: Self.names.compactMap { n in isOn(n) == Self.standard.isOn(n) ? nil : (n, isOn(n) ?? false) })
    }

    /// These rules as `kind` plays them: the other games' rules at their defaults (Settings keep
    /// every game's, and a game must not carry, judge or caption another's).
    public func only(for kind: GameKind) -> HouseRules {
        var h = HouseRules.standard
        for n in Self.names(for: kind) { try? h.set(n, on: isOn(n) ?? false) }
        return h
    }

    /// Rules that `kind` is not played with: `--rule sandwich=on` for Snap! is a mistake to name.
    public func check(for kind: GameKind) throws(HouseRuleError) {
        let own = Set(Self.names(for: kind))
        if let other = changed.keys.sorted().first(where: { !own.contains($0) }) { throw .notForGame(rule: other, game: kind.id) }
    }

    /// The same two cards a match under these rules? (`key` equal.)
    public func matches(_ a: CardFace, _ b: CardFace) -> Bool { key(a) == key(b) }

    /// What two top cards must share to match: the rank, and with `colour` the colour too.
    /// Below 32, so a bit set of them fits a `UInt32`.
    @inline(__always)
    func key(_ c: CardFace) -> Int { colour ? c.rank.rawValue * 2 + (c.suit.isRed ? 1 : 0) : c.rank.rawValue }
}

/// Written as the rules set apart from their defaults (`{"colour": true}`), so a record of the
/// standard rules stays as it was before there were more of them.
extension HouseRules: Codable {
    public init(from decoder: Decoder) throws {
        let values = try [String: Bool](from: decoder)
        self = .standard
        for (name, on) in values {
            do { try set(name, on: on) } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        try changed.encode(to: encoder)
    }
}

/// A `--rule` that cannot be applied, naming what was wrong.
public enum HouseRuleError: Error, Equatable, CustomStringConvertible {
    case notAnAssignment(String)
    case badValue(rule: String, value: String)
    case unknownRule(String)
    case notForGame(rule: String, game: String)

    public var description: String {
        switch self {
        case let .notAnAssignment(s): "rule \"\(s)\": expected NAME=on or NAME=off (rules: \(HouseRules.names.joined(separator: ", ")))"
        case let .badValue(r, v): "rule \"\(r)\": \"\(v)\" is neither on nor off"
        case let .unknownRule(r): "rule \"\(r)\": no such house rule (rules: \(HouseRules.names.joined(separator: ", ")))"
        case let .notForGame(r, g):
            "rule \"\(r)\": not a rule of \(g) (its rules: \(HouseRules.names(for: GameKind(id: g) ?? .snap).joined(separator: ", ").nonEmpty ?? "none"))"
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
