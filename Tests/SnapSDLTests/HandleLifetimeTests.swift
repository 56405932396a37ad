import CSDL2
import CSDL2TTF
import Testing
@testable import SnapCore
@testable import SnapSDL

/// SDL handles dropped in the worst order: the window and renderer first while their textures
/// and the cache still exist, SDL's session while fonts and surfaces still exist. Each handle
/// keeps what it needs alive, so SDL frees everything in the one safe order. Run under
/// AddressSanitizer too (see the report of the "Solid ground" issue). Part of the rendering
/// suite so SDL is up once at a time.
extension RenderingTests {
    @Test func handlesDroppedInTheWorstOrderFreeEverythingInTheSafeOrder() throws {
        weak var session: SDLSession?
        weak var window: Window?
        weak var renderer: Renderer?
        var cache: TextureCache?
        var texture: Texture?
        var fonts: FontBook?
        var picture: Surface?
        do {
            let s = try SDLSession(forceDriver: "offscreen")
            let art = try ArtLibrary(session: s, directory: RenderingTests.resources, fonts: try FontSet.locate())
            let w = try Window(session: s, title: "lifetimes", size: Size(w: 640, h: 360), hidden: true)
            let r = try Renderer(window: w, kind: .software, vsync: false)
            let scene = SceneRenderer(renderer: r, art: art)
            // Fill the cache with every kind of texture: art, scaled art, card faces, text, the still layer.
            var table = DemoTable.make()
            let card = table.board.slot(DemoTable.handSlots[0])!.card!
            let from = table.rect(of: card, at: 0)!.center
            table.pointerDown(.mouse, at: from, time: 0)
            table.pointerMove(.mouse, to: from + Point(x: 60, y: -200), time: 0.1)
            try scene.draw(SceneBuilder.build(table, seating: DemoSeating.make(), metrics: art.fontBook, at: 0.2, canvas: DemoTable.canvas))
            #expect(scene.cache.count > 10)
            picture = try r.readPixels()
            cache = scene.cache
            texture = try scene.cache.texture(for: "last one standing", .status, .status, scale: 1)
            fonts = art.fontBook
            (session, window, renderer) = (s, w, r)
        }
        SDL_ClearError()
        // Only the cache, one texture, the fonts and a read-back picture are held now.
        #expect(renderer != nil, "the cache's textures must keep their renderer alive")
        #expect(window != nil, "the renderer must keep its window alive")
        cache = nil
        #expect(renderer != nil, "a single texture must keep its renderer alive")
        texture = nil
        #expect(renderer == nil && window == nil, "renderer and window outlived their last texture")
        #expect(session != nil && SDL_WasInit(SDL_INIT_VIDEO) != 0, "SDL quit while a surface and fonts were alive")
        picture = nil
        #expect(session != nil && TTF_WasInit() > 0, "SDL_ttf quit while fonts were open")
        fonts = nil
        #expect(session == nil, "the session outlived every handle")
        #expect(SDL_WasInit(0) == 0 && TTF_WasInit() == 0)
        // SDL reports a texture or renderer destroyed out of order as "Invalid texture/renderer".
        #expect(String(cString: SDL_GetError()) == "")
        SDL_TLSCleanup() // SDL_GetError after the session made this thread's error message again
    }

    /// The table's controller reader keeps SDL up: SDL_Quit first would close its controllers,
    /// and the reader would then close them a second time.
    @Test func controllerReaderKeepsTheSessionUntilItGoes() throws {
        weak var session: SDLSession?
        var reader: ControllerReader?
        do {
            let s = try SDLSession(forceDriver: "offscreen")
            reader = try ControllerReader(session: s)
            #expect(reader?.control("attach") == nil)
            // Let SDL open it as a game controller.
            let deadline = ContinuousClock.now + .seconds(5)
            while reader?.hasControllers != true && ContinuousClock.now < deadline { _ = reader?.poll(); SDL_Delay(5) }
            #expect(reader?.hasControllers == true)
            session = s
        }
        SDL_ClearError()
        #expect(session != nil && SDL_WasInit(SDL_INIT_GAMECONTROLLER) != 0)
        reader = nil
        #expect(session == nil)
        #expect(SDL_WasInit(0) == 0)
        #expect(String(cString: SDL_GetError()) == "")
        SDL_TLSCleanup() // SDL_GetError after the session made this thread's error message again
    }
}
