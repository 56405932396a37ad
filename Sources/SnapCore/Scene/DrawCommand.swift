/// One thing to draw, in logical coordinates. The SDL layer turns these into render calls;
/// tests read them directly.
public enum DrawCommand: Hashable, Sendable {
    case fill(Rect, Color)
    /// `rotation` in radians about the rectangle's centre; `alpha` 0...1.
    case image(ImageRef, Rect, rotation: Double, alpha: Double)

    /// An image whose left and right `cap` (logical units) keep their shape while the middle
    /// stretches to the rectangle's width.
    case stretched(ImageRef, Rect, cap: Double)
    /// One line of text, vertically centred in `rect` and left-aligned in it; never wider than it.
    /// `scale` enlarges the style's size (the table view draws labels bigger).
    case text(String, TextStyle, Color, Rect, scale: Double = 1)

    public static func image(_ ref: ImageRef, _ rect: Rect) -> DrawCommand {
        .image(ref, rect, rotation: 0, alpha: 1)
    }

    /// The command moved into another frame: positions and sizes scaled by `k`, then shifted.
    public func mapped(scale k: Double, offset: Point) -> DrawCommand {
        func m(_ r: Rect) -> Rect { Rect(x: r.x * k + offset.x, y: r.y * k + offset.y, w: r.w * k, h: r.h * k) }
        switch self {
        case .fill(let r, let c): return .fill(m(r), c)
        case .image(let ref, let r, let rot, let a): return .image(ref, m(r), rotation: rot, alpha: a)
        case .stretched(let ref, let r, let cap): return .stretched(ref, m(r), cap: cap * k)
        case .text(let s, let style, let c, let r, let scale): return .text(s, style, c, m(r), scale: scale * k)
        }
    }

    /// The rectangle the command covers, ignoring rotation (a rotated image stays within its
    /// rectangle grown by a third, which callers that need it add).
    public var bounds: Rect {
        switch self {
        case .fill(let r, _), .image(_, let r, _, _), .stretched(_, let r, _), .text(_, _, _, let r, _): r
        }
    }
}
