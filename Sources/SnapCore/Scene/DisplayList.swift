/// What a window shows at one instant, in two layers. `still` changes only when something is
/// put down or picked up, so the renderer can keep it in a cached texture; `moving` is drawn
/// over it every frame.
public struct DisplayList: Equatable, Sendable {
    public var canvas: Size
    public var still: [DrawCommand]
    public var moving: [DrawCommand]

    public init(canvas: Size, still: [DrawCommand] = [], moving: [DrawCommand] = []) {
        self.canvas = canvas
        self.still = still
        self.moving = moving
    }

    public var all: [DrawCommand] { still + moving }
}
