#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// Draws display lists into one window. The still layer is kept in a texture and redrawn only
/// when it changes, so a frame during a drag costs one copy plus the few things that move.
public final class SceneRenderer {
    public let renderer: Renderer
    public let cache: TextureCache
    private var stillLayer: Texture?
    private var stillDrawn: [DrawCommand]?
    /// How often the cached layer had to be redrawn (benchmarks and tests read it).
    public private(set) var stillRedraws = 0
    public var cachesStillLayer: Bool
    /// The software renderer draws straight into the window's surface, which keeps the last
    /// frame; there only the area where moving things were or are needs drawing again.
    public var drawsDamageOnly: Bool
    /// Where the moving layer was drawn last frame (output pixels), when that frame is intact.
    private var lastMoving: Rect?
    private var frameIntact = false
    /// The part of the last drawn frame that changed; nil when the whole frame was drawn.
    private var pendingDamage: Rect?
    private var nothingChanged = false
    /// How many frames were drawn whole (tests and benchmarks read it).
    public private(set) var wholeFrames = 0

    public init(renderer: Renderer, art: ArtLibrary, cachesStillLayer: Bool = true) {
        self.renderer = renderer
        cache = TextureCache(renderer: renderer, art: art)
        self.cachesStillLayer = cachesStillLayer
        drawsDamageOnly = renderer.name == "software"
    }

    /// The next frame is drawn whole (after an expose, or when pixels are read back).
    public func invalidateFrame() { frameIntact = false }

    /// Forget the cached layer: after a resize, or when the render device lost its targets.
    public func invalidate() {
        stillLayer = nil
        stillDrawn = nil
        frameIntact = false
    }

    public func viewport(for list: DisplayList) -> Viewport {
        Viewport(logical: list.canvas, output: renderer.outputSize)
    }

    /// Draws a frame; `present()` shows it.
    public func draw(_ list: DisplayList) throws {
        let vp = viewport(for: list)
        if cachesStillLayer {
            let w = Int(vp.output.w), h = Int(vp.output.h)
            if stillLayer == nil || stillLayer!.width != w || stillLayer!.height != h {
                stillLayer = try renderer.makeTargetTexture(width: w, height: h)
                stillLayer!.setOpaque()
                stillDrawn = nil
            }
            if stillDrawn != list.still {
                renderer.setTarget(stillLayer)
                try drawLayer(list.still, vp)
                renderer.setTarget(nil)
                stillDrawn = list.still
                stillRedraws += 1
                frameIntact = false
            }
            let moving = Self.bounds(of: list.moving, vp)
            if drawsDamageOnly, frameIntact {
                // Only the union of where moving things were and are: the rest is already right.
                let before = lastMoving
                lastMoving = moving
                guard let damage = (before?.union(moving) ?? moving)?.outset(3).intersection(vp.content) else {
                    nothingChanged = true
                    return
                }
                pendingDamage = damage
                nothingChanged = false
                renderer.setClip(damage)
                renderer.copy(stillLayer!, from: damage, to: damage)
                try drawCommands(list.moving, vp)
                renderer.setClip(nil)
                return
            }
            lastMoving = moving
            frameIntact = true
            pendingDamage = nil
            nothingChanged = false
            wholeFrames += 1
            renderer.copy(stillLayer!, to: Rect(x: 0, y: 0, w: vp.output.w, h: vp.output.h))
        } else {
            try drawLayer(list.still, vp)
        }
        renderer.setClip(vp.content)
        try drawCommands(list.moving, vp)
        renderer.setClip(nil)
    }

    /// Shows the frame. After a damage-only frame of the software renderer only that rectangle
    /// is sent to the window system (a whole 1280x720 frame is 3.6 MB per present).
    public func present() {
        if drawsDamageOnly, frameIntact {
            if nothingChanged { return }
            if let d = pendingDamage {
                renderer.presentPart(d)
                return
            }
        }
        renderer.present()
    }

    /// The output-pixel box around everything in `cmds` (rotation included); an empty rect at
    /// the origin when there is nothing.
    static func bounds(of cmds: [DrawCommand], _ vp: Viewport) -> Rect? {
        var box: Rect?
        for c in cmds {
            var r = vp.toOutput(c.bounds)
            if case .image(_, _, let rot, _) = c, rot != 0 {
                let cs = abs(cos(rot)), sn = abs(sin(rot))
                r = Rect(center: r.center, size: Size(w: r.w * cs + r.h * sn, h: r.w * sn + r.h * cs))
            }
            box = box?.union(r) ?? r
        }
        return box
    }

    /// Three slices: the end caps keep their shape (scaled to the height), the middle stretches.
    /// Slice edges sit on whole pixels and the middle samples 1 px inside the caps, so no seams.
    private func drawStretched(_ t: Texture, _ dst: Rect, cap: Double) {
        let tw = Double(t.width), th = Double(t.height)
        let capOut = min(cap, dst.w / 2), capSrc = min((capOut * th / dst.h).rounded(), tw / 2 - 1)
        let x0 = dst.x.rounded(), x1 = (dst.x + capOut).rounded(), x3 = dst.maxX.rounded(), x2 = x3 - (x1 - x0)
        let y = dst.y.rounded(), h = dst.maxY.rounded() - y
        renderer.copy(t, from: Rect(x: 0, y: 0, w: capSrc, h: th), to: Rect(x: x0, y: y, w: x1 - x0, h: h))
        if x2 > x1 {
            renderer.copy(t, from: Rect(x: capSrc + 1, y: 0, w: max(1, tw - 2 * capSrc - 2), h: th), to: Rect(x: x1, y: y, w: x2 - x1, h: h))
        }
        renderer.copy(t, from: Rect(x: tw - capSrc, y: 0, w: capSrc, h: th), to: Rect(x: x2, y: y, w: x3 - x2, h: h))
    }

    private func drawLayer(_ cmds: [DrawCommand], _ vp: Viewport) throws {
        renderer.setClip(nil)
        renderer.clear(.letterbox)
        renderer.setClip(vp.content)
        try drawCommands(cmds, vp)
        renderer.setClip(nil)
    }

    private func drawCommands(_ cmds: [DrawCommand], _ vp: Viewport) throws {
        for c in cmds {
            switch c {
            case .fill(let r, let color):
                renderer.fill(vp.toOutput(r), color)
            case .image(let ref, let r, let rotation, let alpha):
                guard alpha > 0 else { continue }
                let out = vp.toOutput(r)
                let tex = try cache.texture(for: ref, drawnAt: Int(out.w.rounded()), Int(out.h.rounded()))
                renderer.copy(tex, to: out, degrees: rotation * 180 / .pi, alpha: alpha)
            case .stretched(let ref, let r, let cap):
                drawStretched(try cache.texture(for: ref), vp.toOutput(r), cap: cap * vp.scale)
            case .text(let text, let style, let color, let box, let k):
                guard !text.isEmpty else { continue }
                let t = try cache.texture(for: text, style, color, scale: vp.scale * k)
                let out = vp.toOutput(box)
                // Natural size, centred vertically; clipped to the box so layout widths hold.
                let w = min(Double(t.width), out.w + 1), h = Double(t.height)
                renderer.copy(t, from: Rect(x: 0, y: 0, w: w, h: h),
                              to: Rect(x: out.x.rounded(), y: (out.center.y - h / 2).rounded(), w: w, h: h))
            }
        }
    }
}
