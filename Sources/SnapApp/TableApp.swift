import CSDL2
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
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
    /// Everything in play; every input goes through `session.handle`.
    var session: TableSession

    /// `read` given the session in place. Calling one of its methods on the stored property
    /// copies the whole session first (every array and dictionary in it retained, then released):
    /// the frame loop did so seven times a turn, 3.5 % of a drag's CPU.
    func inPlace<R>(_ read: (inout TableSession) -> R) -> R { read(&session) }

    /// Which input problems reach the log (the first of each kind).
    var problems = ProblemLog()
    let canvas = DemoTable.canvas
    let headless: Bool
    /// The primary window first, then one per secondary display the session gives a window.
    var windows: [TableWindow]
    /// Headless runs plug displays in and out through replay verbs.
    var simulated = SimulatedDisplays()
    /// Real displays a live feed's `display disconnect` took out, as if unplugged, until its
    /// `display connect` puts them back.
    var unplugged: Set<String> = []
    /// False once the session asked to quit.
    var running = true
    /// The renderer every window gets: `--renderer`, except that `auto` over a software OpenGL
    /// (no GPU) means SDL's software renderer (OpenGL on Wayland, which has no window surface
    /// for it), and headless runs are always software.
    let rendererKind: RendererKind
    /// SDL's event clock (seconds since SDL started) when the loop's clock read zero.
    var sdlTicksAtClockZero = 0.0
    /// The game's and the sandbox's still layers, kept while only motion changes.
    var gamePictures = GamePictures()
    var sandboxPictures = SandboxPictures()
    /// The window the last pointer event was over, if one of ours.
    var pointerOver: WindowPlan.Placement?
    /// SIGUSR1 writes the state; set up before any window shows, so an early signal cannot kill us.
    let stateRequest: StateRequest
    /// A windowed run's clock and readers, once it runs.
    var live: LiveSources?
    /// What the run is doing: the menu or a game here, joining, hosting, at a host's table.
    var stage = Stage.here(FrontDoor())
    /// Where the menu (or a join that came through) asked to go; the stage on now ends first.
    var requested: NextStage?
    /// Replay lines that met a screen they cannot apply to (`choose` of an item not there).
    var scriptErrors: [String] = []
    /// The table's sounds; nil for headless runs, which are always silent.
    var sound: SoundBoard?
    /// The text-fit check's measure, when on (headless runs with --check-text).
    let textCheck: TextCheck?
    /// The settings' last language (the flag's choice lasts until Settings changes it) and how
    /// many times words were made.
    lazy var savedLanguage = options.settings.language
    var languageGeneration = 0

    var primary: TableWindow { windows[0] }

    public init(options: AppOptions, logger: Logger) throws {
        self.options = options
        log = logger
        headless = options.screenshotDir != nil
        stateRequest = StateRequest()
        do {
            sdl = try SDLSession(forceDriver: headless ? "offscreen" : nil)
        } catch let e as SDLError {
            throw AppFailure(e.description)
        }
        if let o = sdl.videoDriverOutcome {
            if o.isFallback { logger.notice("\(o.text)") } else { logger.info("\(o.text)") }
        }
        let artDir = ArtLocator.directory(given: options.assets)
        do {
            art = try ArtLibrary(session: sdl, directory: artDir, fonts: try FontSet.locate(in: options.fonts))
        } catch let e as AssetError {
            throw AppFailure.badInput(e.description)
        }
        let isHeadless = headless
        textCheck = isHeadless && options.checkText ? TextCheck(fonts: art.fontBook) : nil
        rendererKind = Self.chooseRenderer(options.renderer, headless: isHeadless, videoDriver: sdl.videoDriver,
                                           hasGPUDevice: sdl.hasGPUDevice, log: logger)
        let displays = isHeadless ? SimulatedDisplays().displays : DisplayQuery.current()
        if let n = options.display, !isHeadless, !displays.indices.contains(n) {
            throw AppFailure.badInput("--display \(n): there is no such display (found \(displays.count); see --list-displays)")
        }
        let preferred = options.display.flatMap { isHeadless ? nil : displays[$0].name } ?? displays.first?.name
        let windowSet = WindowSet(primaryOn: preferred ?? "none", preferred: preferred,
                                  secondary: options.secondary, extra: options.extraDisplays)
        let screen: TableSession.Screen = options.menu ? .menu(Menu(settings: options.settings))
            : options.sandbox ? .sandbox(Sandbox(table: DemoTable.make()))
            : .game(GameTable(seating: options.seating, bots: options.bots, seed: options.seed, kind: options.settings.game, house: options.settings.rules))
        session = TableSession(screen, seating: options.seating, windows: windowSet,
                               feedSource: options.feed.map { $0 == "-" ? "feed" : $0 } ?? "feed", seed: options.seed)
        let size = Size(w: Double(options.windowSize.w), h: Double(options.windowSize.h))
        do {
            let first = try TableWindow(session: sdl, title: "SnapTable", size: size, art: art,
                                        renderer: rendererKind, vsync: true,
                                        hidden: Self.hiddenUntilRendered(headless: headless, rendererKind),
                                        placement: windowSet.primary, display: headless ? nil : options.display)
            windows = [first]
            attachFrameCheck(first)
        } catch let e as SDLError {
            throw AppFailure(e.description)
        }
        if options.fullscreen { primary.window.setFullscreen(true) }
        log.info("video driver \(sdl.videoDriver), renderer \(primary.scene.renderer.name), art \(artDir)")
        if !isHeadless {
            let board = SoundBoard(session: sdl, soundsDirectory: artDir + "/sounds", volume: options.volume, muted: options.muted)
            // Silent is never an error: one notice says why.
            if board.isSilent { log.notice("\(board.notice)") } else { log.info("\(board.notice)") }
            sound = board
        }
        // gettext was started in main, before any thread (Gettext.start).
        speak(options.language ?? options.settings.language, at: 0)
        send(.displays(displays), at: 0)
        // The window is up: a run that got this far wants its controllers (a failed start, none).
        if !isHeadless, let socket = options.inputSocket, let plan = options.inputDaemonAutostart {
            InputDaemonLauncher.startIfAbsent(socket: socket, plan: plan, logger: log)
        }
    }

    /// Windows are created hidden, and shown once they have their renderer, when SDL might
    /// create them again for it (an OpenGL renderer on a window made without OpenGL), so each
    /// is one X window from the start; headless ones are never shown. The software renderer
    /// draws into the window's own surface: its windows show at once, already at their place
    /// and size (showing a hidden one would make SDL allocate that surface a second time).
    static func hiddenUntilRendered(headless: Bool, _ kind: RendererKind) -> Bool { headless || kind != .software }

    /// `--renderer` for this run (RendererChoice), with its reason logged when `auto` became
    /// something else.
    static func chooseRenderer(_ asked: RendererKind, headless: Bool, videoDriver: String, hasGPUDevice: Bool,
                               log: Logger) -> RendererKind {
        let choice = RendererChoice.decide(asked: asked, headless: headless, videoDriver: videoDriver,
                                           hasGPUDevice: hasGPUDevice, glRenderer: GLProbe.rendererName)
        if let reason = choice.reason { log.info("\(reason)") }
        return choice.kind
    }

    // MARK: - The one input path

    /// Hands one input to the session and carries out what it asks. `place` names where a
    /// scripted input came from (FILE:LINE) for its problems.
    func send(_ input: TableInput, at t: Double, place: String? = nil) {
        perform(session.handle(input, at: t), at: t, place: place)
    }

    private func perform(_ effects: [ShellEffect], at t: Double, place: String?) {
        for effect in effects {
            switch effect {
            case .openWindow(let p): openWindow(p, at: t)
            case .closeWindow(let p):
                // Its frame check ends with it: its count reaches the log here, not at the end.
                for w in windows where w.placement == p && w.role != .primary {
                    if let line = w.frameCheckSummary { log.notice("\(line) (window closed)") }
                }
                windows.removeAll { $0.placement == p && $0.role != .primary }
            case .movePrimary(let target):
                if !headless, let index = currentDisplays().firstIndex(where: { $0.name == target }) { primary.window.move(toDisplay: index) }
                primary.placement.display = target
                primary.needsDraw = true
            case .toggleFullscreen:
                primary.window.setFullscreen(!primary.window.isFullscreen)
                primary.needsDraw = true
            case .captureMouse(let on):
                if !headless { SDL_CaptureMouse(on ? SDL_TRUE : SDL_FALSE) }
            case .quit:
                running = false
            case .log(let level, let text):
                log.log(level: level.logging, "\(text)")
            case .problem(let problem):
                for line in problems.admit(problem, at: place) { log.warning("\(line)") }
            case .netIntent(let intent):
                if case .client(let c) = stage { c.intents.append(c.client.account(intent, pressed: t)) }
            case .leaveGame, .leftGame:
                // The session turned Leave into the menu (or the end): the stage's loop ends.
                if effect == .leftGame { requested = .menu }
            case .menu(let request):
                carryOut(request, at: t)
            case .scriptError(let message):
                scriptErrors.append(place.map { "\($0): \(message)" } ?? message)
            case .sound(let cue):
                // The mixer's frame at the start: where the sound begins in the output (tests read it).
                if let frame = sound?.play(cue) { log.debug("sound \(cue.fileName) at frame \(frame) (t=\(t))") }
            case .toggleMute:
                guard let sound else { break }
                sound.muted.toggle()
                log.info("sound \(sound.muted ? "muted" : "on") (M)")
            }
        }
    }

    private func openWindow(_ p: WindowPlan.Placement, at t: Double) {
        let displays = currentDisplays()
        guard let index = displays.firstIndex(where: { $0.name == p.display }) else { return }
        do {
            let w = try TableWindow(session: sdl, title: "SnapTable \(p.role.rawValue)", size: displays[index].bounds.size, art: art,
                                    renderer: rendererKind, vsync: false,
                                    hidden: Self.hiddenUntilRendered(headless: headless, rendererKind),
                                    placement: p, display: headless ? nil : index, fullscreenOnDisplay: !headless)
            // Shown once it has its renderer, already in its place and size: the same X window throughout.
            if !headless { w.window.show() }
            attachFrameCheck(w)
            windows.append(w)
        } catch {
            log.error("could not open a \(p.role.rawValue) window on \(p.display): \(error); playing on without it")
            send(.windowClosed(p, byUser: false), at: t)
        }
    }

    /// SNAP_VERIFY_FRAMES: windowed runs check every frame they present; mismatches are written
    /// beside the state file (nowhere without one). Headless runs present nothing.
    func attachFrameCheck(_ w: TableWindow) {
        guard options.verifyFrames, !headless else { return }
        let dir = options.stateOut.map { PathText.parent(of: $0) }.map { $0.isEmpty ? "." : $0 }
        w.check = FrameCheck(renderer: w.scene.renderer, art: art, windowRedrawnWhole: !w.scene.drawsDamageOnly, directory: dir,
                             name: "\(w.role.rawValue)-w\(w.id)", tolerance: options.verifyFramesTolerance)
    }

    // MARK: - Pictures

    /// What each window shows now, in the order of `windows` (the game's screen is worked out
    /// once for all of them).
    func displayLists(at t: Double) -> [DisplayList] {
        let roles = windows.map(\.role)
        let metrics: TextMetrics = textCheck ?? art.fontBook
        return inPlace { s in
            switch s.screen {
            case .menu(let menu), .lobby(let menu, _):
                return roles.map { MenuSceneBuilder.build(menu, role: $0, metrics: metrics, canvas: canvas) }
            case .game(let game):
                return gamePictures.lists(for: roles, table: game, at: t, metrics: metrics, canvas: canvas)
            case .sandbox(let sandbox):
                return sandboxPictures.lists(for: roles, sandbox: sandbox, seating: s.seating, metrics: metrics, at: t, canvas: canvas)
            }
        }
    }

    // MARK: - Displays coming and going

    func currentDisplays() -> [DisplayInfo] {
        headless ? simulated.displays : DisplayQuery.current().filter { !unplugged.contains($0.name) }
    }

    /// A pointer event in window `id` at window pixels `p`, as the spot it means. During a
    /// captured drag the pointer may be over another of our windows (the table view on the other
    /// monitor): then that window's mapping applies. Outside every window it is nil, or with
    /// `clamped` the nearest point of the window the event came from (a carried card stays at the edge).
    func spot(window id: UInt32, _ p: Point, clamped: Bool) -> PointerSpot? {
        let dragWindow = session.windows.dragWindow
        guard let src = windows.first(where: { $0.id == id }) ?? windows.first(where: { $0.placement == dragWindow }) else { return nil }
        guard !headless, !Rect(origin: .zero, size: src.window.size).contains(p) else {
            return PointerSpot(.placement(src.placement), src.logical(p, canvas: canvas))
        }
        let global = src.window.position + p
        guard let other = windows.first(where: { $0.contains(global: global) }) else {
            return clamped ? PointerSpot(.placement(src.placement), src.logical(p, canvas: canvas)) : nil
        }
        return PointerSpot(.placement(other.placement), other.logical(global - other.window.position, canvas: canvas))
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
            return TableStateJSON.WindowEntry(role: w.role.rawValue, display: w.placement.display, x: r.x, y: r.y, w: r.w, h: r.h,
                                              renderer: w.scene.renderer.name, frames: w.frames, frameCheck: w.frameCheckEntry,
                                              pixels: headless ? nil : w.scene.renderer.outputSize,
                                              fullscreen: !headless && w.window.isFullscreen)
        }
    }

    func state(at t: Double) -> TableStateJSON {
        var s = TableStateJSON(session: session, at: t)
        s.windows = windowEntries()
        return s
    }

    /// The `--state-out` file; a write that fails is an error the caller decides about.
    func writeState(at t: Double) throws {
        guard let path = options.stateOut else { return }
        try StateFile.write(state(at: t), to: path)
    }

    /// Logs what the problem log held back, once at the end of a run.
    func logProblemSummary() {
        for line in problems.summary { log.notice("\(line)") }
    }
}

extension LogLevel {
    var logging: Logger.Level {
        switch self {
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        }
    }
}
