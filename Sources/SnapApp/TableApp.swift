import CSDL2
import Foundation
import Logging
import SnapCore
import SnapSDL

/// The running program: SDL, the art, the windows and the table, driven either by a person
/// (interactive) or by a script on a virtual clock (headless).
public final class TableApp {
    let options: AppOptions
    let log: Logger
    let sdl: SDLSession
    let art: ArtLibrary
    var table: Table
    var seating: Seating
    /// The keyboard's and the controllers' focus cursors, and the pause overlay.
    var focus = FocusPlayers()
    let canvas = DemoTable.canvas
    let headless: Bool
    /// The primary window first, then one per secondary display the plan gives a window.
    var windows: [TableWindow]
    /// Headless runs plug displays in and out through replay verbs.
    var simulated = SimulatedDisplays()
    /// The window where the mouse's drag began: closing it cancels the drag.
    var dragWindow: UInt32?
    /// Where `--display N` put the primary at start; later it stays wherever it is.
    let preferredDisplay: String?

    var primary: TableWindow { windows[0] }

    public init(options: AppOptions, logger: Logger) throws {
        self.options = options
        log = logger
        headless = options.screenshotDir != nil
        do {
            sdl = try SDLSession(forceDriver: headless ? "offscreen" : nil)
        } catch let e as SDLError {
            throw AppFailure(e.description)
        }
        let artDir = ArtLocator.directory(given: options.assets)
        do {
            art = try ArtLibrary(session: sdl, directory: artDir, fonts: try FontSet.locate(in: options.fonts))
        } catch let e as AssetError {
            throw AppFailure.badInput(e.description)
        }
        table = DemoTable.make()
        seating = options.seating
        let isHeadless = headless
        let displays = isHeadless ? SimulatedDisplays().displays : DisplayQuery.current()
        if let n = options.display, !isHeadless, !displays.indices.contains(n) {
            throw AppFailure.badInput("--display \(n): there is no such display (found \(displays.count); see --list-displays)")
        }
        preferredDisplay = options.display.flatMap { isHeadless ? nil : displays[$0].name } ?? displays.first?.name
        let size = Size(w: Double(options.windowSize.w), h: Double(options.windowSize.h))
        do {
            let first = try TableWindow(session: sdl, title: "SnapTable", size: size, art: art,
                                        renderer: headless ? .software : options.renderer, vsync: true, hidden: headless,
                                        placement: .init(role: .primary, display: preferredDisplay ?? "none"),
                                        display: headless ? nil : options.display)
            windows = [first]
        } catch let e as SDLError {
            throw AppFailure(e.description)
        }
        if options.fullscreen { primary.window.setFullscreen(true) }
        log.info("video driver \(sdl.videoDriver), renderer \(primary.scene.renderer.name), art \(artDir)")
        reconcileWindows(at: 0)
    }

    // MARK: - Pictures

    func displayList(for w: TableWindow, at t: Double) -> DisplayList {
        w.role == .table
            ? TableViewBuilder.build(table, seating: seating, metrics: art.fontBook, at: t, canvas: canvas)
            : SceneBuilder.build(table, seating: seating, metrics: art.fontBook, at: t, canvas: canvas, focus: focus)
    }

    // MARK: - Displays coming and going

    func currentDisplays() -> [DisplayInfo] { headless ? simulated.displays : DisplayQuery.current() }

    /// Re-reads the display list and opens, closes or moves windows to match the plan.
    func reconcileWindows(at t: Double) {
        let displays = currentDisplays()
        guard !displays.isEmpty else { return }   // mid-change: keep what is open until displays return
        let plan = WindowPlan.make(displays: displays, preferred: preferredDisplay,
                                   current: displays.contains { $0.name == primary.placement.display } ? primary.placement.display : nil,
                                   secondary: options.secondary, extra: options.extraDisplays)
        let changes = plan.changes(from: windows.map(\.placement))
        guard !changes.isEmpty else { return }
        for gone in changes.close {
            guard let i = windows.firstIndex(where: { $0.placement == gone }) else { continue }
            if dragWindow == windows[i].id {
                table.cancel(.mouse, time: t)
                dragWindow = nil
                log.notice("the \(gone.role.rawValue) window on \(gone.display) closed during a drag: the card goes back")
            }
            log.notice("display \(gone.display) went away: closing its \(gone.role.rawValue) window")
            windows.remove(at: i)
        }
        if let target = changes.movePrimary {
            log.notice("the primary window's display went away: moving it to \(target)")
            if !headless, let index = displays.firstIndex(where: { $0.name == target }) { primary.window.move(toDisplay: index) }
            primary.placement.display = target
            primary.needsDraw = true
        }
        for p in changes.open {
            guard let index = displays.firstIndex(where: { $0.name == p.display }) else { continue }
            let d = displays[index]
            do {
                let w = try TableWindow(session: sdl, title: "SnapTable \(p.role.rawValue)", size: d.bounds.size, art: art,
                                        renderer: headless ? .software : options.renderer, vsync: false, hidden: headless,
                                        placement: p, display: headless ? nil : index, fullscreenOnDisplay: !headless)
                if !headless { w.window.show() }
                windows.append(w)
                log.notice("display \(p.display) (\(Int(d.bounds.w))x\(Int(d.bounds.h))): opened a \(p.role.rawValue) window")
            } catch {
                log.error("could not open a \(p.role.rawValue) window on \(p.display): \(error); playing on without it")
            }
        }
    }

