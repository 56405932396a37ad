/// Lines of a live feed (`--feed`): the replay's seat verbs without a time. A bad line is
/// reported with its number and skipped; the feed goes on.
public struct SeatFeed: Sendable {
    public private(set) var lineNumber = 0
    public let source: String

    public init(source: String) { self.source = source }

    /// Parses one line; nil for blank lines and comments.
    /// `number` is the line's own number when the reader counted it (dropped lines included).
    public mutating func parse(_ line: String, number: Int? = nil) -> Result<SeatCommand, ScriptError>? {
        lineNumber = number ?? lineNumber + 1
        let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard !words.isEmpty else { return nil }
        do {
            return .success(try SeatCommand.parse(words))
        } catch {
            return .failure(ScriptError(file: source, line: lineNumber, message: error.message))
        }
    }

    /// Applies a line to `seating`; the error, if any, names the feed and the line.
    public mutating func apply(_ line: String, number: Int? = nil, to seating: inout Seating, time t: Double) -> ScriptError? {
        guard let parsed = parse(line, number: number) else { return nil }
        switch parsed {
        case .failure(let e):
            return e
        case .success(let command):
            do { try seating.apply(command, time: t) } catch {
                return ScriptError(file: source, line: lineNumber, message: error.message)
            }
            return nil
        }
    }

    /// Applies what a feed reader handed over: a line is applied as above; a problem of the
    /// reader (an overlong line, a read error) is returned to be logged like a bad line.
    public mutating func apply(_ item: FeedItem, to seating: inout Seating, time t: Double) -> ScriptError? {
        switch item {
        case .line(let number, let text): return apply(text, number: number, to: &seating, time: t)
        case .problem(let e):
            lineNumber = max(lineNumber, e.line)
            return e
        }
    }
}
