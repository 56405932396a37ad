import SnapCore

/// One renderer's textures, made on first use from the shared art. A texture belongs to the
/// renderer that made it, so every window has its own cache. What a window made (text, and on
/// the software renderer the art and its copies at drawn sizes, turned and composed) is kept
/// within a byte budget proportional to the window (`TextureBudget`): a window keeps what it
/// draws now, not every size it ever drew.
public final class TextureCache {
    private let renderer: Renderer
    private let art: ArtLibrary
    /// The art at its own size where the renderer scales it on every draw (the GPU): the only
    /// copy it draws from, kept.
    private var textures: [ImageRef: Texture] = [:]
    private var made = TextureBudget<MadeKey>(limit: minimumBudget)
    /// Pre-scale art for renderers that scale on the CPU (the software renderer).
    public var prescales: Bool

    enum MadeKey: Hashable {
        /// The art at its own size, on a renderer that draws copies at drawn sizes: the source
        /// of those copies and of stretched images.
        case art(ImageRef)
        case scaled(ScaledKey)
        case prepared(PreparedKey)
        case faded(ScaledKey, alpha: UInt8)
        case sprite(CardSpriteKey)
        case text(TextKey)
        case stretched(ImageRef, StretchSlices.Shape)
    }

    struct ScaledKey: Hashable { var ref: ImageRef, w: Int, h: Int }
    struct PreparedKey: Hashable { var scaled: ScaledKey, rotationSteps: Int, alpha: UInt8 }
    /// Turned images are kept in steps of a third of the card-in-hand tilt (pi/32, 5.625 degrees):
    /// turning a card is SDL's slowest operation (a smoothed rotozoom, about 5 million
    /// instructions for a card, several times that on the table view), a new card in hand needs
    /// one per step on its way in and reuses them on its way out, and a tilt easing over a few
    /// frames does not show its steps.
    public static let rotationStep = 1.875

    /// `degrees` in whole `rotationStep`s, the key turned images are kept under.
    public static func rotationSteps(degrees: Double) -> Int { Int((degrees / rotationStep).rounded()) }
    struct TextKey: Hashable {
        var text: String, style: TextStyle, color: Color, pixels: Int
    }

    public init(renderer: Renderer, art: ArtLibrary) {
        self.renderer = renderer
        self.art = art
        prescales = renderer.name == "software"
    }

    /// The image for drawing at `w` x `h` output pixels: on the software renderer a copy scaled
    /// once to exactly that size, drawn unscaled (SDL's software scaling costs per pixel on every
    /// draw, and a copy at the drawn size gives the same pixels whatever part of it is clipped,
    /// which redrawing only the changed parts of the still layer relies on); else the art itself.
    /// `moving`: for something that moves, whose size may serve this frame only (kept from the
    /// second frame that draws it); the still layer's copies are kept at once.
    /// `firstOut`: dropped before the others when the budget is full (a card face on its way
    /// somewhere, not drawn again once it lands).
    public func texture(for ref: ImageRef, drawnAt w: Int, _ h: Int, moving: Bool = false, firstOut: Bool = false) throws -> Texture {
        guard prescales, w > 0, h > 0 else { return try texture(for: ref) }
        // The copy first: the art at its own size is needed only to make one.
        let key = MadeKey.scaled(ScaledKey(ref: ref, w: w, h: h))
        if let e = made.get(key) { return e.texture }
        // At its own size the art is the copy, kept as one.
        guard art.size(of: ref) != (w, h) else { return try texture(for: ref) }
        let t: Texture
        do {
            // From the art's texture where the budget still holds it, else from the art itself:
            // the same pixels, without a texture of the art at its own size.
            if let full = made.get(.art(ref))?.texture {
                t = try renderer.makeScaledTexture(full, width: w, height: h)
            } else {
                t = try renderer.makeTexture(from: art.surface(for: ref), width: w, height: h)
            }
        } catch let e as SDLError {
            throw AssetError.unreadable(path: art.source(of: ref), reason: "scaling to \(w)x\(h): \(e.description)")
        }
        made.put(key, t, onReuse: moving, firstOut: firstOut)
        return t
    }

