#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore
import SnapPaint

/// Draws display lists into one window. The still layer is kept in a texture and redrawn only
/// where it changes, so a frame during a drag costs one copy plus the few things that move, and
/// a card landing on a pile costs the pile's area.
public final class SceneRenderer {
    public let renderer: Renderer
    public let cache: TextureCache
    let art: ArtLibrary
    private var stillLayer: Texture?
    private var stillDrawn: [DrawCommand]?
    /// How often the cached layer had to be redrawn (benchmarks and tests read it).
    public private(set) var stillRedraws = 0
    /// How many of those redraws were of changed parts only (tests read it).
    public private(set) var stillPartialRedraws = 0
    public var cachesStillLayer: Bool
    /// The software renderer draws straight into the window's surface, which keeps the last
    /// frame; there only the area where moving things were or are needs drawing again.
    public var drawsDamageOnly: Bool
    /// Where moving things were drawn last frame (output pixels), when that frame is intact.
    private var lastMoving: [Rect] = []
    /// The sizes cards rest at in the still layer drawn (output pixels): a card flying at one
    /// of them is drawn from the copy the piles use.
    private var restingCardSizes: Set<TextureCache.PixelSize> = []
    private var frameIntact = false
    /// The parts of the last drawn frame that changed; nil when the whole frame was drawn.
    public private(set) var pendingDamage: [Rect]?
    private var nothingChanged = false
    /// How many frames were drawn whole (tests and benchmarks read it).
    public private(set) var wholeFrames = 0
    /// Output pixels sent to the window system, all frames together (the debug log: what a
    /// drag costs the blending and the X server).
    public private(set) var presentedPixels = 0
    /// Where frames go instead of the window (the frame check draws its reference frame there).
    public var frameTarget: Texture?
    private var felt: FeltPainter?
    /// The felt is painted into this and copied from it, `feltBandRows` at a time.
    private var feltBand: Texture?
    static let feltBandRows = 32

    public init(renderer: Renderer, art: ArtLibrary, cachesStillLayer: Bool = true) {
        self.renderer = renderer
        cache = TextureCache(renderer: renderer, art: art)
        self.art = art
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
        cache.targetsLost()
    }

    public func viewport(for list: DisplayList) -> Viewport {
        Viewport(logical: list.canvas, output: renderer.outputSize)
    }

