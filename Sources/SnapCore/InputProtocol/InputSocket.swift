#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// Where the input daemon listens, and the socket address both sides need for it.
public enum InputSocket {
    /// The default socket and the private directory that holds it.
    public struct Location: Equatable, Sendable {
        /// Our own 0700 directory: the daemon creates it when missing and refuses it when it is
        /// not ours, not 0700 or not a real directory (see `SocketPlace`).
        public var directory: String
        public var path: String
        /// Set when XDG_RUNTIME_DIR is unusable: the XDG spec asks for a warning about the fallback.
        public var warning: String?
    }

    /// `$XDG_RUNTIME_DIR/snap-table/input.sock`; without XDG_RUNTIME_DIR (or with a relative one,
    /// which the XDG spec says to ignore) `/tmp/snap-table-EUID/input.sock`, as tmux does.
    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       euid: uid_t = geteuid(), tmp: String = "/tmp") -> Location {
        let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
        if runtime.hasPrefix("/") {
            let dir = PathText.join(runtime, "snap-table")
            return Location(directory: dir, path: PathText.join(dir, "input.sock"))
        }
        let dir = PathText.join(tmp, "snap-table-\(euid)")
        let why = runtime.isEmpty ? "XDG_RUNTIME_DIR is not set" : "XDG_RUNTIME_DIR is not an absolute path (\(runtime))"
        return Location(directory: dir, path: PathText.join(dir, "input.sock"),
                        warning: "\(why); using \(dir) instead")
    }

    /// The default socket path (see `defaultLocation`).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        defaultLocation(environment: environment).path
    }

    /// Calls `body` with the Unix socket address of `path`; nil when the path is too long for one.
    public static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T? {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
