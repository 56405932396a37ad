import ArgumentParser
import CSDL2
import SnapApp
import SnapCore
import SnapSDL

/// The least a drag can cost on SDL2's software renderer: a window that does nothing but what
/// any program showing a card in hand must, with no game, scene or display list behind it.
/// `scripts/benchmarks/peers.py` drags the pointer over it as over the table and prints its CPU
/// beside snap-table's and Aisleriot's, so the table's figure can be read against what SDL and
/// the X server cost by themselves.
///
/// Each frame, when the pointer moved: SDL's events read, the background copied back where the
/// card was and is, the card drawn at the pointer, those rectangles presented, then a sleep to
/// the next frame (60 a second). `--card`: `opaque` copies a card-sized opaque image, so only
/// the fixed costs are left; `sprite` draws the card in hand as the table does (its soft shadow
/// blended around its opaque inside, which is copied).
struct FloorBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor",
        abstract: "Opens a window that only redraws a card at the pointer, for a drag's least CPU (run under an X server).")

    @Option(help: "opaque or sprite.") var card = "sprite"

    func run() throws {
        guard ["opaque", "sprite"].contains(card) else { throw ValidationError("--card must be opaque or sprite, got '\(card)'") }
        let session = try SDLSession()
        let window = try Window(session: session, title: "snap-bench floor", size: Size(w: 1280, h: 720), resizable: false)
        let renderer = try Renderer(window: window, kind: .software, vsync: false)
        let art = try ArtLibrary(session: session, directory: ArtLocator.directory(given: nil), fonts: try FontSet.locate())
        let cache = TextureCache(renderer: renderer, art: art)
        let size = renderer.outputSize
        let background = try renderer.makeLayerTexture(width: Int(size.w), height: Int(size.h))
        renderer.setTarget(background)
        renderer.clear(Color(30, 110, 60))
        renderer.setTarget(nil)

        // The card in hand of the game's 1280x720 window, face down and tilted as a dragged
        // card is (the tilt decides how much of it is opaque, so copied, and how much blended).
        let held = SceneBuilder.cardCommands(Card(id: 1, face: CardFace(rank: .ace, suit: .spades), faceUp: false, slot: 1),
                                             CardPose(center: .zero, rotation: Feel.standard.dragTilt),
                                             size: GameLayout.cardSize, lifted: true)
        let canvas = Viewport(logical: size, output: size)
        guard let key = TextureCache.CardSpriteKey(shadow: held[0], card: held[1], canvas),
              let sprite = try cache.cardSprite(key), let inside = sprite.inside else {
            throw ValidationError("the card in hand could not be composed")
        }
        let opaque = try renderer.makeLayerTexture(width: sprite.texture.width, height: sprite.texture.height)
        renderer.setTarget(opaque)
        renderer.clear(Color(240, 240, 230))
        renderer.setTarget(nil)
        let drawsSprite = self.card == "sprite"

        renderer.copy(background, to: Rect(x: 0, y: 0, w: size.w, h: size.h))
        renderer.present()
        var event = SDL_Event()
        var pointer = Point(x: 640, y: 360), shown = pointer
        var nextFrame = 0.0
        let frame = 1.0 / 60
        var running = true
        func seconds() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }
        func take(_ e: SDL_Event) {
            switch SDL_EventType(e.type) {
            case SDL_QUIT: running = false
            case SDL_MOUSEMOTION: pointer = Point(x: Double(e.motion.x), y: Double(e.motion.y))
            default: break
            }
        }
        while running {
            let now = seconds()
            if now < nextFrame {
                SDL_Delay(UInt32(((nextFrame - now) * 1000).rounded(.up)))
            } else if pointer == shown, SDL_WaitEventTimeout(&event, 1000) != 0 {
                take(event)
            }
            while SDL_PollEvent(&event) != 0 { take(event) }
            guard pointer != shown else { continue }
            let w = Double(sprite.texture.width), h = Double(sprite.texture.height)
            let old = Rect(x: shown.x - sprite.anchor.x, y: shown.y - sprite.anchor.y, w: w, h: h)
            let new = Rect(x: pointer.x - sprite.anchor.x, y: pointer.y - sprite.anchor.y, w: w, h: h)
            guard let damage = old.union(new)?.intersection(Rect(x: 0, y: 0, w: size.w, h: size.h))?.integral else { continue }
            renderer.setClip(damage)
            renderer.copy(background, from: damage, to: damage)
            if drawsSprite {
                let hole = inside.rect.offsetBy(dx: new.x, dy: new.y)
                renderer.copy(sprite.texture, to: new, around: hole)
                renderer.copy(inside.texture, to: hole)
            } else {
                renderer.copy(opaque, to: new)
            }
            renderer.setClip(nil)
            renderer.presentParts([damage])
            shown = pointer
            nextFrame = seconds() + frame
        }
    }
}