    /// Draws a frame; `present()` shows it.
    public func draw(_ list: DisplayList) throws {
        let vp = viewport(for: list)
        cache.beginFrame(width: Int(vp.output.w), height: Int(vp.output.h))
        guard cachesStillLayer else {
            restingCardSizes = Self.cardSizes(in: list.still, vp)
            try drawLayer(list.still, vp)
            renderer.setClip(vp.content)
            try drawCommands(list.moving, vp)
            renderer.setClip(nil)
            return
        }
        let w = Int(vp.output.w), h = Int(vp.output.h)
        if stillLayer == nil || stillLayer!.width != w || stillLayer!.height != h {
            stillLayer = try renderer.makeLayerTexture(width: w, height: h)
            stillDrawn = nil
        }
        // The still layer first, as little of it as changed; nil: all of it.
        var stillDamage: [Rect]? = []
        if stillDrawn != list.still {
            // Worked out with the layer (a new size forgets it), not every frame.
            restingCardSizes = Self.cardSizes(in: list.still, vp)
            stillDamage = try stillDrawn.flatMap { try changedArea(from: $0, to: list.still, vp) }
            renderer.setTarget(stillLayer)
            if let rects = stillDamage {
                stillPartialRedraws += 1
                for r in rects { try redraw(r, of: list.still, vp, background: .letterbox) }
                renderer.setClip(nil)
            } else {
                try drawLayer(list.still, vp)
            }
            renderer.setTarget(frameTarget)
            stillDrawn = list.still
            stillRedraws += 1
        }
        // Where moving things are drawn, text as its rendered line: a line taller than its box
        // drawn by the box alone left the tops of its letters behind. Each on its own, joined
        // only where they meet: two cards flying at opposite seats are two small areas to
        // draw and send to the window system, not the table between them.
        let movingBounds = try list.moving.map { try drawnBounds($0, vp).outset(3) }
        let moving = Self.merged(movingBounds)
        if drawsDamageOnly, frameIntact, let stillRects = stillDamage {
            // Only where the still layer changed and where moving things were and are: the rest
            // of the window already shows the right pixels.
            let rects = Self.merged((stillRects + lastMoving + moving).compactMap { $0.intersection(vp.content)?.integral })
            lastMoving = moving
            guard !rects.isEmpty else {
                nothingChanged = true
                return
            }
            pendingDamage = rects
            nothingChanged = false
            for r in rects {
                renderer.setClip(r)
                // All of it, also under the card in hand's opaque inside that is copied over it:
                // one copy of whole rows cost less live than four bands around that inside
                // (bench-ab, twice), though it moves more bytes.
                renderer.copy(stillLayer!, from: r, to: r)
                let touching = list.moving.indices.filter { movingBounds[$0].intersection(r) != nil }
                try drawCommands(touching.count == list.moving.count ? list.moving : touching.map { list.moving[$0] }, vp)
            }
            renderer.setClip(nil)
            return
        }
        lastMoving = moving
        frameIntact = true
        pendingDamage = nil
        nothingChanged = false
        wholeFrames += 1
        renderer.copy(stillLayer!, to: Rect(x: 0, y: 0, w: vp.output.w, h: vp.output.h))
        renderer.setClip(vp.content)
        try drawCommands(list.moving, vp)
        renderer.setClip(nil)
    }

    /// Where the still layer changed, in output pixels: the drawn bounds of the commands that
    /// differ (`LayerDiff`), merged; nil when that is most of the window anyway.
    private func changedArea(from old: [DrawCommand], to new: [DrawCommand], _ vp: Viewport) throws -> [Rect]? {
        let diff = LayerDiff(old, new)
        var rects: [Rect] = []
        for i in diff.removed { rects.append(try drawnBounds(old[i], vp)) }
        for i in diff.added { rects.append(try drawnBounds(new[i], vp)) }
        // A stretched image is drawn the same under any clip: on the software renderer from a
        // copy made at its size, on OpenGL in slices that the scissor test clips pixel by pixel.
        let merged = Self.merged(rects.compactMap { $0.outset(2).intersection(vp.content)?.integral })
        let area = merged.reduce(0) { $0 + $1.area }
        return area > vp.content.area * 0.4 ? nil : merged
    }

    /// Draws `cmds` again inside `r` only, over `background`.
    private func redraw(_ r: Rect, of cmds: [DrawCommand], _ vp: Viewport, background: Color) throws {
        renderer.setClip(r)
        var touching: [DrawCommand] = []
        for c in cmds where try drawnBounds(c, vp).intersection(r) != nil { touching.append(c) }
        // Under the felt no background shows: a pass over every pixel saved.
        if try !coversOpaquely(touching.first, r, vp) { renderer.fill(r, background) }
        try drawCommands(touching, vp, exact: true, part: true)
    }

    /// The output pixels a command can touch: text as its rendered line (which may be taller
    /// than its box), turned images with the corners they swing out, a pixel to spare all round.
    private func drawnBounds(_ c: DrawCommand, _ vp: Viewport) throws -> Rect {
        switch c {
        case .text(let text, let style, let color, let box, let k):
            let out = vp.toOutput(box)
            guard !text.isEmpty else { return Rect(x: out.x, y: out.y, w: 0, h: 0) }
            let t = try cache.texture(for: text, style, color, scale: vp.scale * k)
            let h = Double(t.height)
            return Rect(x: out.x.rounded() - 1, y: (out.center.y - h / 2).rounded() - 1, w: min(Double(t.width), (out.w + 1).rounded(.down)) + 2, h: h + 2)
        default:
            return Self.bounds(of: c, vp).outset(2)
        }
    }

