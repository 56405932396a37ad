import Logging
import SnapCore
import SnapDiscovery
import Synchronization

/// The join screen's list of games: looked for (DNS-SD) while it shows. Avahi's thread hands
/// each new list over and wakes the loop; the loop gives it to the menu as one input.
extension TableApp {
    func startBrowsing() {
        guard browser == nil else { return }
        let found = FoundGames()
        let wake = loopWake
        do {
            let b = try GameBrowser(logger: log) { games in
                found.put(games)
                wake()
            }
            browser = Browsing(browser: b, found: found)
        } catch {
            // No daemon: the list stays empty and says so; joining by address still works.
            log.notice("looking for games on the network: \(error)")
            // What the join screen already says (a join that failed) matters more.
            guard session.menu?.message == nil else { return }
            send(.menu(.say("No games can be found here: \(error). Join by address instead.", back: .join)), at: live?.clock.now ?? 0)
        }
    }

    /// Wakes the running loop from another thread (nothing before the loop runs).
    var loopWake: @Sendable () -> Void {
        guard let live else { return {} }
        return live.wake
    }

    func stopBrowsing() {
        browser?.browser.stop()
        browser = nil
    }

    /// The games found since the last call, when the list changed.
    func takeFoundGames() -> [FoundGame]? { browser?.found.take() }
}

/// A running browser and the list it last handed over.
final class Browsing {
    let browser: GameBrowser
    let found: FoundGames

    init(browser: GameBrowser, found: FoundGames) {
        self.browser = browser
        self.found = found
    }
}

/// The newest list from Avahi's thread, until the loop takes it.
final class FoundGames: Sendable {
    private let latest = Mutex<[FoundGame]?>(nil)
    func put(_ games: [FoundGame]) { latest.withLock { $0 = games } }
    func take() -> [FoundGame]? { latest.withLock { l in defer { l = nil }; return l } }
}
