import CSDL2
import SnapCore

/// An SDL renderer for one window. It keeps its window alive, so the renderer always goes first
/// (SDL_DestroyRenderer writes to its window); its textures keep it alive in turn.
public final class Renderer {
    let handle: OpaquePointer
    public let window: Window
    public let name: String
    /// The OpenGL ES 2 renderer's GL context; nil for the others (see `makeCurrent`).
    private let glContext: SDL_GLContext?

    public init(window: Window, kind: RendererKind, vsync: Bool) throws {
        var flags = SDL_RENDERER_TARGETTEXTURE.rawValue
        switch kind {
        case .software: flags |= SDL_RENDERER_SOFTWARE.rawValue
        case .auto, .opengl, .opengles2: if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        }
        let made: OpaquePointer?
        if let driver = kind.forcedDriver {
            // By index, not SDL_HINT_RENDER_DRIVER: the hint is process-wide and would beat even
            // an explicit software renderer made later; and a forced driver has no fallback.
            guard let index = Self.driverIndex(driver) else {
                throw SDLError("SDL_CreateRenderer(\(driver))", reason: "this SDL has no \(driver) render driver (it has: \(Self.driverNames().joined(separator: ", ")))")
            }
            guard let r = SDL_CreateRenderer(window.handle, index, flags) else {
                throw SDLError("SDL_CreateRenderer(\(driver))", reason: "the \(driver) renderer could not be created: \(String(cString: SDL_GetError()))")
            }
            made = r
        } else {
            made = SDL_CreateRenderer(window.handle, -1, flags) ?? SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let r = made else { throw SDLError("SDL_CreateRenderer") }
        handle = r
        self.window = window
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(r, &info)
        name = info.name.map { String(cString: $0) } ?? "unknown"
        // SDL's GLES2 renderer leaves its new context current: the only moment we can learn it.
        glContext = name == "opengles2" ? SDL_GL_GetCurrentContext() : nil
    }

    /// Makes this renderer's GL context current before an SDL call that uses it without doing so.
    /// SDL 2.26's OpenGL ES 2 renderer makes its context current only when it runs its queued
    /// drawing and when it makes, fills or destroys a texture; `SDL_SetRenderTarget`,
    /// `SDL_RenderReadPixels`, `SDL_RenderPresent` and `SDL_SetTextureScaleMode` act on whichever
    /// context is current, and with two windows that is often the other window's. Switching to
    /// the still layer with nothing queued bound the layer's frame buffer in the other window's
    /// context, and this window's drawing went to whatever its own context had bound instead:
    /// wrong frames (docs/frames.md). Read-back and present are guarded too: a flush before them makes the
    /// context current only when something is queued. SDL's OpenGL renderer does all this itself.
    func makeCurrent() {
        guard let glContext, SDL_GL_GetCurrentContext() != glContext else { return }
        SDL_GL_MakeCurrent(window.handle, glContext)
    }

    deinit { SDL_DestroyRenderer(handle) }

    /// The render drivers this SDL was built with, in its order of preference.
    public static func driverNames() -> [String] {
        (0..<max(0, SDL_GetNumRenderDrivers())).compactMap { i in
            var info = SDL_RendererInfo()
            guard SDL_GetRenderDriverInfo(i, &info) == 0 else { return nil }
            return info.name.map { String(cString: $0) }
        }
    }

    private static func driverIndex(_ name: String) -> Int32? {
        (0..<max(0, SDL_GetNumRenderDrivers())).first { i in
            var info = SDL_RendererInfo()
            return SDL_GetRenderDriverInfo(i, &info) == 0 && info.name.map { String(cString: $0) } == name
        }
    }

    /// The drawable size in pixels.
    public var outputSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return Size(w: Double(w), h: Double(h))
    }
}
