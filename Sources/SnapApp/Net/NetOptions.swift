import SnapCore

/// Network play as asked on the command line.
public struct NetOptions: Sendable {
    public enum Role: Sendable {
        /// Serve this table: on `bind:port` (0: any free port) with a join code. `startWith`:
        /// a headless host deals by itself once that many clients are seated.
        case host(bind: String, port: Int, code: String, headless: Bool, startWith: Int?)
        /// Join a host's table as `name` (with `token`, come back to a seat).
        case join(address: String, code: String, name: String, token: String?)
    }

    public var role: Role
    /// Appends one line per update ("seq N digest HEX phase P cards ok|BAD"), for tests that
    /// check every machine showed the same game after every step.
    public var netLog: String?
    /// Where the host's address and join code (or the client's welcome) are written for tools.
    public var infoFile: String?

    public init(role: Role, netLog: String? = nil, infoFile: String? = nil) {
        self.role = role
        self.netLog = netLog
        self.infoFile = infoFile
    }

    /// The port a host serves on unless told otherwise.
    public static let defaultPort = 7420

    /// A short join code: five letters and digits that cannot be misread (no 0/O, 1/I).
    public static func makeCode<G: RandomNumberGenerator>(using g: inout G) -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        return String((0..<5).map { _ in alphabet[Int(g.next() % UInt64(alphabet.count))] })
    }
}
