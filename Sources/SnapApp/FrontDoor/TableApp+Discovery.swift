/// The join screen's list of games: looked for while it shows.
extension TableApp {
    func startBrowsing() {}
    func stopBrowsing() {
        browser?.stop()
        browser = nil
    }
    /// The games found since the last call, when the list changed.
    func takeFoundGames() -> [FoundGame]? { nil }
}
import SnapCore
