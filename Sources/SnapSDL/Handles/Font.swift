import CSDL2
import CSDL2TTF
import SnapCore

/// A TrueType font, at one pixel size at a time, closed with this object. It keeps SDL_ttf up:
/// a font closed after TTF_Quit would touch the freed FreeType library.
public final class Font {
    let handle: OpaquePointer
    public let path: String
    public private(set) var pointSize: Int
    let session: SDLSession

    public init(session: SDLSession, path: String, pointSize: Int) throws {
        guard let f = TTF_OpenFont(path, Int32(pointSize)) else { throw SDLError("TTF_OpenFont(\(path))") }
        handle = f
        self.session = session
        self.path = path
        self.pointSize = pointSize
    }

    deinit { TTF_CloseFont(handle) }

    /// Another pixel size for the same face (its cache of rendered glyphs starts over).
    public func setSize(_ pointSize: Int) throws {
        guard pointSize != self.pointSize else { return }
        guard TTF_SetFontSize(handle, Int32(pointSize)) == 0 else { throw SDLError("TTF_SetFontSize(\(pointSize))") }
        self.pointSize = pointSize
    }

    /// Anti-aliased text on a transparent background.
    public func render(_ text: String, color: Color) throws -> Surface {
        let c = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        guard let raw = TTF_RenderUTF8_Blended(handle, text, c) else { throw SDLError("TTF_RenderUTF8_Blended") }
        defer { SDL_FreeSurface(raw) }
        guard let converted = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError("SDL_ConvertSurfaceFormat")
        }
        return Surface(owning: converted, session: session)
    }

    /// Width and height the text would take, in pixels.
    public func measure(_ text: String) -> (w: Int, h: Int) {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(handle, text, &w, &h)
        return (Int(w), Int(h))
    }

    public var height: Int { Int(TTF_FontHeight(handle)) }
}
