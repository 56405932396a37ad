import SnapCore
import SnapSDL

/// A window showing the table: the SDL window, its renderer and its texture cache, together.
final class TableWindow {
    let window: Window
    let scene: SceneRenderer
    /// True when the next loop turn must draw, even if nothing animates.
    var needsDraw = true

    init(session: SDLSession, title: String, size: Size, art: ArtLibrary, renderer kind: RendererKind, vsync: Bool, hidden: Bool) throws {
        window = try Window(session: session, title: title, size: size, hidden: hidden)
        scene = SceneRenderer(renderer: try Renderer(window: window, kind: kind, vsync: vsync), art: art)
    }

    var id: UInt32 { window.id }

    func draw(_ list: DisplayList) throws {
        try scene.draw(list)
        scene.present()
        needsDraw = false
    }

    /// Window pixels to table coordinates, letterbox bars clamped.
    func logical(_ p: Point, canvas: Size) -> Point {
        // SDL reports the pointer in window units; the renderer may have more pixels (HiDPI).
        let output = scene.renderer.outputSize, size = window.size
        let k = size.w > 0 ? output.w / size.w : 1
        return Viewport(logical: canvas, output: output).toLogical(p * k)
    }
}