    // MARK: - Pointer input, in any window

    /// A pointer event in window `id` at window pixels `p`, as the board point it means. During a
    /// captured drag the pointer may be over another of our windows (the table view on the other
    /// monitor): then that window's mapping applies.
    func boardPoint(window id: UInt32, _ p: Point) -> Point? {
        guard let src = windows.first(where: { $0.id == id }) ?? windows.first(where: { $0.id == dragWindow }) else { return nil }
        if !headless, !Rect(origin: .zero, size: src.window.size).contains(p) {
            let global = src.window.position + p
            if let other = windows.first(where: { $0 !== src && $0.contains(global: global) }) {
                return other.board(other.logical(global - other.window.position, canvas: canvas))
            }
        }
        return src.board(src.logical(p, canvas: canvas))
    }

    /// A scripted pointer in a named window's logical coordinates (`primary`, `mirror`, `table`).
    func boardPoint(role: String, _ p: Point) -> Point? {
        guard let w = windows.first(where: { $0.role.rawValue == role }) else { return nil }
        return w.board(p)
    }

    // MARK: - State

    func windowEntries() -> [TableStateJSON.WindowEntry] {
        let displays = currentDisplays()
        return windows.map { w in
            var r: Rect
            if headless {
                let d = displays.first { $0.name == w.placement.display }?.bounds ?? .zero
                r = w.role == .primary ? Rect(origin: Point(x: d.x, y: d.y), size: w.window.size) : d
            } else {
                r = Rect(origin: w.window.position, size: w.window.size)
            }
            return TableStateJSON.WindowEntry(role: w.role.rawValue, display: w.placement.display, x: r.x, y: r.y, w: r.w, h: r.h)
        }
    }

    func state(at t: Double) -> TableStateJSON {
        var s = TableStateJSON(table: table, seating: seating, at: t)
        s.windows = windowEntries()
        s.controllers = focus.pads.values.sorted { $0.id < $1.id }.map {
            TableStateJSON.ControllerEntry(id: $0.id, profile: $0.profile.rawValue, playerIndex: $0.playerIndex,
                                           focusedSlot: $0.focus, heldCard: table.drag(of: .pad($0.id)).heldCard)
        }
        s.paused = focus.paused
        return s
    }

    func writeState(at t: Double) {
        guard let path = options.stateOut else { return }
        do {
            try StateFile.write(state(at: t), to: path)
        } catch {
            log.error("could not write state to \(path): \(error)")
        }
    }

    // MARK: - Keys and controllers

    /// Arrows, Enter and Escape drive the keyboard's focus cursor; Escape also cancels every drag.
    func press(_ key: KeyName, at t: Double) {
        switch key {
        case .escape: focus.key(.escape, table: &table, time: t)
        case .enter: focus.key(.enter, table: &table, time: t)
        case .up, .down, .left, .right: focus.key(.move(Direction(rawValue: key.rawValue)!), table: &table, time: t)
        case .f11:
            primary.window.setFullscreen(!primary.window.isFullscreen)
            primary.needsDraw = true
        }
    }

    func apply(_ pad: PadCommand, at t: Double) throws(FocusError) {
        switch pad {
        case .add(let id, let profile): try focus.addPad(id, profile: profile, board: table.board)
        case .remove(let id): try focus.removePad(id, table: &table, time: t)
        case .button(let id, let b, let down): try focus.padButton(id, b, down: down, table: &table, time: t)
        case .axis(let id, let a, let x, let y): try focus.padAxis(id, a, x: x, y: y, table: &table, time: t)
        }
    }
}
