import CSDL2
import Foundation
import SnapCore
import SnapSDL

extension TableApp {
    /// How often the display list is re-read when SDL reports nothing (some drivers never send
    /// display events on hot-plug).
    static let displayPollSeconds = 2.0

    /// Plays until the primary window closes, Ctrl-C or SIGTERM (SDL turns both into a quit event).
    public func runInteractive() throws {
        let clock = MonotonicClock()
        let frameInterval = 1.0 / refreshRate()
        var nextFrame = 0.0
        var nextDisplayPoll = Self.displayPollSeconds
        var event = SDL_Event()
        var loop = LoopState()
        let feed = try openFeed()
        let daemon = options.inputSocket.map { InputDaemonClient(path: $0) }
        // Without the daemon: SDL's own controller subsystem (it polls joysticks, so idle costs more).
        let pads = options.controllersThroughSDL ? try ControllerReader(ownsSDL: false) : nil
        let stateRequest = StateRequest()
        var feedState = SeatFeed(source: feedName)
        primary.window.show()
        while loop.running {
            let now = clock.now
            let busy = needsFrame(at: now, loop)
            // Sleep in the event wait: until the next frame while something moves, otherwise until
            // a Snap! bubble is due to go or the display list is due for a look.
            let wakeAt = busy ? nextFrame : min(seating.nextChange(after: now) ?? .infinity, nextDisplayPoll)
            if SDL_WaitEventTimeout(&event, Int32(max(0, (wakeAt - now) * 1000).rounded(.up))) != 0 {
                handle(event, at: clock.now, &loop, pads)
                // Drain what else is queued: a burst of motion costs one frame, not one per event.
                while loop.running, SDL_PollEvent(&event) != 0 { handle(event, at: clock.now, &loop, pads) }
            }
            let t = clock.now
            if loop.focusLeft {
                loop.focusLeft = false
                // Focus moving between our own windows (to the table view) is not leaving the table.
                if SDL_GetKeyboardFocus() == nil { table.cancelAll(time: t) }
            }
            if loop.displaysChanged || t >= nextDisplayPoll {
                loop.displaysChanged = false
                nextDisplayPoll = t + Self.displayPollSeconds
                reconcileWindows(at: t)
            }
            for event in daemon?.take() ?? [] { apply(event, at: t, reported: &loop.reported) }
            for line in feed?.take() ?? [] {
                if let e = feedState.apply(line, to: &seating, time: t) { log.warning("\(e) (line skipped)") }
            }
            table.advance(to: t)
            if stateRequest.take() { writeState(at: t) }
            if loop.running, needsFrame(at: t, loop), t >= nextFrame {
                let animating = table.isAnimating(at: t)
                for w in windows { try w.draw(displayList(for: w, at: t)) }
                loop.drawnRevision = table.revision
                loop.drawnSeats = seatPicture(at: t)
                // One more frame after the last animated one, so the resting pose is on screen.
                loop.settleFrame = animating
                nextFrame = t + frameInterval
                if options.exitAfterFirstFrame { loop.running = false }
            }
        }
        table.cancelAll(time: clock.now)
        writeState(at: clock.now)
    }

    struct LoopState {
        var running = true
        var focusLeft = false
        var displaysChanged = false
        var drawnRevision = -1
        var drawnSeats: [Int] = []
        var settleFrame = false
        /// Controller problems already logged (each reason once).
        var reported: Set<String> = []
    }

    private func needsFrame(at t: Double, _ loop: LoopState) -> Bool {
        loop.settleFrame || windows.contains { $0.needsDraw } || table.revision != loop.drawnRevision
            || table.isAnimating(at: t) || seatPicture(at: t) != loop.drawnSeats
    }

    /// What of the seating is on screen: it changes with an update or a bubble running out.
    func seatPicture(at t: Double) -> [Int] {
        [seating.revision, focus.revision] + seating.players.map { seating.isSnapShowing($0.id, at: t) ? 1 : 0 }
    }

    private func handle(_ e: SDL_Event, at t: Double, _ loop: inout LoopState, _ pads: ControllerReader?) {
        if let pads {
            for m in pads.translate(e) { apply(.message(m), at: t, reported: &loop.reported) }
        }
        guard let input = EventTranslator.translate(e) else { return }
        switch input {
        case .quit:
            loop.running = false
        case .windowClose(let id):
            // Closing the primary ends the game; a secondary window just goes (until displays change).
            if id == primary.id { loop.running = false } else if let i = windows.firstIndex(where: { $0.id == id }) {
                if dragWindow == id { table.cancel(.mouse, time: t) }
                windows.remove(at: i)
            }
        case .pointerDown(let id, let p):
            guard !focus.paused, let b = boardPoint(window: id, p) else { return }
            SDL_CaptureMouse(SDL_TRUE)
            dragWindow = id
            table.pointerDown(.mouse, at: b, time: t)
        case .pointerMove(let id, let p):
            guard let b = boardPoint(window: id, p) else { return }
            table.pointerMove(.mouse, to: b, time: t)
        case .pointerUp(let id, let p):
            SDL_CaptureMouse(SDL_FALSE)
            if let b = boardPoint(window: id, p) { table.pointerUp(.mouse, at: b, time: t) } else { table.cancel(.mouse, time: t) }
            dragWindow = nil
        case .key(let k):
            press(k, at: t)
        case .focusLost:
            loop.focusLeft = true
        case .needsRedraw(let id):
            windows.first { $0.id == id }?.needsDraw = true
        case .renderTargetsReset:
            for w in windows {
                w.scene.invalidate()
                w.needsDraw = true
            }
        case .displaysChanged:
            loop.displaysChanged = true
        }
    }

    private func refreshRate() -> Double {
        var mode = SDL_DisplayMode()
        let index = Int32(primary.window.displayIndex)
        if SDL_GetCurrentDisplayMode(max(0, index), &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
        return 60
    }

    /// A daemon message: controllers come and go and press buttons. Bad lines are logged once
    /// per reason; the connection goes on.
    private func apply(_ event: InputDaemonClient.Event, at t: Double, reported: inout Set<String>) {
        switch event {
        case .connected:
            log.info("connected to the input daemon")
        case .lost:
            for id in focus.pads.keys { try? focus.removePad(id, table: &table, time: t) }
            log.notice("the input daemon went away; its controllers are gone until it is back")
        case .dropped(let e):
            if reported.insert(e.kind).inserted { log.warning("input daemon: \(e) (dropped)") }
        case .message(let m):
            let command: PadCommand?
            switch m {
            case .hello(let v, _):
                if v != InputMessage.version, reported.insert("version").inserted {
                    log.warning("input daemon speaks protocol version \(v), this front end \(InputMessage.version)")
                }
                command = nil
            case .added(let id, _, let profile, _): command = .add(id: id, profile: profile)
            case .removed(let id): command = .remove(id: id)
            case .button(let id, let b, let pressed, _): command = .button(id: id, b, down: pressed)
            case .axis(let id, let a, let x, let y): command = .axis(id: id, a, x: x, y: y)
            }
            guard let command else { return }
            do { try apply(command, at: t) } catch {
                if reported.insert(error.message).inserted { log.warning("input daemon: \(error.message)") }
            }
        }
    }

    func openFeed() throws -> FeedReader? {
        try feedHandle().map { FeedReader(handle: $0) }
    }
}
