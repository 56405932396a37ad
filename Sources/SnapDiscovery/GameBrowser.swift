import CAvahi
import Logging
import SnapCore
import Synchronization

/// Watches the local network for announced games until `stop()` or the end of this object.
/// Every service found is resolved to an IPv4 address and port (joining needs no name lookup,
/// so no nss-mdns), and its resolver stays open to hear TXT changes.
public final class GameBrowser {
    /// What has been found so far, and whether it is complete for now: the daemon has told all
    /// it knows and every service found is resolved (or failed to be).
    public struct Snapshot: Sendable, Equatable {
        /// Sorted by name.
        public var games: [FoundGame]
        public var settled: Bool
    }

    /// Games kept at once; the services behind them (one per interface), twice that.
    public static let maxGames = 64

    private let browsing: Browsing
    private let connection: AvahiConnection

    /// `onChange` hears the whole list (sorted by name) whenever a game appears, changes or
    /// goes. It runs on Avahi's thread: it must return soon and must not call `stop()`.
    public convenience init(logger: Logger = Logger(label: "snap-table.discovery"),
                            onChange: @escaping @Sendable ([FoundGame]) -> Void) throws(DiscoveryError) {
        let last = LastList()
        try self.init(logger: logger) { snapshot in
            if last.replace(with: snapshot.games) { onChange(snapshot.games) }
        }
    }

    /// As `init(onChange:)`, but also told when the list is settled.
    public init(logger: Logger = Logger(label: "snap-table.discovery"),
                onSnapshot: @escaping @Sendable (Snapshot) -> Void) throws(DiscoveryError) {
        let browsing = Browsing(log: logger, report: onSnapshot)
        self.browsing = browsing
        // The browser is made as the client reports the daemon running: before this returns,
        // and again after a daemon restart.
        connection = try AvahiConnection { client, state in browsing.client(client, changedTo: state) }
        if let failure = browsing.failure {
            connection.close()
            throw failure
        }
        do { try connection.start() } catch {
            connection.close()
            throw error
        }
    }

    /// Stops watching: no callback comes after this returns. Idempotent.
    public func stop() { connection.close() }

    deinit { connection.close() }
}

/// The list last handed to `onChange`, to hand on changes only.
private final class LastList: Sendable {
    // Called on Avahi's thread only, one call at a time; the lock keeps the compiler's proof simple.
    private let games = Mutex<[FoundGame]?>(nil)

    /// True when `list` differs from the last one (and is now the last one).
    func replace(with list: [FoundGame]) -> Bool {
        games.withLock { last in
            guard last != list else { return false }
            last = list
            return true
        }
    }
}
