/// Maps the fixed logical canvas onto a window of any pixel size, keeping the aspect ratio
/// (letterboxing), so drawing and pointer input agree after every resize.
public struct Viewport: Equatable, Sendable {
    public let logical: Size
    public let output: Size
    public let scale: Double
    public let offset: Point

    public init(logical: Size, output: Size) {
        self.logical = logical
        self.output = output
        let s = min(output.w / logical.w, output.h / logical.h)
        scale = s > 0 ? s : 1
        offset = Point(x: (output.w - logical.w * scale) / 2, y: (output.h - logical.h * scale) / 2)
    }

    /// The canvas area inside the bars, in output pixels.
    public var content: Rect { Rect(x: offset.x, y: offset.y, w: logical.w * scale, h: logical.h * scale) }

    public func toOutput(_ r: Rect) -> Rect {
        Rect(x: offset.x + r.x * scale, y: offset.y + r.y * scale, w: r.w * scale, h: r.h * scale)
    }

    public func toOutput(_ p: Point) -> Point {
        Point(x: offset.x + p.x * scale, y: offset.y + p.y * scale)
    }

    /// A pointer in the letterbox bars is clamped to the canvas edge: a drag that strays there keeps going.
    public func toLogical(_ p: Point) -> Point {
        let lx = (p.x - offset.x) / scale
        let ly = (p.y - offset.y) / scale
        return Point(x: min(max(lx, 0), logical.w), y: min(max(ly, 0), logical.h))
    }

    /// A pointer SDL reports in the window's units (points) on this viewport, whose output may
    /// have more pixels (HiDPI: twice as many at scale 2), as a logical point: the same place
    /// on the table at any scale.
    public func toLogical(windowPoint p: Point, windowSize: Size) -> Point {
        let k = windowSize.w > 0 ? output.w / windowSize.w : 1
        return toLogical(p * k)
    }
}
