import SnapCore

/// Fonts for the table's text styles: one open font per face, set to the pixel size asked for
/// (a font open per size cost 170 KB each, 22 of them with a table view). Also measures text
/// for the core's layout, at the logical size.
public final class FontBook: TextMetrics {
    private let fonts: FontSet
    private var open: [String: Font] = [:]
    private let session: SDLSession

    /// The most text handed to SDL_ttf, whatever a caller passes: its time and the surface's
    /// size grow with the text. Above `TextLimit.layout`, so laid-out text is never cut here.
    static let ttfLimit = TextLimit(characters: 512, utf8Bytes: 2048)

    public init(session: SDLSession, fonts: FontSet) throws {
        self.fonts = fonts
        self.session = session
        // Open every face now: a broken font file is reported at start, not mid-game.
        for style in TextStyle.allCases { _ = try font(style, pixels: Int(style.size.rounded())) }
    }

    /// The style's face at `pixels`, valid until the next call.
    func font(_ style: TextStyle, pixels: Int) throws -> Font {
        let path = style.bold ? fonts.bold : fonts.regular
        let size = max(6, pixels)
        do {
            if let f = open[path] {
                try f.setSize(size)
                return f
            }
            let f = try Font(session: session, path: path, pointSize: size)
            open[path] = f
            return f
        } catch let e as SDLError {
            throw AssetError.unreadable(path: path, reason: e.reason)
        }
    }

    public func width(_ text: String, _ style: TextStyle) -> Double {
        let key = Measured(text: text, style: style)
        if let w = widths[key] { return w }
        guard !text.isEmpty, let f = try? font(style, pixels: Int(style.size.rounded())) else { return 0 }
        let w = Double(f.measure(Self.ttfLimit.prefix(text).text).w)
        // Shaping is the costly part of laying out a label, and the same few labels come back every frame.
        if widths.count >= Self.maxMeasured { widths.removeAll(keepingCapacity: true) }
        widths[key] = w
        return w
    }

    /// How wide `text` comes out drawn at `scale` output pixels per logical unit: what the
    /// renderer clips to its box (the text-fit check compares the two).
    public func pixelWidth(_ text: String, _ style: TextStyle, scale: Double) -> Double {
        guard !text.isEmpty, let f = try? font(style, pixels: Int((style.size * scale).rounded())) else { return 0 }
        return Double(f.measure(Self.ttfLimit.prefix(text).text).w)
    }

    private struct Measured: Hashable { var text: String, style: TextStyle }
    private var widths: [Measured: Double] = [:]
    /// Names are fitted by trying prefixes; past this many different strings the cache starts over.
    static let maxMeasured = 4096

    /// The text drawn at `scale` output pixels per logical unit, so it stays sharp on big screens.
    func render(_ text: String, _ style: TextStyle, _ color: Color, scale: Double) throws -> Surface {
        try font(style, pixels: Int((style.size * scale).rounded())).render(text.isEmpty ? " " : Self.ttfLimit.prefix(text).text, color: color)
    }
}
