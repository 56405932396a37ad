import SnapCore

/// Fonts for the table's text styles, opened per pixel size on first use. Also measures text
/// for the core's layout, at the logical size.
public final class FontBook: TextMetrics {
    private let fonts: FontSet
    private var open: [FontKey: Font] = [:]
    private let session: SDLSession

    struct FontKey: Hashable { var bold: Bool; var pixels: Int }
    /// The most text handed to SDL_ttf, whatever a caller passes: its time and the surface's
    /// size grow with the text. Above `TextLimit.layout`, so laid-out text is never cut here.
    static let ttfLimit = TextLimit(characters: 512, utf8Bytes: 2048)

    public init(session: SDLSession, fonts: FontSet) throws {
        self.fonts = fonts
        self.session = session
        // Open the logical sizes now: a broken font file is reported at start, not mid-game.
        for style in TextStyle.allCases { _ = try font(style, pixels: Int(style.size.rounded())) }
    }

    func font(_ style: TextStyle, pixels: Int) throws -> Font {
        let key = FontKey(bold: style.bold, pixels: max(6, pixels))
        if let f = open[key] { return f }
        let path = style.bold ? fonts.bold : fonts.regular
        let f: Font
        do { f = try Font(session: session, path: path, pointSize: key.pixels) } catch let e as SDLError {
            throw AssetError.unreadable(path: path, reason: e.reason)
        }
        open[key] = f
        return f
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

    private struct Measured: Hashable { var text: String, style: TextStyle }
    private var widths: [Measured: Double] = [:]
    /// Names are fitted by trying prefixes; past this many different strings the cache starts over.
    static let maxMeasured = 4096

    /// The text drawn at `scale` output pixels per logical unit, so it stays sharp on big screens.
    func render(_ text: String, _ style: TextStyle, _ color: Color, scale: Double) throws -> Surface {
        try font(style, pixels: Int((style.size * scale).rounded())).render(text.isEmpty ? " " : Self.ttfLimit.prefix(text).text, color: color)
    }
}