    /// The copy a moving image is resampled from each frame on the software renderer. A card on
    /// its way between piles changes size and, turning over, width every frame; a copy per
    /// drawn size cost an allocation, two clears and a scaling from the art every frame, and
    /// pushed the copies that are reused out of the budget. Instead:
    /// - the art itself where it is drawn at least half its size (down to half, linear filtering
    ///   still reads every source pixel): a card face flies once, its art is composed for the flight;
    /// - else a copy at the first height of a ladder of 10 % steps down from the art's own size
    ///   that is not below `drawn`: one copy per step serves every frame and every flight.
    /// Faded to `alpha` in the copy (SDL blends a faded image pixel by pixel in C, an opaque one
    /// with SIMD): in steps of 1/16, a soft shadow's in quarters (a fading shadow is on screen
    /// with every card turned over, and the steps do not show in it).
    public func movingSource(for ref: ImageRef, drawnHeight drawn: Int, alpha: Double = 1) throws -> Texture {
        let steps = ref == .cardShadow ? 4.0 : 16.0
        let fade = Renderer.alphaByte((alpha * steps).rounded() / steps)
        let (aw, ah) = art.size(of: ref)
        if fade == 255, 2 * drawn >= ah { return try source(for: ref) }
        var height = ah
        while height > 8, (Double(height) * 0.9).rounded() >= Double(drawn) { height = Int((Double(height) * 0.9).rounded()) }
        let width = max(1, Int((Double(height) * Double(aw) / Double(ah)).rounded()))
        guard fade != 255 else { return try texture(for: ref, drawnAt: width, height, firstOut: ref.isCardFace) }
        let key = MadeKey.faded(ScaledKey(ref: ref, w: width, h: height), alpha: fade)
        if let e = made.get(key) { return e.texture }
        let t = try renderer.makeFadedTexture(texture(for: ref, drawnAt: width, height, firstOut: ref.isCardFace), alpha: fade)
        made.put(key, t, firstOut: ref.isCardFace)
        return t
    }

    /// A moving image drawn `alpha` opaque is drawn at all (its copy's fade is not zero).
    public static func movingAlphaShows(_ ref: ImageRef, _ alpha: Double) -> Bool {
        (alpha * (ref == .cardShadow ? 4 : 16)).rounded() > 0
    }

    /// How many moving images were resampled (tests read it); one the scratch still held is not counted.
    public private(set) var resamples = 0

    /// One texture per window that moving images are resampled into before they are blended
    /// (`Renderer.stretch`), grown to the largest asked for; outside the budget.
    private var scratch: Texture?

    /// `source` resampled to `width` x `height` in the top left corner of the scratch texture,
    /// which is valid until the next call. Draws from it may be queued: making it the target
    /// again runs what is queued first, so each is drawn before it is drawn over.
    public func resampled(_ source: Texture, of ref: ImageRef, width: Int, height: Int) throws -> Texture {
        // A card face, smoothed: its letters show steps otherwise. A back's pattern and a soft
        // shadow from a copy at most a tenth larger look the same with the nearest pixel.
        let smooth = ref.isCardFace || Double(source.height) > Double(height) * 1.12
        // The same again (the shadow of a card sliding home unturned, frame after frame, at one
        // size): the scratch still holds it. Sources are copies nobody draws into, and a source
        // released since is no match (it is held weakly).
        if let s = scratch, let held = scratchHolds, held.source === source, held.width == width, held.height == height,
           held.smooth == smooth {
            return s
        }
        resamples += 1
        let s: Texture
        if let kept = scratch, kept.width >= width, kept.height >= height {
            s = kept
        } else {
            s = try renderer.makeTargetTexture(width: max(width, scratch?.width ?? 0), height: max(height, scratch?.height ?? 0))
            scratch = s
        }
        renderer.stretch(source, into: s, width: width, height: height, smooth: smooth)
        scratchHolds = ScratchContents(source: source, width: width, height: height, smooth: smooth)
        return s
    }

