/// A bound on text that reaches the screen, in Characters (what a reader counts) and in UTF-8
/// bytes (what measuring and rendering cost: one Character can hold thousands of combining marks).
public struct TextLimit: Sendable, Equatable {
    public var characters: Int
    public var utf8Bytes: Int

    public init(characters: Int, utf8Bytes: Int) {
        self.characters = characters
        self.utf8Bytes = utf8Bytes
    }

    /// Player names and ids: a name plate shows about 25 characters; 4 bytes a character
    /// leaves room for any script and most emoji.
    public static let name = TextLimit(characters: 64, utf8Bytes: 256)
    /// The status line: the box shows about 55 characters; longer text is cut at input.
    public static let status = TextLimit(characters: 200, utf8Bytes: 800)
    /// What the fit-to-width routine measures at most, above every input limit.
    public static let layout = TextLimit(characters: 256, utf8Bytes: 1024)

    /// Why `text` is over the limit ("is longer than 64 characters"), or nil when it is within.
    /// Costs at most `utf8Bytes` steps, however long the text.
    public func excess(_ text: String) -> String? {
        let bytes = text.utf8.count
        if bytes > utf8Bytes {
            return "is \(bytes) bytes long in UTF-8, more than \(utf8Bytes) (at most \(characters) characters and \(utf8Bytes) bytes)"
        }
        return text.count > characters ? "is longer than \(characters) characters" : nil
    }

    /// The longest prefix within the limit, and whether anything was cut. The cut falls between
    /// Characters, except inside a first Character that is alone over the byte limit.
    /// Looks at no more than the limit's worth of the text.
    public func prefix(_ text: String) -> (text: String, cut: Bool) {
        var bytes = 0
        var end = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        while end < scalars.endIndex {
            let n = UTF8.width(scalars[end])
            if bytes + n > utf8Bytes { break }
            bytes += n
            end = scalars.index(after: end)
        }
        var kept = String(scalars[..<end])
        var cut = end < scalars.endIndex
        if cut, let next = scalars[end...].first, kept.count > 1 {
            // The next scalar joining the last Character means that Character was cut: drop it.
            if (kept + String(next)).count == kept.count { kept.removeLast() }
        }
        if kept.count > characters {
            kept = String(kept.prefix(characters))
            cut = true
        }
        return (kept, cut)
    }

    /// `text`, or when over the limit its longest prefix that fits with "…" after it.
    public func clipped(_ text: String) -> String {
        var shorter = self
        shorter.characters -= 1
        shorter.utf8Bytes -= TextFit.ellipsis.utf8.count
        guard excess(text) != nil else { return text }
        return shorter.prefix(text).text + TextFit.ellipsis
    }
}
