import Logging
import SnapCore
import SnapDiscovery

/// A hosted game on the local network: announced under a name (or not at all, when the host
/// asked to stay invisible), its free seats kept current, withdrawn when hosting ends. Without
/// avahi-daemon the host says so once and plays on: the game can still be joined by address.
final class HostAnnouncement {
    private var announcer: GameAnnouncer?
    private var free: Int
    private var game: GameKind

    /// `name` nil: not announced.
    init(as name: String?, port: Int, bind: String, free: Int, game: GameKind, logger: Logger) {
        self.free = free
        self.game = game
        guard let name else { return }
        do {
            announcer = try GameAnnouncer(name: name, port: port, free: free, game: game, bind: bind, logger: logger)
        } catch {
            logger.notice("not announced on the network: \(error); join by address")
        }
    }

    /// After the host's loop turned: the announcement follows the free seats and the game
    /// (chosen again on the host's screen before the first deal).
    func refresh(_ host: NetHost, table: GameTable?) {
        let n = host.freeSeats(in: table), g = table?.kind ?? game
        guard n != free || g != game else { return }
        free = n
        game = g
        announcer?.update(free: n, game: g)
    }

    func withdraw() {
        announcer?.withdraw()
        announcer = nil
    }
}
