/// The timings and distances that make the table feel like the recipe it reproduces.
public struct Feel: Sendable, Equatable {
    /// How far the pointer must travel before a press becomes a drag (logical units).
    public var dragThreshold: Double = 4
    /// Ease to the pointer on pick-up, and settle into a slot on drop.
    public var settleDuration: Double = 0.1
    /// The tilt of a card in hand: pi/32, about 5.6 degrees.
    public var dragTilt: Double = Double.pi / 32
    /// Back to level after a drop or cancel.
    public var untiltDuration: Double = 0.25
    /// Fade out on a delete-on-drop slot.
    public var fadeDuration: Double = 0.1
    /// A drop counts for a slot only if the card covers at least this share of the card's own area.
    public var minimumOverlap: Double = 0.2

    public init() {}

    public static let standard = Feel()
}
