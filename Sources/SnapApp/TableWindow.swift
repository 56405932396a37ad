import SnapCore
import SnapSDL

/// A window showing the table in one role on one display: the SDL window, its renderer and its
/// texture cache, together, and what it drew last (so an unchanged window is not presented again).
final class TableWindow {
    let window: Window
    let scene: SceneRenderer
    var placement: WindowPlan.Placement {
        didSet { keepCopiesForRole() }
    }
    /// True when the next loop turn must draw, even if nothing changed.
    var needsDraw = true
    private var shown: DisplayList?
    /// Frames presented (the state file's `frames`; the debug log reports them at the end).
    private(set) var frames = 0
    /// SNAP_VERIFY_FRAMES: every presented frame compared with one drawn whole from scratch.
    var check: FrameCheck?

    init(session: SDLSession, title: String, size: Size, art: ArtLibrary, renderer kind: RendererKind, vsync: Bool,
         hidden: Bool, placement: WindowPlan.Placement, display: Int? = nil, fullscreenOnDisplay: Bool = false) throws {
        window = try Window(session: session, title: title, size: size, hidden: hidden, display: display,
                            fullscreenOnDisplay: fullscreenOnDisplay)
        scene = SceneRenderer(renderer: try Renderer(window: window, kind: kind, vsync: vsync), art: art)
        self.placement = placement
        keepCopiesForRole()
    }

    var id: UInt32 { window.id }

    /// This window's frame check for the state file.
    var frameCheckEntry: TableStateJSON.FrameCheckEntry? {
        check.map { .init(checked: $0.checked, mismatched: $0.mismatched, tolerance: $0.tolerance, pictures: $0.written) }
    }

    /// The frame check's totals in a sentence, for the log.
    var frameCheckSummary: String? {
        guard let check else { return nil }
        var line = "frame check, \(role.rawValue) window (\(scene.renderer.name), tolerance \(check.tolerance)): "
            + "\(check.checked) frames checked, \(check.mismatched) mismatched"
        if let d = check.lastDiff, let box = d.box {
            line += "; the last by \(d.pixels) pixels in \(Int(box.w))x\(Int(box.h)) at \(Int(box.x)),\(Int(box.y)), up to \(d.largest) per channel"
        }
        if let first = check.written.first {
            line += "; pictures of the first \(check.written.count / 3): \(first) and beside it"
        }
        if let e = check.writeError { line += "; could not write pictures: \(e)" }
        return line
    }
    var role: WindowRole { placement.role }

    /// What moves on a secondary window (the table view or a mirror: cards in flight, a card in
    /// hand) moves at `SecondaryPacing`'s rate. What lands or is picked up (the still layer) is
    /// drawn at once, and a frame held back is drawn when its turn comes, motion or not. The
    /// window under the pointer (a card dragged on the table view) keeps the full rate.
    private var lastPresent = -Double.infinity
    /// A frame was held back (`SecondaryPacing`): the loop comes back to draw it.
    private(set) var owesFrame = false

    /// Draws and presents only when the picture differs from what is on screen. `pointerHere`:
    /// the pointer is over this window now.
    @discardableResult
    func draw(_ list: DisplayList, at t: Double = 0, pointerHere: Bool = false) throws -> Bool {
        guard needsDraw || list != shown else {
            owesFrame = false
            return false
        }
        if role != .primary, !pointerHere, !needsDraw, shown?.still == list.still,
           !SecondaryPacing.motionDue(at: t, last: lastPresent) {
            owesFrame = true
            return false
        }
        owesFrame = false
        lastPresent = t
        if needsDraw { scene.invalidateFrame() }
        try scene.draw(list)
        // Read back before presenting: an OpenGL back buffer is undefined after the swap.
        let presented = try check?.readPresented()
        scene.present()
        if let check, let presented { try check.check(list, presented: presented) }
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

    /// A table view keeps more copies at drawn sizes: its cards and labels are larger on the same layout.
    private func keepCopiesForRole() {
        scene.cache.screensPerBudget = role == .table ? TextureCache.tableViewScreens : TextureCache.playerScreens
    }

    /// Window pixels to this window's logical coordinates, letterbox bars clamped.
    func logical(_ p: Point, canvas: Size) -> Point {
        Viewport(logical: canvas, output: scene.renderer.outputSize).toLogical(windowPoint: p, windowSize: window.size)
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
