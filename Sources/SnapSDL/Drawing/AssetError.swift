/// Art or a font that could not be used, naming the file.
public enum AssetError: Error, CustomStringConvertible, Sendable {
    case missing(path: String, what: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path, let what): "\(what) not found: \(path)"
        case .unreadable(let path, let reason): "cannot use \(path): \(reason)"
        }
    }
}
