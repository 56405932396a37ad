/// The independent view for a big screen across the room: the shared table row enlarged in the
/// middle, the seats' labels bigger around it, and no hand row (the local hand stays private;
/// a card carried up from the hand appears as it enters the view).
public enum TableViewBuilder {
    /// Board coordinates to table-view coordinates: the table row centred and enlarged.
    public static let boardScale = 1.55
    public static let boardCentre = Point(x: 640, y: 356)
    public static let viewCentre = Point(x: 640, y: 440)
    /// Labels are laid out on a smaller canvas and scaled up by this much.
    public static let labelScale = 1.35

    public static var boardOffset: Point {
        Point(x: viewCentre.x - boardCentre.x * boardScale, y: viewCentre.y - boardCentre.y * boardScale)
    }

    /// A point in the table view back to board coordinates (pointer input on the big screen).
    public static func toBoard(_ p: Point) -> Point {
        Point(x: (p.x - boardOffset.x) / boardScale, y: (p.y - boardOffset.y) / boardScale)
    }

    public static func build(_ table: Table, seating: Seating?, metrics: TextMetrics?, at t: Double, canvas: Size) -> DisplayList {
        let board = SceneBuilder.build(table, at: t, canvas: canvas)
        var list = DisplayList(canvas: canvas)
        // The felt stays full size; everything on the board is moved into the view's frame.
        list.still.append(.image(.table, Rect(x: 0, y: 0, w: canvas.w, h: canvas.h)))
        list.still += board.still.dropFirst().map { $0.mapped(scale: boardScale, offset: boardOffset) }
        // Things moving down in the hand are below this view: leaving them out keeps the big
        // screen's picture unchanged, so it is not drawn again.
        let visible = Rect(x: 0, y: 0, w: canvas.w, h: canvas.h)
        list.moving = board.moving.map { $0.mapped(scale: boardScale, offset: boardOffset) }
            .filter { $0.bounds.intersectionArea(with: visible) > 0 }
        if let seating, let metrics {
            let small = Size(w: canvas.w / labelScale, h: canvas.h / labelScale)
            list.still += SeatLayout.commands(seating, metrics: metrics, at: t, canvas: small, statusY: 150)
                .map { $0.mapped(scale: labelScale, offset: .zero) }
        }
        return list
    }
}
