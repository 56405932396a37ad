import SnapCore

/// One renderer's textures, made on first use from the shared art. A texture belongs to the
/// renderer that made it, so every window has its own cache.
public final class TextureCache {
    private let renderer: Renderer
    private let art: ArtLibrary
    private var textures: [ImageRef: Texture] = [:]
    private var texts: [TextKey: Texture] = [:]
    private var scaled: [ScaledKey: Texture] = [:]
    private var prepared: [PreparedKey: Texture] = [:]
    private var sprites: [CardSpriteKey: (texture: Texture, anchor: Point)] = [:]
    /// Pre-scale art for renderers that scale on the CPU (the software renderer).
    public var prescales: Bool

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
    /// Labels change rarely; past this many distinct ones the text cache starts over.
    static let maxTexts = 256

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
    public func texture(for ref: ImageRef, drawnAt w: Int, _ h: Int) throws -> Texture {
        let full = try texture(for: ref)
        guard prescales, w > 0, h > 0, full.width != w || full.height != h else { return full }
        let key = ScaledKey(ref: ref, w: w, h: h)
        if let t = scaled[key] { return t }
        let t: Texture
        do { t = try renderer.makeScaledTexture(full, width: w, height: h) } catch let e as SDLError {
            throw AssetError.unreadable(path: art.source(of: ref), reason: "scaling to \(w)x\(h): \(e.description)")
        }
        admit(t)
        scaled[key] = t
        return t
    }

    /// Copies at drawn sizes, turned and composed images are kept up to this many bytes per
    /// window; past it they are made again as needed (a window resized many times, a long game
    /// of flights at many sizes).
    public static let madeBytesLimit = 48 << 20
    private var madeBytes = 0

    private func admit(_ t: Texture) {
        let bytes = t.width * t.height * 4
        if madeBytes + bytes > Self.madeBytesLimit { dropMadeCopies() }
        madeBytes += bytes
    }

    /// Forgets every copy made at a drawn size, turned or composed (they are made again when
    /// next drawn), as reaching `madeBytesLimit` does.
    func dropMadeCopies() {
        scaled.removeAll()
        prepared.removeAll()
        sprites.removeAll()
        madeBytes = 0
    }

    /// The image drawn at `w` x `h`, turned `degrees` (to the nearest `rotationStep`) and faded to
    /// `alpha`, made once for the software renderer; nil when there is nothing to prepare or the
    /// renderer turns and fades images itself (the GPU does it for free).
    public func preparedTexture(for ref: ImageRef, drawnAt w: Int, _ h: Int, degrees: Double, alpha: Double) throws -> Texture? {
        guard prescales, w > 0, h > 0 else { return nil }
        let steps = Self.rotationSteps(degrees: degrees)
        let fade = Renderer.alphaByte(alpha)
        guard steps != 0 || fade != 255 else { return nil }
        let key = PreparedKey(scaled: ScaledKey(ref: ref, w: w, h: h), rotationSteps: steps, alpha: fade)
        if let t = prepared[key] { return t }
        let upright = try texture(for: ref, drawnAt: w, h)
        let t: Texture
        do { t = try renderer.makeRotatedTexture(upright, degrees: Double(steps) * Self.rotationStep, alpha: fade) } catch let e as SDLError {
            throw AssetError.unreadable(path: art.source(of: ref), reason: "turning \(w)x\(h) by \(degrees) degrees: \(e.description)")
        }
        admit(t)
        prepared[key] = t
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
    }

    /// The card turned and laid over its turned shadow in one image, and where the card's centre
    /// is in it; nil where the renderer composes images itself (the GPU).
    public func cardSprite(_ key: CardSpriteKey) throws -> (texture: Texture, anchor: Point)? {
        guard prescales, key.card.w > 0, key.card.h > 0, key.shadow.w > 0, key.shadow.h > 0 else { return nil }
        if let s = sprites[key] { return s }
        let degrees = Double(key.rotationSteps) * Self.rotationStep
        let alpha = Double(key.shadowAlpha) / 255
        guard let shadow = try preparedTexture(for: .cardShadow, drawnAt: key.shadow.w, key.shadow.h, degrees: degrees, alpha: alpha),
              let card = try preparedTexture(for: key.face, drawnAt: key.card.w, key.card.h, degrees: degrees, alpha: 1) else { return nil }
        // The card's centre at the origin; the union of both boxes is the sprite.
        let cardBox = Rect(center: .zero, size: Size(w: Double(card.width), h: Double(card.height)))
        let shadowBox = Rect(center: Point(x: Double(key.dx), y: Double(key.dy)), size: Size(w: Double(shadow.width), h: Double(shadow.height)))
        let box = cardBox.union(shadowBox)!.integral
        let t: Texture
        do {
            t = try renderer.compose(width: Int(box.w), height: Int(box.h), [
                (shadow, Point(x: (shadowBox.x - box.x).rounded(), y: (shadowBox.y - box.y).rounded())),
                (card, Point(x: (cardBox.x - box.x).rounded(), y: (cardBox.y - box.y).rounded())),
            ])
        } catch let e as SDLError {
            throw AssetError.unreadable(path: art.source(of: key.face), reason: "composing a card in hand: \(e.description)")
        }
        let sprite = (texture: t, anchor: Point(x: -box.x, y: -box.y))
        admit(t)
        sprites[key] = sprite
        return sprite
    }

    public func texture(for ref: ImageRef) throws -> Texture {
        if let t = textures[ref] { return t }
        let t: Texture
        do {
            t = try renderer.makeTexture(from: art.surface(for: ref))
        } catch let e as SDLError {
            // Out of memory here is about one image: say which.
            throw AssetError.unreadable(path: art.source(of: ref), reason: e.description)
        }
        textures[ref] = t
        return t
    }

    /// A line of text rendered with SDL_ttf once, then reused until it changes.
    public func texture(for text: String, _ style: TextStyle, _ color: Color, scale: Double) throws -> Texture {
        let key = TextKey(text: text, style: style, color: color, pixels: Int((style.size * scale).rounded()))
        if let t = texts[key] { return t }
        if texts.count >= Self.maxTexts { texts.removeAll() }
        let t = try renderer.makeTexture(from: art.fontBook.render(text, style, color, scale: scale))
        texts[key] = t
        textRenders += 1
        return t
    }

    /// How many turned or faded images were made (the debug log reports it).
    public private(set) var preparedMade = 0

    /// How many text textures were made (tests check labels are not re-rendered every frame).
    public private(set) var textRenders = 0

    public var count: Int { textures.count + texts.count }
}
