/// The DNS-SD record a host announces, as values: the service type, the instance name and the
/// TXT entries (`protocol=1`, `free=N`, `game=ID`). Building and reading it is pure, so its bounds are
/// tested without a daemon; SnapDiscovery only moves it through Avahi.
public enum GameRecord {
    public static let serviceType = "_snaptable._tcp"

    /// An instance name is one DNS label: at most 63 bytes of UTF-8, and a player's name.
    public static let nameLimit = TextLimit(characters: Seating.maxNameLength, utf8Bytes: 63)
    /// A TXT record with more entries or bytes than this is not ours (ours has two short ones).
    public static let maxEntries = 8
    public static let maxBytes = 256
    /// Free seats above this are not a Snap! table's.
    public static let maxFree = 16

    /// The name to announce: `name` with its surrounding blanks and control characters gone,
    /// cut to one DNS label between characters; "SnapTable" when nothing is left.
    public static func instanceName(_ name: String) -> String {
        let clean = String(String.UnicodeScalarView(name.unicodeScalars.filter { !$0.properties.generalCategory.isControl }))
        let trimmed = clean.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        let cut = nameLimit.prefix(String(trimmed)).text
        let tidy = String(cut.reversed().drop { $0.isWhitespace }.reversed())
        return tidy.isEmpty ? "SnapTable" : tidy
    }

    /// The TXT entries for `free` seats at a table dealing `game`.
    public static func txt(free: Int, game: GameKind = .snap) -> [String] {
        ["protocol=\(NetProtocol.version)", "free=\(max(0, min(free, maxFree)))", "game=\(game.id)"]
    }

    /// The longest game id read from a record (ours are short; a longer one is not listed as it is).
    public static let maxGameID = 24

    /// The game a found record announces: its `game=` entry ("snap" when there is none: a host
    /// from before the other games), lowercase letters, digits and dashes only.
    public static func game(txt: [[UInt8]]) throws(Problem) -> String {
        for entry in txt {
            guard let eq = entry.firstIndex(of: UInt8(ascii: "=")), String(decoding: entry[..<eq], as: UTF8.self).lowercased() == "game" else { continue }
            let value = entry[(eq + 1)...]
            guard (1...maxGameID).contains(value.count), value.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }) else {
                throw .badGame(String(decoding: value.prefix(maxGameID), as: UTF8.self))
            }
            return String(decoding: value, as: UTF8.self)
        }
        return GameKind.snap.id
    }

    /// Why a found record is not a game to list.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case badName(String)
        case tooLarge(entries: Int, bytes: Int)
        case missing(String)
        case badValue(key: String, value: String)
        case otherProtocol(String)
        case badGame(String)

        public var description: String {
            switch self {
            case .badName(let why): "the name \(why)"
            case let .tooLarge(entries, bytes): "a TXT record of \(entries) entries and \(bytes) bytes (at most \(GameRecord.maxEntries) and \(GameRecord.maxBytes))"
            case .missing(let key): "no \(key)= in the TXT record"
            case let .badValue(key, value): "\(key)=\(value.prefix(32)) is not a number from 0 to \(GameRecord.maxFree)"
            case .otherProtocol(let v): "protocol \(v.prefix(16)), not \(NetProtocol.version)"
            case .badGame(let v): "game=\(v) is not a game id (a-z, 0-9 and -, at most \(GameRecord.maxGameID))"
            }
        }
    }

    /// Free seats from a found record's name and TXT entries (raw bytes, as on the wire). Keys
    /// are case-insensitive and the first of a key counts (RFC 6763, 6.4).
    public static func free(name: String, txt: [[UInt8]]) throws(Problem) -> Int {
        if name.isEmpty { throw .badName("is empty") }
        if let why = nameLimit.excess(name) { throw .badName(why) }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory.isControl }) {
            throw .badName("holds control characters")
        }
        let bytes = txt.reduce(0) { $0 + $1.count + 1 }
        guard txt.count <= maxEntries, bytes <= maxBytes else { throw .tooLarge(entries: txt.count, bytes: bytes) }
        var values: [String: String] = [:]
        for entry in txt {
            guard let eq = entry.firstIndex(of: UInt8(ascii: "=")), eq > 0 else { continue }
            let key = String(decoding: entry[..<eq], as: UTF8.self).lowercased()
            if values[key] == nil { values[key] = String(decoding: entry[(eq + 1)...], as: UTF8.self) }
        }
        guard let version = values["protocol"] else { throw .missing("protocol") }
        guard version == "\(NetProtocol.version)" else { throw .otherProtocol(version) }
        guard let text = values["free"] else { throw .missing("free") }
        guard (1...2).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(text), (0...maxFree).contains(n) else {
            throw .badValue(key: "free", value: text)
        }
        return n
    }
}

private extension Unicode.GeneralCategory {
    /// C0 and C1 controls: a tab or newline in a name would break `--list-games`' lines.
    var isControl: Bool { self == .control }
}