    /// What the scratch texture holds: `source` resampled to `width` x `height`.
    private struct ScratchContents {
        weak var source: Texture?
        var width: Int, height: Int, smooth: Bool
    }
    private var scratchHolds: ScratchContents?

    /// Render targets lost their pixels (`SDL_RENDER_TARGETS_RESET`): the scratch holds nothing.
    public func targetsLost() { scratchHolds = nil }

    /// The budget is this many window-sized images: what a frame draws besides the felt (which
    /// is painted, `FeltPainter`), and what moves and the labels. With 0.75 the player's window
    /// used 3 % more CPU in play (`snap-bench play --one-window`), with 0.5, 13 % more.
    public var screensPerBudget = TextureCache.playerScreens
    public static let playerScreens = 1.0
    /// A table view draws the open cards and the labels half as large again on the same layout:
    /// more of each screen is copies. With 1.25 it made its copies again and again (+10 % CPU),
    /// with 1, +31 %.
    public static let tableViewScreens = 1.5
    /// The budget of a small window (the largest art at its own size fits).
    public static let minimumBudget = 2 << 20

    /// Bytes of textures a `width` x `height` window keeps.
    public static func budget(width: Int, height: Int, screens: Double = playerScreens) -> Int {
        max(minimumBudget, Int(screens * Double(width * height * 4)))
    }

    /// Starts a frame drawn `width` x `height` output pixels: what this frame draws is kept
    /// whatever the budget, and the budget follows the window's size.
    public func beginFrame(width: Int, height: Int) {
        made.nextFrame()
        made.limit = Self.budget(width: width, height: height, screens: screensPerBudget)
        if made.bytes > made.limit { made.evict(downTo: made.limit) }
    }

    /// The table is idle: what the last frame drew beyond the budget goes now, not when the
    /// next frame begins (an idle table may draw none for minutes: its first frame, the start
    /// screen, drew half as much again as the budget).
    public func trimToBudget() {
        guard made.bytes > made.limit else { return }
        made.nextFrame()
        made.evict(downTo: made.limit)
    }

    /// Bytes of textures kept within the budget, and how many were made so far (the debug log).
    public var budgetFigures: (bytes: Int, limit: Int, made: Int) { (made.bytes, made.limit, made.made) }

    /// Forgets every copy made at a drawn size, turned or composed (they are made again when
    /// next drawn).
    func dropMadeCopies() {
        made.removeAll { key in
            switch key {
            case .scaled, .prepared, .faded, .sprite, .stretched: true
            case .art, .text: false
            }
        }
    }

    /// `ref` stretched in three slices into `dst` (output pixels), made once at that size on the
    /// software renderer, and where to draw it; nil where the renderer scales on every draw.
    public func stretchedTexture(for ref: ImageRef, into dst: Rect, cap: Double, moving: Bool = false) throws -> (texture: Texture, origin: Point)? {
        guard prescales else { return nil }
        let (aw, ah) = art.size(of: ref)
        let slices = StretchSlices(image: aw, ah, into: dst, cap: cap)
        guard slices.size.w > 0, slices.size.h > 0 else { return nil }
        let key = MadeKey.stretched(ref, slices.shape)
        if let e = made.get(key) { return (e.texture, slices.origin) }
        let full = try texture(for: ref)
        let t: Texture
        do { t = try renderer.makeSlicedTexture(full, width: slices.size.w, height: slices.size.h, parts: slices.parts) } catch let e as SDLError {
            throw AssetError.unreadable(path: art.source(of: ref), reason: "stretching to \(slices.size.w)x\(slices.size.h): \(e.description)")
        }
        made.put(key, t, onReuse: moving)
        return (t, slices.origin)
    }

