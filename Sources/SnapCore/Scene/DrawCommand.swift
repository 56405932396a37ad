/// One thing to draw, in logical coordinates. The SDL layer turns these into render calls;
/// tests read them directly.
public enum DrawCommand: Equatable, Sendable {
    case fill(Rect, Color)
    /// `rotation` in radians about the rectangle's centre; `alpha` 0...1.
    case image(ImageRef, Rect, rotation: Double, alpha: Double)

    /// An image whose left and right `cap` (logical units) keep their shape while the middle
    /// stretches to the rectangle's width.
    case stretched(ImageRef, Rect, cap: Double)
    /// One line of text, vertically centred in `rect` and left-aligned in it; never wider than it.
    case text(String, TextStyle, Color, Rect)

    public static func image(_ ref: ImageRef, _ rect: Rect) -> DrawCommand {
        .image(ref, rect, rotation: 0, alpha: 1)
    }
}
