/// Everything a player or the shell can do to a game. Players are named by id. A record
/// (`GameJournal`) writes one as `{"callSnap": {"player": "Ben"}}`, Swift's form for enums.
public enum GameInput: Sendable, Equatable, Codable {
    /// Turn the top closed card onto the open pile (only the active player).
    case turnOver(player: String)
    /// Call Snap! (any player still in).
    case callSnap(player: String)
    /// Deal the next round (only after a round is over).
    case nextRound
    /// Stop the whole game: computer players, timers and flights freeze until `resume`.
    case pause
    case resume
    /// A person (the local player or a controller) plays this seat from now on.
    case takeSeat(player: String)
    /// The seat goes back to a computer player (a controller was unplugged).
    case handBack(player: String)

    public var player: String? {
        switch self {
        case let .turnOver(p), let .callSnap(p), let .takeSeat(p), let .handBack(p): p
        case .nextRound, .pause, .resume: nil
        }
    }
}
