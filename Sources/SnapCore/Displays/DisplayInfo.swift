/// A monitor as the desktop reports it, identified by name (SDL's display indices shift when one
/// is unplugged, so they are never kept).
public struct DisplayInfo: Equatable, Sendable, Hashable {
    public var name: String
    /// Desktop coordinates.
    public var bounds: Rect
    /// Diagonal DPI when the system knows it.
    public var dpi: Double?

    public init(name: String, bounds: Rect, dpi: Double? = nil) {
        self.name = name
        self.bounds = bounds
        self.dpi = dpi
    }
}
