import SnapCore
import SnapSDL

/// A window showing the table in one role on one display: the SDL window, its renderer and its
/// texture cache, together, and what it drew last (so an unchanged window is not presented again).
final class TableWindow {
    let window: Window
    let scene: SceneRenderer
    var placement: WindowPlan.Placement
    /// True when the next loop turn must draw, even if nothing changed.
    var needsDraw = true
    private var shown: DisplayList?
    /// Frames presented (the debug log reports them at the end).
    private(set) var frames = 0

    init(session: SDLSession, title: String, size: Size, art: ArtLibrary, renderer kind: RendererKind, vsync: Bool,
         hidden: Bool, placement: WindowPlan.Placement, display: Int? = nil, fullscreenOnDisplay: Bool = false) throws {
        window = try Window(session: session, title: title, size: size, hidden: hidden, display: display,
                            fullscreenOnDisplay: fullscreenOnDisplay)
        scene = SceneRenderer(renderer: try Renderer(window: window, kind: kind, vsync: vsync), art: art)
        self.placement = placement
    }

    var id: UInt32 { window.id }
    var role: WindowRole { placement.role }

    /// Draws and presents only when the picture differs from what is on screen.
    @discardableResult
    func draw(_ list: DisplayList) throws -> Bool {
        guard needsDraw || list != shown else { return false }
        if needsDraw { scene.invalidateFrame() }
        try scene.draw(list)
        scene.present()
        frames += 1
        shown = list
        needsDraw = false
        return true
    }

    /// Renders without presenting (headless snapshots read the pixels back).
    func render(_ list: DisplayList) throws {
        try scene.draw(list)
        shown = list
    }

    /// Window pixels to this window's logical coordinates, letterbox bars clamped.
    func logical(_ p: Point, canvas: Size) -> Point {
        // SDL reports the pointer in window units; the renderer may have more pixels (HiDPI).
        let output = scene.renderer.outputSize, size = window.size
        let k = size.w > 0 ? output.w / size.w : 1
        return Viewport(logical: canvas, output: output).toLogical(p * k)
    }

    /// Logical coordinates to board coordinates: the table view shows the board enlarged.
    func board(_ logical: Point) -> Point {
        role == .table ? TableViewBuilder.toBoard(logical) : logical
    }

    /// True when a desktop point falls inside this window.
    func contains(global p: Point) -> Bool {
        let o = window.position, s = window.size
        return Rect(x: o.x, y: o.y, w: s.w, h: s.h).contains(p)
    }
}
