import SnapCore

/// An image stretched to a box in three slices: the end caps keep their shape (scaled to the
/// height), the middle stretches. Slice edges sit on whole pixels and the middle samples 1 px
/// inside the caps, so there are no seams. Places are relative to `origin`, the box's top left
/// on whole pixels, so the same slices drawn into a texture of `size` are the same picture.
struct StretchSlices {
    var origin: Point
    var size: (w: Int, h: Int)
    var parts: [(from: Rect, to: Rect)]

    init(image w: Int, _ h: Int, into dst: Rect, cap: Double) {
        let tw = Double(w), th = Double(h)
        let capOut = min(cap, dst.w / 2), capSrc = min((capOut * th / dst.h).rounded(), tw / 2 - 1)
        let x0 = dst.x.rounded(), x1 = (dst.x + capOut).rounded(), x3 = dst.maxX.rounded(), x2 = x3 - (x1 - x0)
        let y = dst.y.rounded(), height = dst.maxY.rounded() - y
        origin = Point(x: x0, y: y)
        size = (Int(x3 - x0), Int(height))
        let c = x1 - x0
        parts = [(Rect(x: 0, y: 0, w: capSrc, h: th), Rect(x: 0, y: 0, w: c, h: height))]
        if x2 > x1 {
            parts.append((Rect(x: capSrc + 1, y: 0, w: max(1, tw - 2 * capSrc - 2), h: th), Rect(x: c, y: 0, w: x2 - x1, h: height)))
        }
        parts.append((Rect(x: tw - capSrc, y: 0, w: capSrc, h: th), Rect(x: x2 - x0, y: 0, w: x3 - x2, h: height)))
    }

    /// What the picture depends on (not where it is): the key its made copy is kept under.
    var shape: Shape { Shape(w: size.w, h: size.h, cap: parts.first.map { Int($0.to.w) } ?? 0, capSource: parts.first.map { Int($0.from.w) } ?? 0) }

    struct Shape: Hashable { var w: Int, h: Int, cap: Int, capSource: Int }
}
