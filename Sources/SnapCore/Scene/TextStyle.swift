/// The kinds of text the table shows; the SDL layer maps each to a font and pixel size.
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    case name, badge, status, bubble

    /// Height of the font in logical units (the canvas is 1280x720).
    public var size: Double {
        switch self {
        case .name: 24
        case .badge: 17
        case .status: 28
        case .bubble: 26
        }
    }

    public var bold: Bool { self != .badge }
}

/// How wide text is, so layout can place and shorten it. The SDL layer measures with SDL_ttf;
/// tests use a fixed width per character.
public protocol TextMetrics {
    /// Width of `text` in logical units.
    func width(_ text: String, _ style: TextStyle) -> Double
}