    /// The image drawn at `w` x `h`, turned `degrees` (to the nearest `rotationStep`) and faded to
    /// `alpha`, made once for the software renderer; nil when there is nothing to prepare or the
    /// renderer turns and fades images itself (the GPU does it for free). `lastOut`: kept longer
    /// than the others (`TextureBudget`).
    public func preparedTexture(for ref: ImageRef, drawnAt w: Int, _ h: Int, degrees: Double, alpha: Double, moving: Bool = false,
                                lastOut: Bool = false) throws -> Texture? {
        guard prescales, w > 0, h > 0 else { return nil }
        let steps = Self.rotationSteps(degrees: degrees)
        let fade = Renderer.alphaByte(alpha)
        guard steps != 0 || fade != 255 else { return nil }
        let key = MadeKey.prepared(PreparedKey(scaled: ScaledKey(ref: ref, w: w, h: h), rotationSteps: steps, alpha: fade))
        if let e = made.get(key) { return e.texture }
        let upright = try texture(for: ref, drawnAt: w, h, moving: moving)
        let t: Texture
        do { t = try renderer.makeRotatedTexture(upright, degrees: Double(steps) * Self.rotationStep, alpha: fade) } catch let e as SDLError {
            throw AssetError.unreadable(path: art.source(of: ref), reason: "turning \(w)x\(h) by \(degrees) degrees: \(e.description)")
        }
        made.put(key, t, onReuse: moving && !lastOut, lastOut: lastOut)
        preparedMade += 1
        return t
    }

    /// Output pixels, whole.
    public struct PixelSize: Hashable {
        public var w: Int, h: Int
        public init(_ s: Size) {
            w = Int(s.w.rounded())
            h = Int(s.h.rounded())
        }
        public init(w: Int, h: Int) {
            self.w = w
            self.h = h
        }
    }

    /// A card in hand with its shadow: the card's size, the shadow's size and where the shadow's
    /// centre is from the card's (output pixels), the tilt and the shadow's opacity.
    public struct CardSpriteKey: Hashable {
        public var face: ImageRef, card: PixelSize, shadow: PixelSize, dx: Int, dy: Int, rotationSteps: Int, shadowAlpha: UInt8
        public init(face: ImageRef, card: PixelSize, shadow: PixelSize, dx: Int, dy: Int, rotationSteps: Int, shadowAlpha: UInt8) {
            self.face = face
            self.card = card
            self.shadow = shadow
            self.dx = dx
            self.dy = dy
            self.rotationSteps = rotationSteps
            self.shadowAlpha = shadowAlpha
        }

        /// The key of a tilted card over its shadow as a display list has them
        /// (`SceneBuilder.cardCommands`); nil when the pair is not that.
        public init?(shadow: DrawCommand, card: DrawCommand, _ vp: Viewport) {
            guard case .image(.cardShadow, let sr, let rotation, let shadowAlpha) = shadow, rotation != 0,
                  case .image(let face, let cr, let cardRotation, 1) = card, cardRotation == rotation, shadowAlpha > 0 else { return nil }
            let so = vp.toOutput(sr), co = vp.toOutput(cr)
            self.init(face: face, card: PixelSize(co.size), shadow: PixelSize(so.size),
                      dx: Int((so.center.x - co.center.x).rounded()), dy: Int((so.center.y - co.center.y).rounded()),
                      rotationSteps: TextureCache.rotationSteps(degrees: rotation * 180 / .pi),
                      shadowAlpha: Renderer.alphaByte(shadowAlpha))
        }
    }

