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
/// the next frame (60 a second; a second window's at its own rate, by default the table's for its
/// table view and mirror, `SecondaryPacing`). `--card`: `opaque` copies a card-sized opaque image, so only the fixed
/// costs are left; `sprite` draws the card in hand as the table does (its soft shadow blended
/// around its opaque inside, which is copied).
struct FloorBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor",
        abstract: "Opens a window that only redraws a card at the pointer, for a drag's least CPU (run under an X server).")

    @Option(help: "opaque or sprite.") var card = "sprite"
    @Flag(help: "A second window, fullscreen on the second display, draws the same card at its scale (a mirror's least).")
    var mirror = false
    @Option(help: "Frames a second of the second window (default: the table's for its table view and mirror, 30).")
    var secondFps = 1 / SecondaryPacing.motionInterval
    @Option(help: "The second window's card over the first's (default: its width over 1280, a mirror's; the sandbox's table view draws its card in hand at 2.33).")
    var secondCardScale: Double?

    /// One window of the floor: its background, the card it draws and where it drew it last.
    final class Pane {
        let window: Window
        let renderer: Renderer
        let background: Texture
        let sprite: (texture: Texture, anchor: Point, inside: OpaquePart?)
        let opaque: Texture
        /// Output pixels per pixel of the first window.
        let scale: Double
        /// Seconds between two frames of this window.
        let frame: Double
        /// When this window last drew.
        var drewAt = -Double.infinity
        /// The pointer it last drew the card at (first window pixels).
        var shown = Point(x: 640, y: 360)
        /// Where the card was drawn last (output pixels).
        var drawn: Rect?

        /// The first window is 1280 pixels wide; a mirror's scale is its width over that, and its
        /// card's too unless `cardScale` says otherwise.
        init(_ window: Window, art: ArtLibrary, fps: Double = 60, cardScale: Double? = nil) throws {
            self.window = window
            renderer = try Renderer(window: window, kind: .software, vsync: false)
            scale = renderer.outputSize.w / 1280
            frame = 1 / fps
            let cardScale = cardScale ?? scale
            let cache = TextureCache(renderer: renderer, art: art)
            let size = renderer.outputSize
            background = try renderer.makeLayerTexture(width: Int(size.w), height: Int(size.h))
            renderer.setTarget(background)
            renderer.clear(Color(30, 110, 60))
            renderer.setTarget(nil)
            // The card in hand of the game's 1280x720 window, face down and tilted as a dragged
            // card is (the tilt decides how much of it is opaque, so copied, and how much blended).
            let held = SceneBuilder.cardCommands(Card(id: 1, face: CardFace(rank: .ace, suit: .spades), faceUp: false, slot: 1),
                                                 CardPose(center: .zero, rotation: Feel.standard.dragTilt),
                                                 size: GameLayout.cardSize, lifted: true)
            let vp = Viewport(logical: Size(w: size.w / cardScale, h: size.h / cardScale), output: size)
            guard let key = TextureCache.CardSpriteKey(shadow: held[0], card: held[1], vp), let sprite = try cache.cardSprite(key),
                  sprite.inside != nil else {
                throw ValidationError("the card in hand could not be composed")
            }
            self.sprite = sprite
            opaque = try renderer.makeLayerTexture(width: sprite.texture.width, height: sprite.texture.height)
            renderer.setTarget(opaque)
            renderer.clear(Color(240, 240, 230))
            renderer.setTarget(nil)
            renderer.copy(background, to: Rect(x: 0, y: 0, w: size.w, h: size.h))
            renderer.present()
        }

        /// The background copied back where the card was and is, the card drawn at `pointer`
        /// (first window pixels), those pixels presented.
        func draw(at pointer: Point, sprite drawsSprite: Bool) {
            let p = pointer * scale, size = renderer.outputSize
            let w = Double(sprite.texture.width), h = Double(sprite.texture.height)
            let new = Rect(x: (p.x - sprite.anchor.x).rounded(), y: (p.y - sprite.anchor.y).rounded(), w: w, h: h)
            let old = drawn ?? new
            drawn = new
            guard let damage = old.union(new)?.intersection(Rect(x: 0, y: 0, w: size.w, h: size.h))?.integral else { return }
            renderer.setClip(damage)
            renderer.copy(background, from: damage, to: damage)
            if drawsSprite, let inside = sprite.inside {
                let hole = inside.rect.offsetBy(dx: new.x, dy: new.y)
                renderer.copy(sprite.texture, to: new, around: hole)
                renderer.copy(inside.texture, to: hole)
            } else {
                renderer.copy(opaque, to: new)
            }
            renderer.setClip(nil)
            renderer.presentParts([damage])
        }
    }

    func run() throws {
        guard ["opaque", "sprite"].contains(card) else { throw ValidationError("--card must be opaque or sprite, got '\(card)'") }
        // The second window draws on the first one's ticks: more than 60 a second would be 60.
        guard secondFps > 0, secondFps <= 60 else { throw ValidationError("--second-fps must be above 0 and at most 60, got \(secondFps)") }
        if let k = secondCardScale, !(k > 0 && k <= 4) { throw ValidationError("--second-card-scale must be above 0 and at most 4, got \(k)") }
        if !mirror, secondFps != 1 / SecondaryPacing.motionInterval || secondCardScale != nil {
            throw ValidationError("--second-fps and --second-card-scale are for the second window: add --mirror")
        }
        let session = try SDLSession()
        let art = try ArtLibrary(session: session, directory: ArtLocator.directory(given: nil), fonts: try FontSet.locate())
        var panes = [try Pane(Window(session: session, title: "snap-bench floor", size: Size(w: 1280, h: 720), resizable: false),
                              art: art)]
        if mirror {
            var bounds = SDL_Rect()
            guard SDL_GetNumVideoDisplays() > 1, SDL_GetDisplayBounds(1, &bounds) == 0 else { throw ValidationError("--mirror needs a second display") }
            // As the table opens its windows on other displays: the display's size, fullscreen there.
            let second = try Window(session: session, title: "snap-bench floor mirror", size: Size(w: Double(bounds.w), h: Double(bounds.h)),
                                    display: 1, fullscreenOnDisplay: true)
            panes.append(try Pane(second, art: art, fps: secondFps, cardScale: secondCardScale))
        }
        let drawsSprite = card == "sprite"
        var event = SDL_Event()
        var pointer = Point(x: 640, y: 360)
        var running = true
        func seconds() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }
        func take(_ e: SDL_Event) {
            switch SDL_EventType(e.type) {
            case SDL_QUIT: running = false
            case SDL_MOUSEMOTION:
                // A fullscreen window on the other display may take the pointer's events (X11
                // without a window manager): the desktop point, in the first window's pixels.
                guard let pane = panes.first(where: { $0.window.id == e.motion.windowID }) else { break }
                pointer = pane.window.position + Point(x: Double(e.motion.x), y: Double(e.motion.y)) - panes[0].window.position
            default: break
            }
        }
        // As the table's loop: frames of the first window 60 a second, counted from before each
        // frame is drawn; a second window drawing on those ticks once its own interval (less
        // `SecondaryPacing.slack`) has passed since it last drew.
        var nextFrame = 0.0
        let frame = 1.0 / 60
        while running {
            let now = seconds()
            if now < nextFrame {
                SDL_Delay(UInt32(((nextFrame - now) * 1000).rounded(.up)))
            } else if panes.allSatisfy({ $0.shown == pointer }), SDL_WaitEventTimeout(&event, 1000) != 0 {
                take(event)
            }
            while SDL_PollEvent(&event) != 0 { take(event) }
            guard !panes.allSatisfy({ $0.shown == pointer }) else { continue }
            let t = seconds()
            for pane in panes where pane.shown != pointer && t - pane.drewAt >= pane.frame - SecondaryPacing.slack {
                pane.draw(at: pointer, sprite: drawsSprite)
                pane.shown = pointer
                pane.drewAt = t
            }
            nextFrame = t + frame
        }
    }
}
