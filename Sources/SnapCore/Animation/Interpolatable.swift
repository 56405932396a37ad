/// A value a tween can blend between.
public protocol Interpolatable: Equatable, Sendable {
    static func lerp(_ a: Self, _ b: Self, _ t: Double) -> Self
}

extension Double: Interpolatable {
    public static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
}

extension Point: Interpolatable {
    public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: Double.lerp(a.x, b.x, t), y: Double.lerp(a.y, b.y, t))
    }
}
