import SnapCore
import SnapNet

/// What a windowed run is doing. Each stage owns what only it needs and takes its network with
/// it when it ends; one frame loop drives whichever is on (`TableApp.runStages`).
enum Stage {
    /// The menu or a game at this machine.
    case here(FrontDoor)
    /// A join under way: the menu says "Joining…" and goes on drawing; backing out calls it off.
    case joining(PendingJoin, FrontDoor)
    /// Serving the table to clients.
    case host(HostStage)
    /// At another machine's table.
    case client(ClientStage)

    /// The join screen's search for games, on the stages that show the menu.
    var frontDoor: FrontDoor? {
        switch self {
        case .here(let f), .joining(_, let f): f
        case .host, .client: nil
        }
    }

    /// The stage's network goes with it (the front door is handed on by the next stage, or stopped).
    func stop() {
        switch self {
        case .here: break
        case .joining(let pending, _): pending.giveUp()
        case .host(let h): h.stop()
        case .client(let c): c.stop()
        }
    }
}

/// Where the menu (or a join coming through) asked to go next; the stage on now ends first.
enum NextStage {
    /// Back to the menu (Leave, Stop hosting, the host gone).
    case menu
    /// Serve the table the session set up for hosting.
    case host
    case join(address: String, code: String)
    /// At the host's table, with the join that came through.
    case joined(NetJoin)
}
