/// Cuts a feed's byte stream into numbered lines of at most `limit` bytes. Each byte is looked
/// at once: a line arriving in many chunks is never re-scanned from its start. An overlong
/// line is reported (with its number) as soon as it passes the limit and dropped up to its
/// newline; the lines after it keep their true numbers.
public struct LineFramer: Sendable {
    public static let defaultLimit = 4096

    public let limit: Int
    /// How problems name the feed ("feed" for standard input, else the path).
    public let source: String
    /// Lines completed so far (dropped ones included).
    public private(set) var lineNumber = 0
    private var pending: [UInt8] = []
    private var discarding = false

    /// Bytes held for the line being built: never more than `limit`.
    public var pendingBytes: Int { pending.count }

    public init(source: String, limit: Int = LineFramer.defaultLimit) {
        self.source = source
        self.limit = max(1, limit)
    }

    public mutating func feed(_ chunk: ArraySlice<UInt8>) -> [FeedItem] {
        var out: [FeedItem] = []
        var rest = chunk
        while !rest.isEmpty {
            guard let nl = rest.firstIndex(of: 0x0A) else {
                take(rest, into: &out)
                break
            }
            take(rest[rest.startIndex..<nl], into: &out)
            lineNumber += 1
            if discarding {
                discarding = false
            } else {
                out.append(.line(number: lineNumber, text: String(decoding: pending, as: UTF8.self)))
            }
            pending.removeAll(keepingCapacity: true)
            rest = rest[(nl + 1)...]
        }
        return out
    }

    public mutating func feed(_ bytes: [UInt8]) -> [FeedItem] { feed(bytes[...]) }

    /// The end of the feed: a last line without a newline still counts.
    public mutating func finish() -> [FeedItem] {
        defer {
            pending.removeAll()
            discarding = false
        }
        guard !pending.isEmpty, !discarding else { return [] }
        lineNumber += 1
        return [.line(number: lineNumber, text: String(decoding: pending, as: UTF8.self))]
    }

    /// A problem placed at the line being read now (the one after the last complete line).
    public func problem(_ message: String) -> FeedItem {
        .problem(ScriptError(file: source, line: lineNumber + 1, message: message))
    }

    /// Bytes of the line being built (no newline among them).
    private mutating func take(_ part: ArraySlice<UInt8>, into out: inout [FeedItem]) {
        guard !discarding else { return }
        if pending.count + part.count > limit {
            out.append(.problem(ScriptError(file: source, line: lineNumber + 1, message: "line longer than \(limit) bytes (dropped)")))
            pending.removeAll(keepingCapacity: true)
            discarding = true
        } else {
            pending.append(contentsOf: part)
        }
    }
}
