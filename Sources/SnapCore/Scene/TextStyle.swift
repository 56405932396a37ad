/// The kinds of text the table shows; the SDL layer maps each to a font and pixel size.
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    case name, badge, status, bubble
    /// The game screen: button labels, the Snap! button's, pile counts, the "Too late" and "Out"
    /// tags, the table view's status, overlay titles and the hint lines under them.
    case button, snapButton, count, tag, out, bigStatus, title, hint

    /// Height of the font in logical units (the canvas is 1280x720).
    public var size: Double {
        switch self {
        case .name: 24
        case .badge: 17
        case .status: 28
        case .bubble: 26
        case .button: 21
        case .snapButton: 32
        case .count: 16
        case .tag: 17
        case .out: 26
        case .bigStatus: 36
        case .title: 46
        case .hint: 20
        }
    }

    public var bold: Bool { self != .badge && self != .hint }
}

/// How wide text is, so layout can place and shorten it. The SDL layer measures with SDL_ttf;
/// tests use a fixed width per character.
public protocol TextMetrics {
    /// Width of `text` in logical units.
    func width(_ text: String, _ style: TextStyle) -> Double
    /// Layout had to end `text` with "…" to fit `width`, where the design means the whole text to
    /// show (names and links are cut by design and are not reported). The text-fit check counts these.
    func cutting(_ text: String, _ style: TextStyle, width: Double)
}

extension TextMetrics {
    public func cutting(_ text: String, _ style: TextStyle, width: Double) {}
}
