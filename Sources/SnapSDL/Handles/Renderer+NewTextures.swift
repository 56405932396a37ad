import CSDL2
import SnapCore

/// New textures: from surfaces, to draw into, to write pixels into.
extension Renderer {
    public func makeTexture(from surface: Surface) throws -> Texture {
        guard let t = SDL_CreateTextureFromSurface(handle, surface.pointer) else { throw SDLError("SDL_CreateTextureFromSurface") }
        let texture = Texture(owning: t, width: surface.width, height: surface.height, renderer: self)
        // Blending an opaque image costs several times a copy on the software renderer.
        if surface.isOpaque { texture.setOpaque() }
        return texture
    }

    /// `surface` resampled to `width` x `height` into a new texture, smoothed, straight into the
    /// texture's pixels: `SDL_SoftStretchLinear`, the software renderer's own scaling when it
    /// draws a texture scaled (the same pixels as a copy scaled from a texture of the art), with
    /// no texture of the art at its own size and no picture in between.
    public func makeTexture(from surface: Surface, width: Int, height: Int) throws -> Texture {
        let format = surface.pointer.pointee.format.pointee.format
        let texture = try makeStreamingTexture(width: width, height: height, format: format)
        var failure: SDLError?
        try texture.write(rows: height) { pixels, stride in
            // The texture's own pixels seen as a surface, for SDL's surface scaler to write into.
            guard let view = SDL_CreateRGBSurfaceWithFormatFrom(pixels, Int32(width), Int32(height), 32, Int32(stride * 4), format) else {
                failure = SDLError("SDL_CreateRGBSurfaceWithFormatFrom")
                return
            }
            defer { SDL_FreeSurface(view) }
            if SDL_SoftStretchLinear(surface.pointer, nil, view, nil) != 0 { failure = SDLError("SDL_SoftStretchLinear(\(width)x\(height))") }
        }
        if let failure { throw failure }
        if surface.isOpaque { texture.setOpaque() }
        return texture
    }

    /// A texture whose pixels the program writes (`Texture.write`).
    private func makeStreamingTexture(width: Int, height: Int, format: UInt32) throws -> Texture {
        guard let t = SDL_CreateTexture(handle, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height)) else {
            throw SDLError("SDL_CreateTexture(\(width)x\(height), streaming)")
        }
        return Texture(owning: t, width: width, height: height, renderer: self)
    }

    /// An opaque layer to draw into and copy to the window, in the window's own pixel format:
    /// the software renderer then copies rows with memcpy instead of converting every pixel
    /// (ARGB to the X server's XRGB was most of a drag's cost on the big screen).
    public func makeLayerTexture(width: Int, height: Int) throws -> Texture {
        let t = try makeTargetTexture(width: width, height: height, format: layerFormat)
        t.setOpaque()
        return t
    }

    /// The window's format where it is 32-bit XRGB with red at bits 16-23 (a copy row by row
    /// suits it, and 0xFFRRGGBB pixels are right in it), else ARGB8888.
    private var layerFormat: UInt32 {
        let format = SDL_GetWindowPixelFormat(window.handle)
        var bpp: Int32 = 0, r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
        let plain = SDL_PixelFormatEnumToMasks(format, &bpp, &r, &g, &b, &a) == SDL_TRUE && bpp == 32 && a == 0 && r == 0xFF_0000
        return plain ? format : SDL_PIXELFORMAT_ARGB8888.rawValue
    }

    /// An opaque texture whose pixels the program writes (`Texture.write`), 0xFFRRGGBB each, in
    /// the layers' format.
    public func makePaintedTexture(width: Int, height: Int) throws -> Texture {
        let texture = try makeStreamingTexture(width: width, height: height, format: layerFormat)
        texture.setOpaque()
        return texture
    }

    /// A texture to draw into, for layers that are drawn once and reused.
    public func makeTargetTexture(width: Int, height: Int, format: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue) throws -> Texture {
        guard let t = SDL_CreateTexture(handle, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(width), Int32(height)) else { throw SDLError("SDL_CreateTexture(target)") }
        return Texture(owning: t, width: width, height: height, renderer: self)
    }
}
