import CSDL2
import Foundation
import Logging
import SnapCore
import SnapSDL

/// The running program: SDL, the art, the window and the table, driven either by a person
/// (interactive) or by a script on a virtual clock (headless).
public final class TableApp {
    let options: AppOptions
    let log: Logger
    let sdl: SDLSession
    let art: ArtLibrary
    var table: Table
    var seating: Seating
    let canvas = DemoTable.canvas
    var primary: TableWindow

    public init(options: AppOptions, logger: Logger) throws {
        self.options = options
        log = logger
        let headless = options.screenshotDir != nil
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
        let size = Size(w: Double(options.windowSize.w), h: Double(options.windowSize.h))
        do {
            primary = try TableWindow(session: sdl, title: "SnapTable", size: size, art: art,
                                      renderer: headless ? .software : options.renderer, vsync: true, hidden: headless)
        } catch let e as SDLError {
            throw AppFailure(e.description)
        }
        if options.fullscreen { primary.window.setFullscreen(true) }
        log.info("video driver \(sdl.videoDriver), renderer \(primary.scene.renderer.name), art \(artDir)")
    }

    func displayList(at t: Double) -> DisplayList {
        SceneBuilder.build(table, seating: seating, metrics: art.fontBook, at: t, canvas: canvas)
    }

    func writeState(at t: Double) {
        guard let path = options.stateOut else { return }
        do {
            try StateFile.write(table, seating: seating, at: t, to: path)
        } catch {
            log.error("could not write state to \(path): \(error)")
        }
    }

    // MARK: - Interactive

    /// Plays until the window closes, Ctrl-C or SIGTERM (SDL turns both into a quit event).
    public func runInteractive() throws {
        let clock = MonotonicClock()
        let frameInterval = 1.0 / refreshRate()
        var nextFrame = 0.0
        var event = SDL_Event()
        var running = true
        let feed = try openFeed()
        var feedState = SeatFeed(source: options.feed == "-" ? "feed" : options.feed ?? "feed")
        primary.window.show()
        while running {
            let now = clock.now
            let busy = primary.needsDraw || table.revision != drawnRevision || table.isAnimating(at: now)
                || seatPicture(at: now) != drawnSeats
            // Sleep in the event wait: forever when nothing moves, until the next frame otherwise
            // (or until a Snap! bubble is due to go).
            let wakeAt = busy ? nextFrame : seating.nextChange(after: now)
            let got: Int32 = wakeAt.map { SDL_WaitEventTimeout(&event, Int32(max(0, ($0 - now) * 1000).rounded(.up))) }
                ?? SDL_WaitEvent(&event)
            if got != 0 {
                running = handle(event, at: clock.now)
                // Drain what else is queued: a burst of motion costs one frame, not one per event.
                while running, SDL_PollEvent(&event) != 0 { running = handle(event, at: clock.now) }
            }
            let t = clock.now
            for line in feed?.take() ?? [] {
                if let e = feedState.apply(line, to: &seating, time: t) { log.warning("\(e) (line skipped)") }
            }
            table.advance(to: t)
            if running, (primary.needsDraw || table.isAnimating(at: t) || table.revision != drawnRevision
                         || seatPicture(at: t) != drawnSeats), t >= nextFrame {
                try draw(at: t)
                nextFrame = t + frameInterval
                if options.exitAfterFirstFrame { running = false }
            }
        }
        table.cancelAll(time: clock.now)
        writeState(at: clock.now)
    }

    private var drawnRevision = -1
    private var drawnSeats: [Int] = []

    /// What of the seating is on screen: it changes with an update or a bubble running out.
    private func seatPicture(at t: Double) -> [Int] {
        [seating.revision] + seating.players.map { seating.isSnapShowing($0.id, at: t) ? 1 : 0 }
    }

    private func openFeed() throws -> FeedReader? {
        guard let path = options.feed else { return nil }
        if path == "-" { return FeedReader(handle: .standardInput) }
        guard let h = FileHandle(forReadingAtPath: path) else { throw AppFailure.badInput("cannot read feed \(path)") }
        return FeedReader(handle: h)
    }

