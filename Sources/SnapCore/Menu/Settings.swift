/// What a person chose in Settings, remembered between runs (`settings.json`). Command-line
/// flags win over it for one run; the file keeps keys it does not know (`extra`).
public struct Settings: Equatable, Sendable {
    /// The name other players see (1 to 64 characters, as the protocol allows).
    public var name: String
    /// How the computer players play.
    public var bots: BotLevel
    /// What the second display shows: a table view, a mirror, or nothing.
    public var secondary: SecondaryPolicy
    public var fullscreen: Bool
    /// Hosted games are announced on the local network (DNS-SD).
    public var visible: Bool
    /// Sound volume 0...100 (0 is silent).
    public var volume: Int
    /// The language of the screens: "system" (the desktop's) or a code such as "fr".
    public var language: String = "system"
    /// The house rules games dealt here are played by (`rules`: {"colour": true}).
    public var rules = HouseRules.standard
    /// The game of the family dealt here (`game`: "snap", "snap-pool").
    public var game = GameKind.snap
    /// Keys of the file this version does not know, written back as they were.
    public var extra: [String: JSONTree] = [:]

    public init(name: String = "Player", bots: BotLevel = .normal, secondary: SecondaryPolicy = .table,
                fullscreen: Bool = false, visible: Bool = true, volume: Int = 80) {
        self.name = name
        self.bots = bots
        self.secondary = secondary
        self.fullscreen = fullscreen
        self.visible = visible
        self.volume = volume
    }

    public static let keys = ["name", "bots", "secondary", "fullscreen", "visible", "volume", "language", "rules", "game"]

    /// Why `name` cannot be a player's name, or nil when it can.
    public static func problem(name: String) -> String? {
        if name.allSatisfy(\.isWhitespace) { return "the name is empty" }
        if let why = TextLimit.name.excess(name) { return "the name \(why)" }
        return nil
    }

    /// The settings in a file's JSON object: every known key checked, a missing one at its
    /// default; a key of the wrong type or out of range makes the whole file unreadable.
    public static func from(_ object: [String: JSONTree], defaults: Settings = Settings()) throws(SettingsError) -> Settings {
        var s = defaults
        if let v = object["name"] {
            guard case .string(let name) = v else { throw SettingsError("\"name\" must be a string") }
            if let why = problem(name: name) { throw SettingsError("\"name\": \(why)") }
            s.name = name
        }
        if let v = object["bots"] {
            guard case .string(let b) = v, let level = BotLevel(rawValue: b) else {
                throw SettingsError("\"bots\" must be one of easy, normal, hard, off")
            }
            s.bots = level
        }
        if let v = object["secondary"] {
            guard case .string(let p) = v, let policy = SecondaryPolicy(rawValue: p), policy != .auto else {
                throw SettingsError("\"secondary\" must be one of table, mirror, off")
            }
            s.secondary = policy
        }
        if let v = object["fullscreen"] {
            guard case .bool(let b) = v else { throw SettingsError("\"fullscreen\" must be true or false") }
            s.fullscreen = b
        }
        if let v = object["visible"] {
            guard case .bool(let b) = v else { throw SettingsError("\"visible\" must be true or false") }
            s.visible = b
        }
        if let v = object["volume"] {
            guard case .number(let x) = v, x == x.rounded(), (0...100).contains(x) else {
                throw SettingsError("\"volume\" must be a whole number from 0 to 100")
            }
            s.volume = Int(x)
        }
        if let v = object["language"] {
            guard case .string(let code) = v else { throw SettingsError("\"language\" must be a string") }
            if let why = Language.problem(code) { throw SettingsError("\"language\" \(why)") }
            s.language = code
        }
        if let v = object["game"] {
            guard case .string(let id) = v, let g = GameKind(id: id) else {
                throw SettingsError("\"game\" must be one of \(GameKind.ids.joined(separator: ", "))")
            }
            s.game = g
        }
        if let v = object["rules"] {
            guard case .object(let rules) = v else { throw SettingsError("\"rules\" must be an object such as {\"colour\": true}") }
            for (name, value) in rules.sorted(by: { $0.key < $1.key }) {
                guard case .bool(let on) = value else { throw SettingsError("\"rules\".\(name) must be true or false") }
                do throws(HouseRuleError) { try s.rules.set(name, on: on) } catch {
                    throw SettingsError("\"rules\".\(name): no such house rule (rules: \(HouseRules.names.joined(separator: ", ")))")
                }
            }
        }
        s.extra = object.filter { !keys.contains($0.key) }
        return s
    }

    /// The file's object: the known keys and the ones kept from the file.
    public var object: [String: JSONTree] {
        var o = extra
        o["name"] = .string(name)
        o["bots"] = .string(bots.rawValue)
        o["secondary"] = .string(secondary.rawValue)
        o["fullscreen"] = .bool(fullscreen)
        o["visible"] = .bool(visible)
        o["volume"] = .number(Double(volume))
        o["language"] = .string(language)
        o["rules"] = .object(rules.byName.mapValues { .bool($0) })
        o["game"] = .string(game.id)
        return o
    }
}

public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
