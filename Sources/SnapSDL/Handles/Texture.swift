import CSDL2
import SnapCore

/// A GPU-side image belonging to one renderer; destroyed with this object. It keeps that
/// renderer alive: SDL_DestroyRenderer frees the renderer's textures itself, so a texture
/// destroyed after its renderer would be freed twice.
public final class Texture {
    let handle: OpaquePointer
    public let width: Int
    public let height: Int
    /// The renderer that made it; never destroyed while this texture exists.
    public let renderer: Renderer
    /// Drawn as a copy, not blended (`setOpaque`).
    public private(set) var isOpaque = false

    init(owning handle: OpaquePointer, width: Int, height: Int, renderer: Renderer) {
        self.handle = handle
        self.renderer = renderer
        self.width = width
        self.height = height
        // Smooth edges for rotated and scaled cards (GLES2 sets this in the current GL context).
        renderer.makeCurrent()
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
    }

    deinit { SDL_DestroyTexture(handle) }
}

extension Texture {
    /// Copies replace what is below instead of blending: cheaper for a layer with no holes.
    public func setOpaque() {
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE)
        isOpaque = true
    }

    /// Back to how it is drawn normally after a draw that set another blend mode.
    func restoreBlendMode() { SDL_SetTextureBlendMode(handle, isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND) }

    /// Lets `body` write the top `rows` rows of a streaming texture (`Renderer.makePaintedTexture`,
    /// `Renderer.makeTexture(from:width:height:)`):
    /// their first pixel and the pixels from one row to the next. What the renderer has queued
    /// runs first, so draws from this texture queued before see its pixels as they were.
    func write(rows: Int, _ body: (UnsafeMutablePointer<UInt32>, Int) -> Void) throws {
        renderer.makeCurrent()
        SDL_RenderFlush(renderer.handle)
        var area = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(rows))
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(handle, &area, &pixels, &pitch) == 0, let pixels else { throw SDLError("SDL_LockTexture") }
        defer { SDL_UnlockTexture(handle) }
        body(pixels.assumingMemoryBound(to: UInt32.self), Int(pitch) / 4)
    }

    /// Its pixels' size in memory (4 bytes each in every format made here).
    public var bytes: Int { width * height * 4 }
}
