/// The sandbox's display lists for every window, frame after frame. What is still (the felt,
/// the cards at rest, the seats, the highlights) is built again only when it may have changed:
/// while a card follows the pointer a frame works out what moves alone.
public struct SandboxPictures {
    private var key: RestKey?
    private var player: [DrawCommand]?
    private var tableView: [DrawCommand]?
    /// How often a still layer was built (tests read it).
    public private(set) var builds = 0

    public init() {}

    /// What the still layers are made of: equal keys, the same still layers.
    struct RestKey: Equatable {
        let sandbox: Identity
        let table: Int
        let seating: Int
        /// Bubbles only go by themselves (a new one bumps the seating's revision): how many
        /// show says which.
        let bubbles: Int
        let highlights: [DrawCommand]

        static func == (a: RestKey, b: RestKey) -> Bool {
            a.sandbox === b.sandbox && a.table == b.table && a.seating == b.seating && a.bubbles == b.bubbles && a.highlights == b.highlights
        }
    }

    /// One display list per role, in order: the same as `SceneBuilder.build` (the player's window
    /// and a mirror) and `TableViewBuilder.build` (the table view) make.
    public mutating func lists(for roles: [WindowRole], sandbox: Sandbox, seating: Seating, metrics: TextMetrics, at t: Double,
                               canvas: Size) -> [DisplayList] {
        let table = sandbox.table
        let key = RestKey(sandbox: sandbox.identity, table: table.restRevision, seating: seating.revision,
                          bubbles: seating.snapUntil.values.reduce(0) { $1 > t ? $0 + 1 : $0 },
                          highlights: SceneBuilder.highlights(table, at: t))
        if key != self.key {
            self.key = key
            player = nil
            tableView = nil
        }
        // What moves, worked out once a frame for each kind of window (a mirror shows the player's).
        var playerMoving: [DrawCommand]?, tableMoving: [DrawCommand]?
        return roles.map { role in
            if role == .table {
                if tableView == nil { tableView = TableViewBuilder.still(table, seating: seating, metrics: metrics, at: t, canvas: canvas); builds += 1 }
                if tableMoving == nil { tableMoving = TableViewBuilder.moving(table, at: t, canvas: canvas) }
                return DisplayList(canvas: canvas, still: tableView!, moving: tableMoving!)
            }
            if player == nil {
                player = SceneBuilder.still(table, seating: seating, metrics: metrics, at: t, canvas: canvas) + key.highlights
                builds += 1
            }
            if playerMoving == nil { playerMoving = SceneBuilder.moving(table, at: t, canvas: canvas, focus: sandbox.focus, metrics: metrics) }
            return DisplayList(canvas: canvas, still: player!, moving: playerMoving!)
        }
    }
}
