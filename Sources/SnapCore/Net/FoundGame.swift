/// A game another machine (or this one) announces on the local network: what the join menu and
/// `snap-table --list-games` show. The join code is not part of it: it is never announced.
public struct FoundGame: Equatable, Sendable, Hashable {
    /// The announced name (the host player's), as Avahi made it unique on the network.
    public var name: String
    /// The host's numeric address (IPv4), so joining needs no name lookup.
    public var host: String
    public var port: Int
    /// Seats a client can still take.
    public var free: Int
    /// The game it deals, by id ("snap", "snap-pool"; possibly one this version does not know).
    public var game: String

    /// What `--join` takes.
    public var address: String { "\(host):\(port)" }

    public init(name: String, host: String, port: Int, free: Int, game: String = GameKind.snap.id) {
        self.game = game
        self.name = name
        self.host = host
        self.port = port
        self.free = free
    }
}
