/// A step of a focus cursor.
public enum Direction: String, CaseIterable, Sendable {
    case up, down, left, right

    var vector: Point {
        switch self {
        case .up: Point(x: 0, y: -1)
        case .down: Point(x: 0, y: 1)
        case .left: Point(x: -1, y: 0)
        case .right: Point(x: 1, y: 0)
        }
    }

    /// Where a stick or d-pad points, if pushed past `threshold`. Controllers report up as
    /// y = +1 (as the seed's GCController does); the screen's up is -y.
    public static func of(x: Double, y: Double, threshold: Double = 0.5) -> Direction? {
        guard max(abs(x), abs(y)) >= threshold else { return nil }
        return abs(x) >= abs(y) ? (x > 0 ? .right : .left) : (y > 0 ? .up : .down)
    }
}