    /// Headless: the whole feed is read before the picture is taken, so a feed can be tested.
    private func applyWholeFeed(at t: Double) throws {
        guard let path = options.feed else { return }
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let d = FileManager.default.contents(atPath: path) else { throw AppFailure.badInput("cannot read feed \(path)") }
            data = d
        }
        var feed = SeatFeed(source: path == "-" ? "feed" : path)
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if let e = feed.apply(String(line), to: &seating, time: t) { log.warning("\(e) (line skipped)") }
        }
    }

    private func draw(at t: Double) throws {
        let wasAnimating = table.isAnimating(at: t)
        try primary.draw(displayList(at: t))
        drawnRevision = table.revision
        drawnSeats = seatPicture(at: t)
        // One more frame after the last animated one, so the final resting pose is on screen.
        if wasAnimating { primary.needsDraw = true }
    }

    /// Applies one SDL event; false when the program should end.
    private func handle(_ e: SDL_Event, at t: Double) -> Bool {
        guard let input = EventTranslator.translate(e) else { return true }
        switch input {
        case .quit:
            return false
        case .windowClose:
            return false
        case .pointerDown(_, let p):
            SDL_CaptureMouse(SDL_TRUE)
            table.pointerDown(.mouse, at: primary.logical(p, canvas: canvas), time: t)
        case .pointerMove(_, let p):
            table.pointerMove(.mouse, to: primary.logical(p, canvas: canvas), time: t)
        case .pointerUp(_, let p):
            SDL_CaptureMouse(SDL_FALSE)
            table.pointerUp(.mouse, at: primary.logical(p, canvas: canvas), time: t)
        case .key(.escape), .focusLost:
            table.cancelAll(time: t)
        case .key(.f11):
            primary.window.setFullscreen(!primary.window.isFullscreen)
            primary.needsDraw = true
        case .needsRedraw:
            primary.needsDraw = true
        case .renderTargetsReset:
            primary.scene.invalidate()
            primary.needsDraw = true
        }
        return true
    }

    private func refreshRate() -> Double {
        var mode = SDL_DisplayMode()
        let index = Int32(primary.window.displayIndex)
        if SDL_GetCurrentDisplayMode(max(0, index), &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
        return 60
    }

    // MARK: - Headless

    /// Renders without a display: the script's snapshots, or with no script the first settled frame.
    public func runHeadless(script: ReplayScript?) throws {
        guard let dir = options.screenshotDir else { return }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var clock = VirtualClock()
        guard let script else {
            try applyWholeFeed(at: 0)
            let t = settleTime(after: 0)
            table.advance(to: t)
            try snapshot(named: "screenshot", in: dir, at: t)
            writeState(at: t)
            return
        }
        var ended = false
        for ev in script.events {
            clock.advance(to: ev.time)
            table.advance(to: clock.now)
            seating.advance(to: clock.now)
            switch ev.command {
            case .mouse(let action, let p, _):
                switch action {
                case .down: table.pointerDown(.mouse, at: p, time: clock.now)
                case .move: table.pointerMove(.mouse, to: p, time: clock.now)
                case .up: table.pointerUp(.mouse, at: p, time: clock.now)
                }
            case .key(.escape), .focusLost:
                table.cancelAll(time: clock.now)
            case .key(.f11):
                primary.window.setFullscreen(!primary.window.isFullscreen)
            case .snapshot(let name):
                try snapshot(named: name, in: dir, at: clock.now)
            case .end:
                ended = true
            case .seat(let command):
                do { try seating.apply(command, time: clock.now) } catch {
                    log.warning("\(options.replay ?? "replay"):\(ev.line): \(error.message) (line skipped)")
                }
            }
            if ended { break }
        }
        // Without an explicit end, let what moves come to rest before the final state.
        let final = ended ? clock.now : settleTime(after: clock.now)
        table.advance(to: final)
        writeState(at: final)
    }

    /// The first time at or after `t` when nothing is animating.
    func settleTime(after t: Double) -> Double {
        var end = t
        for m in table.motions.values { end = max(end, m.position.end, m.rotation.end, m.alpha.end) }
        for f in table.fading { end = max(end, f.motion.alpha.end) }
        return end
    }

    func snapshot(named name: String, in dir: String, at t: Double) throws {
        try primary.scene.draw(displayList(at: t))
        let png = (dir as NSString).appendingPathComponent("\(name).png")
        try primary.scene.renderer.readPixels().savePNG(to: png)
        try TableStateJSON(table: table, seating: seating, at: t).jsonData().write(to: URL(fileURLWithPath: (dir as NSString).appendingPathComponent("\(name).json")))
    }
}
