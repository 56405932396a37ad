/// A game announced on the local network (DNS-SD), as the join screen lists it.
public struct FoundGame: Equatable, Sendable, Hashable {
    /// The host player's name (the service's instance name).
    public var name: String
    /// An address to reach it at (IPv4 preferred, so joining needs no name lookup).
    public var host: String
    public var port: Int
    /// Seats nobody has taken.
    public var free: Int

    public init(name: String, host: String, port: Int, free: Int) {
        self.name = name
        self.host = host
        self.port = port
        self.free = free
    }

    /// HOST:PORT as `--join` takes it (IPv6 in brackets).
    public var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