    /// Shows the frame. After a damage-only frame of the software renderer only those rectangles
    /// are sent to the window system (a whole 1920x1080 frame is 8 MB per present).
    public func present() {
        if drawsDamageOnly, frameIntact {
            if nothingChanged { return }
            if let d = pendingDamage {
                presentedPixels += d.reduce(0) { $0 + Int($1.area) }
                renderer.presentParts(d)
                return
            }
        }
        presentedPixels += Int(renderer.outputSize.w * renderer.outputSize.h)
        renderer.present()
    }

    /// The felt over `out` (output pixels), painted where it shows under the clip, a band of rows
    /// at a time through one kept texture (`FeltPainter`).
    /// `hole`: where something opaque drawn later covers the felt, which is not painted there.
    func drawFelt(_ out: Rect, around hole: Rect? = nil) throws {
        let area = out.integral
        if felt?.width != Int(area.w) || felt?.height != Int(area.h) { felt = FeltPainter(width: Int(area.w), height: Int(area.h)) }
        let target = Rect(x: 0, y: 0, w: renderer.outputSize.w, h: renderer.outputSize.h)
        guard let painter = felt, let shown = area.intersection(renderer.clip ?? target)?.intersection(target)?.integral,
              shown.w > 0, shown.h > 0 else { return }
        for part in hole.map({ Renderer.bands(of: shown, around: $0.integral) }) ?? [shown] {
            try paintFelt(part, painter, area)
        }
    }

    /// The felt's pixels over `part` (whole output pixels), painted a band of rows at a time.
    private func paintFelt(_ part: Rect, _ painter: FeltPainter, _ area: Rect) throws {
        let x = Int(part.x), y0 = Int(part.y), w = Int(part.w), h = Int(part.h)
        if feltBand.map({ $0.width < w }) ?? true {
            feltBand = try renderer.makePaintedTexture(width: max(w, feltBand?.width ?? 0), height: Self.feltBandRows)
        }
        let band = feltBand!
        var y = y0
        while y < y0 + h {
            let rows = min(Self.feltBandRows, y0 + h - y)
            try band.write(rows: rows) { pixels, stride in
                painter.paint(x0: x - Int(area.x), y0: y - Int(area.y), w: w, h: rows, into: pixels, stride: stride)
            }
            renderer.copy(band, from: Rect(x: 0, y: 0, w: Double(w), h: Double(rows)), to: Rect(x: Double(x), y: Double(y), w: Double(w), h: Double(rows)))
            y += rows
        }
    }

    /// The card in hand's opaque inside copied, not blended; tests turn it off to compare.
    var copiesOpaqueInsides = true

    private func drawLayer(_ cmds: [DrawCommand], _ vp: Viewport) throws {
        renderer.setClip(nil)
        renderer.clear(.letterbox)
        renderer.setClip(vp.content)
        try drawCommands(cmds, vp, exact: true)
        renderer.setClip(nil)
    }

