/// Why a line from the input daemon was dropped.
public enum InputProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    case oversize(Int)
    case invalid(String)
    case unknownType(String)
    case badValue(String, String)
    case truncated(Int)

    public var description: String {
        switch self {
        case .oversize(let n): "line of \(n) bytes is over the \(InputMessage.maxLineBytes)-byte limit"
        case .invalid(let why): "invalid line: \(why)"
        case .unknownType(let t): "unknown message type '\(t)'"
        case .badValue(let type, let field): "\(type) message: missing or out-of-range \"\(field)\""
        case .truncated(let n): "the peer closed in the middle of a line (\(n) bytes dropped)"
        }
    }

    /// The kind, for logging each reason once rather than once per line.
    public var kind: String {
        switch self {
        case .oversize: "oversize"
        case .invalid: "invalid"
        case .unknownType(let t): "unknown:\(t)"
        case .badValue(let t, let f): "bad:\(t).\(f)"
        case .truncated: "truncated"
        }
    }
}
