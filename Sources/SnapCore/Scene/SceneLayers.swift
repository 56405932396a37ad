/// A picture without what moves in it: the still layer, and an overlay (a veil and a box)
/// that covers everything, moving things included.
public struct SceneLayers: Equatable, Sendable {
    public var still: [DrawCommand]
    public var overlay: [DrawCommand]?

    public init(still: [DrawCommand], overlay: [DrawCommand]?) {
        self.still = still
        self.overlay = overlay
    }

    /// The display list with `moving` on top. Under an overlay nothing moves on its own layer:
    /// what moves goes under the veil, into the still layer.
    public func assemble(moving: [DrawCommand], canvas: Size) -> DisplayList {
        guard let overlay else { return DisplayList(canvas: canvas, still: still, moving: moving) }
        return DisplayList(canvas: canvas, still: still + moving + overlay, moving: [])
    }
}
