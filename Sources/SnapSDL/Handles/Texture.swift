import CSDL2
import SnapCore

/// A GPU-side image belonging to one renderer; destroyed with this object.
public final class Texture {
    let handle: OpaquePointer
    public let width: Int
    public let height: Int

    init(owning handle: OpaquePointer, width: Int, height: Int) {
        self.handle = handle
        self.width = width
        self.height = height
        // Smooth edges for rotated and scaled cards.
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
    }

    deinit { SDL_DestroyTexture(handle) }
}

extension Texture {
    /// Copies replace what is below instead of blending: cheaper for a layer with no holes.
    public func setOpaque() { SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE) }
}
