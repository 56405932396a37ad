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
        DisplayList(canvas: canvas, still: still(table, seating: seating, metrics: metrics, at: t, canvas: canvas),
                    moving: moving(table, at: t, canvas: canvas))
    }

    /// The felt full size, the board's still layer moved into the view's
    /// frame, the seats' labels scaled up and the highlights over them.
    static func still(_ table: Table, seating: Seating?, metrics: TextMetrics?, at t: Double, canvas: Size) -> [DrawCommand] {
        var still: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: canvas.w, h: canvas.h))]
        let board = SceneBuilder.still(table, seating: nil, metrics: nil, at: t, canvas: canvas)
        still += board.dropFirst().map { $0.mapped(scale: boardScale, offset: boardOffset) }
        if let seating, let metrics {
            let small = Size(w: canvas.w / labelScale, h: canvas.h / labelScale)
            still += SeatLayout.commands(seating, metrics: metrics, at: t, canvas: small, statusY: 150)
                .map { $0.mapped(scale: labelScale, offset: .zero) }
        }
        // Over the labels, as when they moved with the card.
        return still + SceneBuilder.highlights(table, at: t).map { $0.mapped(scale: boardScale, offset: boardOffset) }
    }

    /// The board's moving things in the view's frame. Things moving down in the hand are below
    /// this view: leaving them out keeps the big screen's picture unchanged, so it is not drawn again.
    static func moving(_ table: Table, at t: Double, canvas: Size) -> [DrawCommand] {
        let visible = Rect(x: 0, y: 0, w: canvas.w, h: canvas.h)
        return SceneBuilder.moving(table, at: t, canvas: canvas, focus: nil, metrics: nil)
            .map { $0.mapped(scale: boardScale, offset: boardOffset) }
            .filter { $0.bounds.intersectionArea(with: visible) > 0 }
    }
}
