import CSDL2
import SnapCore

/// Which SDL render driver to ask for.
public enum RendererKind: String, Sendable, CaseIterable {
    /// SDL's pick: the GPU where there is one.
    case auto
    /// SDL's software renderer: no GPU driver to load, same pixels everywhere.
    case software
    /// SDL's OpenGL renderer, even over a software OpenGL (Mesa's llvmpipe); an error when it
    /// cannot be made, never another renderer instead.
    case opengl
    /// SDL's OpenGL ES 2 renderer, on the same terms as `opengl`.
    case opengles2

    /// The SDL render driver this kind insists on; nil: SDL may pick (or fall back).
    public var forcedDriver: String? {
        switch self {
        case .auto, .software: nil
        case .opengl, .opengles2: rawValue
        }
    }
}

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

    /// Where drawing is clipped to now (output pixels); nil when it is not.
    public var clip: Rect? {
        guard SDL_RenderIsClipEnabled(handle) == SDL_TRUE else { return nil }
        var r = SDL_Rect()
        SDL_RenderGetClipRect(handle, &r)
        return Rect(x: Double(r.x), y: Double(r.y), w: Double(r.w), h: Double(r.h))
    }

    /// A texture to draw into, for layers that are drawn once and reused.
    public func makeTargetTexture(width: Int, height: Int, format: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue) throws -> Texture {
        guard let t = SDL_CreateTexture(handle, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(width), Int32(height)) else { throw SDLError("SDL_CreateTexture(target)") }
        return Texture(owning: t, width: width, height: height, renderer: self)
    }

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
    private func drawing(into target: Texture, _ draw: () throws -> Void) rethrows {
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

    /// What the window shows now, read back from the renderer.
    public func readPixels() throws -> Surface {
        let size = outputSize
        let s = try Surface(width: Int(size.w), height: Int(size.h), session: window.session)
        makeCurrent()
        try readTarget(into: s)
        return s
    }

    /// The pixels of a texture made as a target (`compose`), as ARGB.
    func readPixels(of texture: Texture) throws -> Surface {
        let s = try Surface(width: texture.width, height: texture.height, session: window.session)
        try drawing(into: texture) { try readTarget(into: s) }
        return s
    }

    /// The current target's pixels into `s`, its size, as ARGB.
    private func readTarget(into s: Surface) throws {
        guard SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, s.pointer.pointee.pixels, s.pointer.pointee.pitch) == 0 else {
            throw SDLError("SDL_RenderReadPixels")
        }
    }
}
