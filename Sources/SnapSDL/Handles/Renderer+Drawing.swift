import CSDL2
import SnapCore

/// Drawing a frame: the target, the clip, fills and copies, and presenting it.
extension Renderer {
    /// Where drawing is clipped to now (output pixels); nil when it is not.
    public var clip: Rect? {
        guard SDL_RenderIsClipEnabled(handle) == SDL_TRUE else { return nil }
        var r = SDL_Rect()
        SDL_RenderGetClipRect(handle, &r)
        return Rect(x: Double(r.x), y: Double(r.y), w: Double(r.w), h: Double(r.h))
    }

    /// Draw into `texture`, or into the window when nil.
    public func setTarget(_ texture: Texture?) {
        makeCurrent()
        SDL_SetRenderTarget(handle, texture?.handle)
    }

    public func clear(_ c: Color) {
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        SDL_RenderClear(handle)
    }

    public func fill(_ r: Rect, _ c: Color) {
        SDL_SetRenderDrawBlendMode(handle, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        // Whole-pixel edges, so fills that touch tile without a seam on every renderer (the
        // software one truncates a float rectangle's position and width separately).
        let x0 = r.x.rounded(), y0 = r.y.rounded()
        var p = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32((r.x + r.w).rounded() - x0), h: Int32((r.y + r.h).rounded() - y0))
        SDL_RenderFillRect(handle, &p)
    }

    /// Draws a texture, or its part `src` (texture pixels), into `dst` (output pixels), turned
    /// `degrees` clockwise about its centre.
    public func copy(_ t: Texture, from src: Rect? = nil, to dst: Rect, degrees: Double = 0, alpha: Double = 1) {
        SDL_SetTextureAlphaMod(t.handle, Self.alphaByte(alpha))
        // Faded or turned, even an opaque image is blended (SDL keeps each draw's blend mode).
        let blended = t.isOpaque && (alpha < 1 || degrees != 0)
        if blended { SDL_SetTextureBlendMode(t.handle, SDL_BLENDMODE_BLEND) }
        defer { if blended { t.restoreBlendMode() } }
        var f = SDL_FRect(x: Float(dst.x), y: Float(dst.y), w: Float(dst.w), h: Float(dst.h))
        func render(_ part: UnsafePointer<SDL_Rect>?) {
            if degrees == 0 {
                SDL_RenderCopyF(handle, t.handle, part, &f)
            } else {
                SDL_RenderCopyExF(handle, t.handle, part, &f, degrees, nil, SDL_FLIP_NONE)
            }
        }
        if let src {
            var s = SDL_Rect(x: Int32(src.x.rounded()), y: Int32(src.y.rounded()), w: Int32(src.w.rounded()), h: Int32(src.h.rounded()))
            render(&s)
        } else {
            render(nil)
        }
    }

    /// `t` (its part `src`, the size of `dst`) copied unscaled to `dst` but for `hole`: the four
    /// bands around it. For a hole that what is drawn next covers opaquely: the software renderer
    /// blends pixel by pixel what it copies row by row when opaque.
    public func copy(_ t: Texture, from src: Rect? = nil, to dst: Rect, around hole: Rect?) {
        guard let hole, hole.intersection(dst).map({ $0.w > 0 && $0.h > 0 }) == true else { return copy(t, from: src, to: dst) }
        let origin = src.map { Point(x: $0.x, y: $0.y) } ?? .zero
        for b in Self.bands(of: dst, around: hole) {
            copy(t, from: Rect(x: origin.x + b.x - dst.x, y: origin.y + b.y - dst.y, w: b.w, h: b.h), to: b)
        }
    }

    /// `r` without `hole`: the rows above and below it whole, and the parts beside it (at most
    /// four rectangles, none empty).
    public static func bands(of r: Rect, around hole: Rect) -> [Rect] {
        guard let h = hole.intersection(r), h.w > 0, h.h > 0 else { return [r] }
        return [Rect(x: r.x, y: r.y, w: r.w, h: h.y - r.y), Rect(x: r.x, y: h.maxY, w: r.w, h: r.maxY - h.maxY),
                Rect(x: r.x, y: h.y, w: h.x - r.x, h: h.h), Rect(x: h.maxX, y: h.y, w: r.maxX - h.maxX, h: h.h)].filter { $0.w > 0 && $0.h > 0 }
    }

    /// An opacity 0...1 as SDL's alpha byte, rounded.
    public static func alphaByte(_ alpha: Double) -> UInt8 { UInt8(max(0, min(1, alpha)) * 255 + 0.5) }

    public func setClip(_ r: Rect?) {
        guard let r else {
            SDL_RenderSetClipRect(handle, nil)
            return
        }
        var i = SDL_Rect(x: Int32(r.x.rounded()), y: Int32(r.y.rounded()), w: Int32(r.w.rounded()), h: Int32(r.h.rounded()))
        SDL_RenderSetClipRect(handle, &i)
    }

    public func present() {
        makeCurrent()
        SDL_RenderPresent(handle)
    }

    /// Software renderer only: it draws into the window surface, so finishing the queued drawing
    /// and updating parts of that surface is a present of just those parts.
    public func presentParts(_ rects: [Rect]) {
        SDL_RenderFlush(handle)
        var sdl = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.w), h: Int32($0.h)) }
        if SDL_UpdateWindowSurfaceRects(window.handle, &sdl, Int32(sdl.count)) != 0 { SDL_RenderPresent(handle) }
    }
}
