/// Why a client from the menu is back there for good: the join screen says it in the player's
/// language, the log in English.
public enum Parting: Equatable, Sendable {
    /// The host ended the game.
    case hostLeft
    /// The connection went and did not come back; `why` is the network's own account.
    case lost(String)

    public func text(_ words: Words) -> String {
        switch self {
        case .hostLeft: words.tr("The host has left.")
        case .lost(let why): words.tr("Lost the host: {why}", ["why": why])
        }
    }
}
