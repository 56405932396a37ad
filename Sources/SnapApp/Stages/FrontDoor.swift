import Logging
import SnapCore
import SnapDiscovery
import Synchronization

/// The join screen's list of games: looked for (DNS-SD) while it shows. Avahi's thread hands
/// each new list over and wakes the loop; the loop gives it to the menu as one input.
final class FrontDoor {
    private var browsing: Browsing?

    /// Starts looking; the error when there is no daemon to ask.
    func startBrowsing(logger: Logger, wake: @escaping @Sendable () -> Void) throws {
        guard browsing == nil else { return }
        let found = FoundGames()
        let b = try GameBrowser(logger: logger) { games in
            found.put(games)
            wake()
        }
        browsing = Browsing(browser: b, found: found)
    }

    func stopBrowsing() {
        browsing?.browser.stop()
        browsing = nil
    }

    /// The games found since the last call, when the list changed.
    func takeFoundGames() -> [FoundGame]? { browsing?.found.take() }
}

/// A running browser and the list it last handed over.
private struct Browsing {
    let browser: GameBrowser
    let found: FoundGames
}

/// The newest list from Avahi's thread, until the loop takes it.
private final class FoundGames: Sendable {
    private let latest = Mutex<[FoundGame]?>(nil)
    func put(_ games: [FoundGame]) { latest.withLock { $0 = games } }
    func take() -> [FoundGame]? { latest.withLock { l in defer { l = nil }; return l } }
}