    /// `exact`: sizes and fades as given (the still layer); otherwise moving images are drawn at
    /// sizes and fades rounded so that made copies are reused frame after frame.
    /// `part`: a part of the still layer redrawn under a clip; the felt is not painted where a
    /// card drawn later covers it (in the whole layer one card's inside is not worth looking for).
    private func drawCommands(_ cmds: [DrawCommand], _ vp: Viewport, exact: Bool = false, part: Bool = false) throws {
        var skip = false
        let hidden = exact ? [] : Self.hiddenCards(cmds, vp)
        for (i, c) in cmds.enumerated() {
            if skip || hidden.contains(i) {
                skip = false
                continue
            }
            if i + 1 < cmds.count, try drawHeldCard(shadow: c, card: cmds[i + 1], vp) {
                skip = true
                continue
            }
            switch c {
            case .fill(let r, let color):
                renderer.fill(vp.toOutput(r), color)
            case .image(.table, let r, _, _):
                try drawFelt(vp.toOutput(r), around: part ? try coveredLater(than: i, cmds, vp) : nil)
            case .image(let ref, let r, let rotation, let alpha):
                let out = vp.toOutput(r)
                var w = Int(out.w.rounded()), h = Int(out.h.rounded()), a = alpha
                let degrees = rotation * 180 / .pi
                let hole = ref == .cardShadow && i + 1 < cmds.count ? try hiddenUnder(cmds[i + 1], vp) : nil
                if !exact, cache.prescales, degrees == 0 {
                    guard w > 0, h > 0, TextureCache.movingAlphaShows(ref, alpha) else { continue }
                    let dst = Self.placed(out)
                    // A card flying at the size cards rest at (sent home after a drop, dealt, a
                    // pile won) is drawn from the copy the piles use: not resampled every frame,
                    // and it lands looking as it flew. The still layer decides, so a frame drawn
                    // whole from scratch decides the same.
                    if alpha == 1, ref == .cardBack || ref.isCardFace, restingCardSizes.contains(TextureCache.PixelSize(w: w, h: h)) {
                        renderer.copy(try cache.texture(for: ref, drawnAt: w, h, moving: true, firstOut: ref.isCardFace), to: dst, around: hole)
                        continue
                    }
                    // Moving things change size and fade frame by frame (a card growing on its
                    // flight between piles, narrowing as it turns over, its shadow fading):
                    // resampled from the art or a kept copy a little larger, then blended.
                    let source = try cache.movingSource(for: ref, drawnHeight: h, alpha: alpha)
                    if source.width == w, source.height == h {
                        renderer.copy(source, to: dst, around: hole)
                    } else {
                        renderer.copy(try cache.resampled(source, of: ref, width: w, height: h), from: Rect(x: 0, y: 0, w: Double(w), h: Double(h)), to: dst, around: hole)
                    }
                    continue
                }
                if !exact, cache.prescales {
                    // Turned moving things: sizes to 4 px and fades to 1/16 let a few turned
                    // copies serve every frame.
                    w = Self.coarse(w)
                    h = Self.coarse(h)
                    a = (alpha * 16).rounded() / 16
                }
                guard a > 0 else { continue }
                if let made = try cache.preparedTexture(for: ref, drawnAt: w, h, degrees: degrees, alpha: a, moving: !exact) {
                    renderer.copy(made, to: Self.whole(made, centredOn: out.center), around: degrees == 0 ? hole : nil)
                } else if cache.prescales {
                    // Whole pixels at the copy's own size: copied, never resampled again.
                    let t = try cache.texture(for: ref, drawnAt: w, h, moving: !exact)
                    renderer.copy(t, to: Self.whole(t, centredOn: out.center), around: hole)
                } else {
                    renderer.copy(try cache.texture(for: ref), to: out, degrees: degrees, alpha: a)
                }
            case .stretched(let ref, let r, let cap):
                try drawStretched(ref, vp.toOutput(r), cap: cap * vp.scale, moving: !exact)
            case .text(let text, let style, let color, let box, let k):
                guard !text.isEmpty else { continue }
                let t = try cache.texture(for: text, style, color, scale: vp.scale * k)
                let out = vp.toOutput(box)
                // Natural size, centred vertically; clipped to the box so layout widths hold. A
                // whole number of pixels: a fractional width is a source and a destination one
                // pixel apart, which SDL scales, and a scaled copy cut by a clip samples other
                // rows than the same copy whole (a damage-only frame then differs at the cut).
                let w = min(Double(t.width), (out.w + 1).rounded(.down)), h = Double(t.height)
                renderer.copy(t, from: Rect(x: 0, y: 0, w: w, h: h),
                              to: Rect(x: out.x.rounded(), y: (out.center.y - h / 2).rounded(), w: w, h: h))
            }
        }
    }
}
