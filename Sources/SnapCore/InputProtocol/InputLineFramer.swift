/// Cuts a byte stream into lines with a size limit. An oversize line is dropped whole (up to
/// its newline) and reported once; framing then resumes with the next line.
public struct InputLineFramer: Sendable {
    private var buffer: [UInt8] = []
    private var discarding = false
    public let limit: Int

    public init(limit: Int = InputMessage.maxLineBytes) { self.limit = limit }

    public enum Piece: Equatable, Sendable {
        case line(String)
        case dropped(InputProtocolError)
    }

    public mutating func feed<S: Sequence>(_ bytes: S) -> [Piece] where S.Element == UInt8 {
        var out: [Piece] = []
        for b in bytes {
            if b == 0x0A {
                if discarding { discarding = false } else { out.append(.line(String(decoding: buffer, as: UTF8.self))) }
                buffer.removeAll(keepingCapacity: true)
                continue
            }
            guard !discarding else { continue }
            buffer.append(b)
            if buffer.count >= limit {
                out.append(.dropped(.oversize(buffer.count)))
                buffer.removeAll(keepingCapacity: true)
                discarding = true
            }
        }
        return out
    }

    /// The peer closed: a partial line is dropped and reported.
    public mutating func finish() -> Piece? {
        defer { buffer.removeAll(); discarding = false }
        return buffer.isEmpty ? nil : .dropped(.truncated(buffer.count))
    }
}
