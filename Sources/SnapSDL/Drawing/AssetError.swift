/// Art or a font that could not be used, naming the file.
public enum AssetError: Error, CustomStringConvertible, Sendable, Equatable {
    case missing(path: String, what: String)
    case unreadable(path: String, reason: String)
    /// Over a limit checked before reading or decoding: what was found, and the limit.
    case tooLarge(path: String, found: String, limit: String)

    public var description: String {
        switch self {
        case .missing(let path, let what): "\(what) not found: \(path)"
        case .unreadable(let path, let reason): "cannot use \(path): \(reason)"
        case .tooLarge(let path, let found, let limit): "cannot use \(path): \(found); \(limit)"
        }
    }
}
