import SnapCore
import SnapNet

/// What a windowed run is doing: the menu or a game here, serving a game, or at a host's table.
enum Stage {
    case here
    case host(NetHostPump, HostAnnouncement)
    case client(NetJoin)

    /// The stage's network goes with it.
    func stop() {
        switch self {
        case .here: break
        case .host(let pump, let announcement):
            announcement.withdraw()
            pump.stop()
        case .client(let join):
            join.inbox.close()
            join.link.stop()
        }
    }
}

/// Where the menu asked to go next; the loop of the stage now showing ends first.
enum NextStage: Equatable {
    /// Back to the menu (Leave, Stop hosting, the host gone).
    case menu
    /// Serve the table the session set up for hosting.
    case host
    case join(address: String, code: String)
    /// At the host's table: the join in `TableApp.joined` came through.
    case joined
}
