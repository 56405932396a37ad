import CSDL2
import SnapCore

/// Textures made once by drawing other textures into them (scaled, sliced, turned, faded, composed),
/// so that frames copy them instead of doing that work every time.
extension Renderer {
    /// A new transparent `width` x `height` texture with `draw` done into it.
    private func madeTexture(width: Int, height: Int, _ draw: () -> Void) throws -> Texture {
        let t = try makeTargetTexture(width: width, height: height)
        drawing(into: t) {
            SDL_SetRenderDrawColor(handle, 0, 0, 0, 0)
            SDL_RenderClear(handle)
            draw()
        }
        return t
    }

    /// `source` scaled (alpha kept) into the top left `width` x `height` of `target`, replacing
    /// what was there: SDL's software renderer does this in one pass without allocating, where
    /// a scaled and blended copy scales into a new surface on every draw. `smooth`: linear
    /// filtering; else the nearest pixel (several times cheaper, and the same to the eye from a
    /// source at most a tenth larger, or a soft shadow).
    public func stretch(_ source: Texture, into target: Texture, width: Int, height: Int, smooth: Bool) {
        // SDL reads the scale mode when the queued copy runs: leaving `drawing` runs it.
        if !smooth { SDL_SetTextureScaleMode(source.handle, SDL_ScaleModeNearest) }
        defer { if !smooth { SDL_SetTextureScaleMode(source.handle, SDL_ScaleModeLinear) } }
        drawing(into: target) {
            SDL_SetTextureBlendMode(source.handle, SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(source.handle, 255)
            var dst = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
            SDL_RenderCopy(handle, source.handle, nil, &dst)
            source.restoreBlendMode()
        }
    }

    /// `draw` done into `target`. This happens mid-frame, possibly while a cached layer is the
    /// target: that target is put back.
    func drawing(into target: Texture, _ draw: () throws -> Void) rethrows {
        let previous = SDL_GetRenderTarget(handle)
        // Switching targets drops the clip and the viewport (SDL keeps them only for the window):
        // a copy made while the still layer is redrawn under a clip must leave that clip on.
        var clip = SDL_Rect(), viewport = SDL_Rect()
        let clipped = SDL_RenderIsClipEnabled(handle) == SDL_TRUE
        SDL_RenderGetClipRect(handle, &clip)
        SDL_RenderGetViewport(handle, &viewport)
        defer {
            makeCurrent()
            SDL_SetRenderTarget(handle, previous)
            SDL_RenderSetViewport(handle, &viewport)
            if clipped { SDL_RenderSetClipRect(handle, &clip) } else { SDL_RenderSetClipRect(handle, nil) }
        }
        makeCurrent()
        SDL_SetRenderTarget(handle, target.handle)
        try draw()
    }

    /// `source` scaled once to `width` x `height` with linear filtering, alpha kept: the software
    /// renderer then rotates and blends a small image each frame instead of the full-size art.
    public func makeScaledTexture(_ source: Texture, width: Int, height: Int) throws -> Texture {
        let t = try madeTexture(width: width, height: height) {
            SDL_SetTextureBlendMode(source.handle, SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(source.handle, 255)
            SDL_RenderCopy(handle, source.handle, nil, nil)
            source.restoreBlendMode()
        }
        if source.isOpaque { t.setOpaque() }
        return t
    }

    /// `parts` of `source` (from, to) scaled into a new transparent `width` x `height` texture,
    /// unblended: an image stretched in slices, made once.
    func makeSlicedTexture(_ source: Texture, width: Int, height: Int, parts: [(from: Rect, to: Rect)]) throws -> Texture {
        try madeTexture(width: width, height: height) {
            SDL_SetTextureBlendMode(source.handle, SDL_BLENDMODE_NONE)
            for (from, to) in parts { copy(source, from: from, to: to) }
            source.restoreBlendMode()
        }
    }

    /// `source` turned `degrees` clockwise and faded to `alpha` once, on a transparent texture just
    /// big enough for it: the software renderer rotates (and allocates) on every draw, and blends
    /// a faded image through a slow generic loop, so a card and its shadow held at a steady tilt
    /// are prepared once instead of once per frame.
    public func makeRotatedTexture(_ source: Texture, degrees: Double, alpha: UInt8 = 255) throws -> Texture {
        let size = Self.rotatedSize(width: source.width, height: source.height, degrees: degrees)
        return try madeTexture(width: size.w, height: size.h) {
            SDL_SetTextureBlendMode(source.handle, SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(source.handle, alpha)
            var dst = SDL_FRect(x: Float(size.w - source.width) / 2, y: Float(size.h - source.height) / 2,
                                w: Float(source.width), h: Float(source.height))
            SDL_RenderCopyExF(handle, source.handle, nil, &dst, degrees, nil, SDL_FLIP_NONE)
            source.restoreBlendMode()
        }
    }

    /// `source` with its alpha multiplied by `alpha`, at its size.
    public func makeFadedTexture(_ source: Texture, alpha: UInt8) throws -> Texture {
        try madeTexture(width: source.width, height: source.height) {
            SDL_SetTextureBlendMode(source.handle, SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(source.handle, alpha)
            SDL_RenderCopy(handle, source.handle, nil, nil)
            SDL_SetTextureAlphaMod(source.handle, 255)
            source.restoreBlendMode()
        }
    }

    /// A transparent `width` x `height` texture with `parts` blended onto it in order, each at its
    /// top-left corner. Colours under a part's soft edge come out slightly darker than drawing the
    /// parts one by one (SDL blends onto the transparent black without premultiplying), which on
    /// a card over its dark shadow is not visible.
    public func compose(width: Int, height: Int, _ parts: [(Texture, Point)]) throws -> Texture {
        try madeTexture(width: width, height: height) {
            for (part, at) in parts {
                copy(part, to: Rect(x: at.x, y: at.y, w: Double(part.width), h: Double(part.height)))
            }
        }
    }

    /// Part `part` of `source`, which is opaque there, as an opaque layer texture
    /// (`makeLayerTexture`) of its size.
    public func makeOpaqueCopy(of source: Texture, part: Rect) throws -> Texture {
        let t = try makeLayerTexture(width: Int(part.w), height: Int(part.h))
        drawing(into: t) {
            SDL_SetTextureBlendMode(source.handle, SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(source.handle, 255)
            var from = SDL_Rect(x: Int32(part.x), y: Int32(part.y), w: Int32(part.w), h: Int32(part.h))
            SDL_RenderCopy(handle, source.handle, &from, nil)
            source.restoreBlendMode()
        }
        return t
    }

    /// The whole-pixel box a `width` x `height` image turned `degrees` fits in, with a pixel to
    /// spare on each side for the smoothed edge.
    public static func rotatedSize(width: Int, height: Int, degrees: Double) -> (w: Int, h: Int) {
        let a = degrees * .pi / 180, c = abs(cos(a)), s = abs(sin(a))
        let w = Double(width), h = Double(height)
        return (Int((w * c + h * s).rounded(.up)) + 2, Int((w * s + h * c).rounded(.up)) + 2)
    }
}