    /// The card turned and laid over its turned shadow in one image, and where the card's centre
    /// is in it; nil where the renderer composes images itself (the GPU). The sprites and the
    /// turned shadows (the same for every card) go last from the budget: a drag needs a few (the
    /// tilt easing in, lifted, and out, dropped), made in its first frames for most of its CPU
    /// (a turn costs SDL 3 million instructions for a card), and the next drag needs them again
    /// after a round of play has filled the budget with other copies.
    /// `inside`: the largest upright part of it around the card's centre that is opaque, to be
    /// copied instead of blended.
    public func cardSprite(_ key: CardSpriteKey) throws -> (texture: Texture, anchor: Point, inside: OpaquePart?)? {
        guard prescales, key.card.w > 0, key.card.h > 0, key.shadow.w > 0, key.shadow.h > 0 else { return nil }
        if let e = made.get(.sprite(key)) { return (e.texture, e.anchor, e.inside) }
        let degrees = Double(key.rotationSteps) * Self.rotationStep
        let alpha = Double(key.shadowAlpha) / 255
        guard let shadow = try preparedTexture(for: .cardShadow, drawnAt: key.shadow.w, key.shadow.h, degrees: degrees, alpha: alpha, lastOut: true),
              let card = try preparedTexture(for: key.face, drawnAt: key.card.w, key.card.h, degrees: degrees, alpha: 1) else { return nil }
        // The card's centre at the origin; the union of both boxes is the sprite.
        let cardBox = Rect(center: .zero, size: Size(w: Double(card.width), h: Double(card.height)))
        let shadowBox = Rect(center: Point(x: Double(key.dx), y: Double(key.dy)), size: Size(w: Double(shadow.width), h: Double(shadow.height)))
        let box = cardBox.union(shadowBox)!.integral
        let t: Texture, inside: OpaquePart?
        let anchor = Point(x: -box.x, y: -box.y)
        do {
            t = try renderer.compose(width: Int(box.w), height: Int(box.h), [
                (shadow, Point(x: (shadowBox.x - box.x).rounded(), y: (shadowBox.y - box.y).rounded())),
                (card, Point(x: (cardBox.x - box.x).rounded(), y: (cardBox.y - box.y).rounded())),
            ])
            // Read from what was composed, so it holds for any art and any tilt.
            inside = try renderer.readPixels(of: t).opaqueBox(around: (Int(anchor.x), Int(anchor.y))).map {
                OpaquePart(texture: try renderer.makeOpaqueCopy(of: t, part: $0), rect: $0)
            }
        } catch let e as SDLError {
            throw AssetError.unreadable(path: art.source(of: key.face), reason: "composing a card in hand: \(e.description)")
        }
        made.put(.sprite(key), t, anchor: anchor, inside: inside, lastOut: true)
        return (t, anchor, inside)
    }

    /// The art at its own size, drawn as it is (stretched, or at that size).
    public func texture(for ref: ImageRef) throws -> Texture {
        if prescales, let e = made.get(.art(ref)) { return e.texture }
        if !prescales, let t = textures[ref] { return t }
        let t = try artTexture(ref)
        if prescales { made.put(.art(ref), t) } else { textures[ref] = t }
        return t
    }

    /// The art at its own size to make a copy from (or a card face to resample in flight), kept
    /// within the budget and the first to go: the copies made from it are what is drawn again.
    private func source(for ref: ImageRef) throws -> Texture {
        if let e = made.get(.art(ref)) { return e.texture }
        let t = try artTexture(ref)
        made.put(.art(ref), t, firstOut: true)
        return t
    }

    private func artTexture(_ ref: ImageRef) throws -> Texture {
        do {
            return try renderer.makeTexture(from: art.surface(for: ref))
        } catch let e as SDLError {
            // Out of memory here is about one image: say which.
            throw AssetError.unreadable(path: art.source(of: ref), reason: e.description)
        }
    }

    /// A line of text rendered with SDL_ttf once, then reused until it changes.
    public func texture(for text: String, _ style: TextStyle, _ color: Color, scale: Double) throws -> Texture {
        let key = TextKey(text: text, style: style, color: color, pixels: Int((style.size * scale).rounded()))
        if let e = made.get(.text(key)) { return e.texture }
        let t = try renderer.makeTexture(from: art.fontBook.render(text, style, color, scale: scale))
        made.put(.text(key), t)
        textRenders += 1
        return t
    }

    /// How many turned or faded images were made (the debug log reports it).
    public private(set) var preparedMade = 0

    /// How many text textures were made (tests check labels are not re-rendered every frame).
    public private(set) var textRenders = 0

    public var count: Int { textures.count + made.count }
}
