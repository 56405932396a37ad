/// The game's display lists for every window, frame after frame. What does not move is built
/// again only when the screen at rest changes: during a drag or a flight a frame costs the few
/// moving commands, not the labels and their text measurements.
public struct GamePictures {
    /// The screen at rest of the last lists made (what the frame shows, but for motion).
    public private(set) var atRest: GameScreen?
    private var player: SceneLayers?
    private var tableView: SceneLayers?
    /// How often the still layers were built (tests read it).
    public private(set) var builds = 0
    /// What `atRest` is the screen at rest of; nil when it was made from a screen directly.
    private var restKey: GameTable.RestKey?
    /// Frames whose screen at rest was known without making it (tests read it).
    public private(set) var restReused = 0

    public init() {}

    /// The lists for `table` at `t`. The screen is made anew (every seat, the status, the
    /// buttons) only when something at rest may have changed: in a drag or a flight a frame
    /// works out the card in hand and the cards in the air alone.
    public mutating func lists(for roles: [WindowRole], table: GameTable, at t: Double, metrics: TextMetrics, canvas: Size) -> [DisplayList] {
        let key = table.restKey
        if key == restKey, var screen = atRest {
            table.addMoving(to: &screen, at: t)
            restReused += 1
            // The screen at rest is the one the layers were built from: not compared again.
            return assemble(roles, screen, metrics: metrics, canvas: canvas)
        }
        let out = lists(for: roles, screen: table.screen(at: t), metrics: metrics, canvas: canvas)
        restKey = key
        return out
    }

    /// One display list per role, in order; `GameSceneBuilder` and `GameTableViewBuilder` draw them.
    public mutating func lists(for roles: [WindowRole], screen: GameScreen, metrics: TextMetrics, canvas: Size) -> [DisplayList] {
        let rest = screen.atRest
        if rest != atRest {
            atRest = rest
            // Lists asked for a screen directly: which game state it is of is not known.
            restKey = nil
            player = nil
            tableView = nil
        }
        return assemble(roles, screen, metrics: metrics, canvas: canvas)
    }

    /// The layers of `screen` at rest (built if they are not), with what moves on it on top.
    private mutating func assemble(_ roles: [WindowRole], _ screen: GameScreen, metrics: TextMetrics, canvas: Size) -> [DisplayList] {
        roles.map { role in
            if role == .table {
                if tableView == nil { tableView = GameTableViewBuilder.layers(screen, metrics: metrics, canvas: canvas); builds += 1 }
                return tableView!.assemble(moving: GameTableViewBuilder.moving(screen), canvas: canvas)
            }
            if player == nil { player = GameSceneBuilder.layers(screen, metrics: metrics, canvas: canvas); builds += 1 }
            return player!.assemble(moving: GameSceneBuilder.moving(screen), canvas: canvas)
        }
    }
}

extension GameScreen {
    /// The screen without what moves (flights and the card in hand): what the still layers show.
    public var atRest: GameScreen {
        var s = self
        s.flights = []
        s.held = nil
        return s
    }
}
