/// Typing with a controller: a grid of keys over the screen, for the text field it was opened
/// on. The d-pad moves between keys, A types one, B closes it.
public struct OnScreenKeyboard: Equatable, Sendable {
    /// The field it types into.
    public var field: String
    /// The letters with accents show instead of the plain ones (the "ÀÉ" key switches).
    public private(set) var accents = false
    public var row = 0
    public var column = 0

    public static let columns = 10

    public init(field: String) {
        self.field = field
    }

    /// Rows of keys; each key's item id is `key-` and its character, or a word for the others.
    /// Names get the accented letters' key; codes and addresses take A to Z and digits only.
    public var rows: [[String]] {
        (accents ? Self.accented : Self.plain) + [field == "name" ? ["space", "accents", "delete", "done"] : ["space", "delete", "done"]]
    }

    static let plain = ["1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM.:'"].map { $0.map(String.init) }
    /// What French, German and Spanish names need beyond A to Z (and Portuguese and Italian
    /// most of theirs): the capitals, with ß, which has none in names.
    static let accented = ["ÀÂÄÁÃÅÆÇÈÉ", "ÊËÌÍÎÏÑÒÓÔ", "ÕÖØŒÙÚÛÜÝŸ", "ß¡¿'-.ÐÞ&!"].map { $0.map(String.init) }

    /// Shows the other letters, keeping the cursor where it is.
    public mutating func switchLetters() {
        accents.toggle()
    }

    public var focusedKey: String { rows[row][min(column, rows[row].count - 1)] }

    /// What a key types; nil for the keys that do something else.
    public static func character(_ key: String) -> String? {
        switch key {
        case "space": " "
        case "delete", "done", "accents": nil
        default: key
        }
    }

    public func label(_ key: String, _ words: Words) -> String {
        switch key {
        case "space": words.tr("Space")
        // TRANSLATORS: the on-screen keyboard's key that removes the last letter.
        case "delete": "\u{232B} " + words.tr("Delete")
        case "done": words.tr("Done")
        case "accents": accents ? "ABC" : "ÀÉÑ"
        default: key
        }
    }

    public static func id(_ key: String) -> String { "key-\(key)" }

    /// Moves the cursor; the short last row's keys are each as wide as several letters.
    public mutating func move(_ d: Direction) {
        switch d {
        case .left: column = (column + rows[row].count - 1) % rows[row].count
        case .right: column = (column + 1) % rows[row].count
        case .up, .down:
            let from = rows[row].count
            row = (row + (d == .up ? rows.count - 1 : 1)) % rows.count
            // Keep roughly the same place across rows of different lengths.
            column = min(rows[row].count - 1, column * rows[row].count / max(1, from))
        }
    }

    public mutating func focus(_ key: String) {
        for (r, keys) in rows.enumerated() {
            if let c = keys.firstIndex(of: key) { row = r; column = c; return }
        }
    }
}
