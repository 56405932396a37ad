/// The words a player reads, in their language. The core asks for English text by its English
/// form (the gettext msgid); the shell backs the lookups with glibc's gettext, tests with a table.
/// Placeholders are named, `{name}`, so a translation may put them in any order.
public struct Words: Sendable {
    /// The language the words are in ("en", "fr", ...), for the state and the phone page.
    public let code: String
    /// Bumped by the shell each time the lookups change, so pictures built from old words go.
    public let generation: Int
    private let lookup: @Sendable (String) -> String
    private let lookupPlural: @Sendable (String, String, Int) -> String

    public init(code: String, generation: Int = 0, lookup: @escaping @Sendable (String) -> String,
                plural: @escaping @Sendable (String, String, Int) -> String) {
        self.code = code
        self.generation = generation
        self.lookup = lookup
        self.lookupPlural = plural
    }

    /// English: every message as written in the sources.
    public static let english = Words(code: "en", lookup: { $0 }, plural: { one, many, n in n == 1 ? one : many })

    /// `message` in this language, with each `{key}` replaced by its value.
    public func tr(_ message: String, _ values: [String: String] = [:]) -> String {
        Self.fill(lookup(message), values)
    }

    /// The form of `one`/`many` for `n` by the language's plural rule, `{n}` filled with `n`.
    public func trn(_ one: String, _ many: String, _ n: Int, _ values: [String: String] = [:]) -> String {
        var all = values
        all["n"] = String(n)
        return Self.fill(lookupPlural(one, many, n), all)
    }

    /// Replaces `{key}` by `values[key]`; an unknown key stays as written, so a translator's typo
    /// shows on screen instead of losing the value.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            out += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            if let v = values[key] {
                out += v
                rest = rest[rest.index(after: close)...]
            } else {
                // Not a placeholder we know: the brace stays, and what follows it is read again
                // ("{{n}}" keeps its outer braces around the value).
                out += "{"
                rest = rest[rest.index(after: open)...]
            }
        }
        return out + rest
    }
}

extension Words: Equatable {
    public static func == (a: Words, b: Words) -> Bool { a.code == b.code && a.generation == b.generation }
}

extension Words: Hashable {
    public func hash(into h: inout Hasher) { h.combine(code); h.combine(generation) }
}
