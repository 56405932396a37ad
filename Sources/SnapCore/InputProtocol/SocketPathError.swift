#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// Why the input socket's place cannot be used. Each names the path and what is wrong with it;
/// none of them removed or changed anything.
public enum SocketPathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The socket directory is a link, a file, ...: never followed, never replaced.
    case notADirectory(String, FileFacts.Kind)
    case notOurs(String, owner: uid_t, euid: uid_t)
    case badMode(String, mode_t)
    /// Something that is not a socket sits at the socket path.
    case occupied(String, FileFacts.Kind)
    /// A daemon answers on the socket path.
    case inUse(String)
    case missingParent(String)
    case tooLong(String)
    case system(String, String, Int32)

    public var description: String {
        switch self {
        case .notADirectory(let p, let kind):
            "\(p) is a \(kind.rawValue), not a directory: refusing to use it for the socket (links are never followed there)"
        case .notOurs(let p, let owner, let euid):
            "\(p) belongs to uid \(owner), not to us (uid \(euid)): refusing to use it"
        case .badMode(let p, let mode):
            "\(p) has mode \(Self.octal(mode)); the socket directory must be 0700 (only its owner may enter): refusing to use it"
        case .occupied(let p, let kind):
            "\(p) is a \(kind.rawValue), not a socket: refusing to start (it was left alone)"
        case .inUse(let p):
            "another input daemon is serving \(p): refusing to start (it keeps serving)"
        case .missingParent(let p):
            "the directory of \(p) does not exist (it is not created for an explicit socket path)"
        case .tooLong(let p):
            "socket path too long for a Unix socket (\(p.utf8.count) bytes): \(p)"
        case .system(let call, let p, let code):
            "\(call) \(p): \(String(cString: strerror(code)))"
        }
    }

    /// A mode as four octal digits, as ls and chmod write it.
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
