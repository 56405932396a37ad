import Dispatch
import Logging
import SnapCore
import Synchronization

/// `snap-table --list-games`: the games on the local network, one per line
/// (`NAME<TAB>HOST:PORT<TAB>FREE`), for people and for scripts and tests.
public enum ListGames {
    /// Browses until the list is settled or `seconds` pass, prints it and returns the exit
    /// status: 0 (an empty list included), 1 with a message on standard error when no DNS-SD
    /// daemon is reachable.
    public static func run(seconds: Double = 3, logger: Logger = Logger(label: "snap-table.discovery")) -> Int32 {
        switch find(seconds: seconds, logger: logger) {
        case .success(let games):
            StandardOutput.write(games.map(line).joined())
            return 0
        case .failure(let error):
            StandardError.write("snap-table: error: cannot list games: \(error)\n")
            return 1
        }
    }

    /// The games found within `seconds` (less when the daemon has told all and every one is resolved).
    public static func find(seconds: Double, logger: Logger) -> Result<[FoundGame], DiscoveryError> {
        let latest = Mutex(GameBrowser.Snapshot(games: [], settled: false))
        let settled = DispatchSemaphore(value: 0)
        let browser: GameBrowser
        do {
            browser = try GameBrowser(logger: logger) { snapshot in
                let first = latest.withLock { old in
                    defer { old = snapshot }
                    return snapshot.settled && !old.settled
                }
                if first { settled.signal() }
            }
        } catch {
            return .failure(error)
        }
        _ = settled.wait(timeout: .now() + .milliseconds(Int(max(0, seconds) * 1000)))
        browser.stop()
        return .success(latest.withLock { $0.games })
    }

    /// One game's line.
    public static func line(_ g: FoundGame) -> String { "\(g.name)\t\(g.address)\t\(g.free)\t\(g.game)\n" }
}
