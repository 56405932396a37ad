import Logging
import SnapCore
import SnapDiscovery

/// A hosted game on the local network: announced under a name (or not at all, when the host
/// asked to stay invisible), its free seats kept current, withdrawn when hosting ends. Without
/// avahi-daemon the host says so once and plays on: the game can still be joined by address.
final class HostAnnouncement {
    private var announcer: GameAnnouncer?
    private var free: Int

    /// `name` nil: not announced.
    init(as name: String?, port: Int, bind: String, free: Int, logger: Logger) {
        self.free = free
        guard let name else { return }
        do {
            announcer = try GameAnnouncer(name: name, port: port, free: free, bind: bind, logger: logger)
        } catch {
            logger.notice("not announced on the network: \(error); join by address")
        }
    }

    /// After the host's loop turned: the announcement follows the free seats.
    func refresh(_ host: NetHost, table: GameTable?) {
        let n = host.freeSeats(in: table)
        guard n != free else { return }
        free = n
        announcer?.update(free: n)
    }

    func withdraw() {
        announcer?.withdraw()
        announcer = nil
    }
}
