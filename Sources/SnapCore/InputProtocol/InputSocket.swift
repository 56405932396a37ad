import Foundation

/// Where the input daemon listens, and the socket address both sides need for it.
public enum InputSocket {
    /// `$XDG_RUNTIME_DIR/snap-table/input.sock`, or a per-user folder in /tmp without one.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp/snap-table-\(getuid())"
        return (runtime as NSString).appendingPathComponent("snap-table/input.sock")
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
