import CAvahi

/// Why the local network cannot be searched or told about a game. Games can still be joined by
/// address, so the message says so.
public struct DiscoveryError: Error, CustomStringConvertible {
    public let description: String
    /// No daemon to ask (avahi-daemon or the system bus is not there): the common case, which
    /// the join screen says in the player's own words.
    public let noDaemon: Bool

    public init(_ description: String, noDaemon: Bool = false) {
        self.description = description
        self.noDaemon = noDaemon
    }

    /// From an Avahi error number: a missing daemon (or system bus) said plainly.
    init(avahi code: Int32, doing what: String) {
        switch Int(code) {
        case AVAHI_ERR_NO_DAEMON:
            self.init("no DNS-SD daemon: avahi-daemon is not running (start it, or join by address)", noDaemon: true)
        case AVAHI_ERR_DBUS_ERROR, AVAHI_ERR_DISCONNECTED:
            self.init("no DNS-SD daemon: the system D-Bus or avahi-daemon is not reachable (\(Self.text(code))); start them, or join by address",
                      noDaemon: true)
        default:
            self.init("DNS-SD (Avahi) could not \(what): \(Self.text(code))")
        }
    }

    static func text(_ code: Int32) -> String { String(cString: avahi_strerror(code)) }
}
