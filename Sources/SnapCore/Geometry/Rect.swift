/// An axis-aligned rectangle: top-left corner plus size.
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var w: Double
    public var h: Double

    public init(x: Double, y: Double, w: Double, h: Double) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }

    public init(center: Point, size: Size) {
        self.init(x: center.x - size.w / 2, y: center.y - size.h / 2, w: size.w, h: size.h)
    }

    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, w: size.w, h: size.h)
    }

    public static let zero = Rect(x: 0, y: 0, w: 0, h: 0)

    public var center: Point { Point(x: x + w / 2, y: y + h / 2) }
    public var size: Size { Size(w: w, h: h) }
    public var maxX: Double { x + w }
    public var maxY: Double { y + h }
    public var area: Double { max(0, w) * max(0, h) }

    /// Half-open, so two touching slots never both claim a point on their shared edge.
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }

    public func intersectionArea(with other: Rect) -> Double {
        let w = min(maxX, other.maxX) - max(x, other.x)
        let h = min(maxY, other.maxY) - max(y, other.y)
        return w > 0 && h > 0 ? w * h : 0
    }

    /// The smallest rectangle holding both (nil counts as nothing).
    public func union(_ other: Rect?) -> Rect? {
        guard let o = other else { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return Rect(x: x0, y: y0, w: max(maxX, o.maxX) - x0, h: max(maxY, o.maxY) - y0)
    }

    /// Grown by `d` on every side, to whole pixels.
    public func outset(_ d: Double) -> Rect {
        let x0 = (x - d).rounded(.down), y0 = (y - d).rounded(.down)
        return Rect(x: x0, y: y0, w: (maxX + d).rounded(.up) - x0, h: (maxY + d).rounded(.up) - y0)
    }

    /// The overlap, or nil when there is none.
    public func intersection(_ o: Rect) -> Rect? {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0) : nil
    }

    /// The smallest rectangle on whole pixels that holds this one.
    public var integral: Rect {
        let x0 = x.rounded(.down), y0 = y.rounded(.down)
        return Rect(x: x0, y: y0, w: maxX.rounded(.up) - x0, h: maxY.rounded(.up) - y0)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, w: w - 2 * dx, h: h - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, w: w, h: h)
    }
}
