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

    /// Its pixels' size in memory (4 bytes each in every format made here).
    public var bytes: Int { width * height * 4 }
}
