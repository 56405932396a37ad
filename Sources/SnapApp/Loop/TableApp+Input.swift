import CSDL2
import SnapCore
import SnapSDL

/// Everything that comes in, as table input: SDL's events, the input daemon's controllers, the
/// feed, games found on the network, a state request, and time.
extension TableApp {
    /// What came in besides SDL's events, in one place for every stage: the displays, the
    /// daemon's controllers, the feed, games found on the network, a state request, and time.
    func takeLiveInput(_ live: LiveSources, _ loop: inout LoopState, at t: Double) {
        afterEvents(&loop, at: t)
        for update in live.daemon?.takeUpdates() ?? [] { send(Self.input(update), at: daemonTime(update, now: t, live.clock)) }
        for item in live.feed?.take() ?? [] where !unplugOrPlugBack(item, at: t) { send(.feed(item), at: t) }
        if let found = stage.frontDoor?.takeFoundGames() { send(.menu(.games(found)), at: t) }
        for e in scriptErrors { log.error("\(e)") }
        scriptErrors = []
        send(.tick, at: t)
        if stateRequest.take() { writeStateLogging(at: t) }
    }

    /// What a batch of SDL events left to do once it is read: focus gone from all our windows,
    /// displays to look at again.
    func afterEvents(_ loop: inout LoopState, at t: Double) {
        if loop.focusLeft {
            loop.focusLeft = false
            // Focus moving between our own windows (to the table view) is not leaving the table.
            if SDL_GetKeyboardFocus() == nil { send(.focusLost, at: t) }
        }
        if loop.displaysChanged {
            loop.displaysChanged = false
            send(.displays(currentDisplays()), at: t)
        }
    }

    /// One SDL event as table input; what only concerns drawing stays here. A pointer move that
    /// the next queued one replaces is left out (`EventTranslator.isSuperseded`).
    func handle(_ e: SDL_Event, at t: Double, _ loop: inout LoopState, _ pads: ControllerReader?) {
        guard !EventTranslator.isSuperseded(e) else { return }
        if let pads {
            for m in pads.translate(e) { send(Self.input(.message(m)), at: t) }
        }
        guard let input = EventTranslator.translate(e) else { return }
        switch input {
        case .quit:
            running = false
        case .windowClose(let id):
            if let w = windows.first(where: { $0.id == id }) { send(.windowClosed(w.placement, byUser: true), at: t) }
        case .pointerDown(let id, let p):
            send(.pointer(.down, pointing(spot(window: id, p, clamped: false))), at: t)
        case .pointerMove(let id, let p):
            if let s = spot(window: id, p, clamped: true) { send(.pointer(.move, pointing(s)), at: t) }
        case .pointerUp(let id, let p):
            send(.pointer(.up, pointing(spot(window: id, p, clamped: false))), at: t)
        case .key(let k):
            send(.key(k), at: t)
        case .text(let text):
            send(.text(text), at: t)
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

    /// Notes which window the pointer is over (it draws what moves at full rate, `TableWindow`).
    private func pointing(_ spot: PointerSpot?) -> PointerSpot? {
        if case .placement(let p)? = spot?.window { pointerOver = p } else { pointerOver = nil }
        return spot
    }

    /// When a controller event happened: the daemon stamps it on CLOCK_MONOTONIC, the clock this
    /// loop's counts from `origin`; a stamp from the future or over a second old is not trusted.
    func daemonTime(_ update: InputDaemonClient.Update, now: Double, _ clock: MonotonicClock) -> Double {
        guard case .event(.message(let m)) = update, let stamp = m.time else { return now }
        let t = stamp - clock.origin
        return t <= now && t > now - 1 ? t : now
    }

    /// The players whose Snap! bubble shows now, for the frame log.
    func bubbles(at t: Double) -> [String] {
        // The frame just drawn: its screen is at hand, no need to work it out again.
        if session.game != nil, let shown = gamePictures.atRest { return shown.seats.filter(\.bubble).map(\.playerID) }
        return inPlace { s in s.seating.players.filter { s.seating.isSnapShowing($0.id, at: t) }.map(\.id) }
    }

    /// When an event happened, on the loop's clock: SDL stamps events as they arrive (in ms since
    /// SDL started, on the same monotonic clock), so two Snap! calls read in one batch keep
    /// their order, whatever order the loop hands them over in.
    func eventTime(_ e: SDL_Event, _ clock: MonotonicClock) -> Double {
        let now = clock.now
        let stamped = Double(e.common.timestamp) / 1000 - sdlTicksAtClockZero
        return stamped.isFinite && stamped <= now && stamped > now - 1 ? stamped : now
    }

    /// What the daemon client reports, as table input.
    static func input(_ update: InputDaemonClient.Update) -> TableInput {
        switch update {
        case .event(let e): input(e)
        case .refused(let reason): .daemon(.refused(reason))
        case .overflow(let n):
            .daemon(.dropped(kind: "overflow", message: "\(n) controller messages were dropped while the table was busy"))
        }
    }

    /// A daemon client event as table input.
    static func input(_ event: InputDaemonClient.Event) -> TableInput {
        switch event {
        case .connected: .daemon(.connected)
        case .lost: .daemon(.lost)
        case .dropped(let e): .daemon(.dropped(kind: e.kind, message: e.description))
        case .message(let m): m.padCommand.map { .pad($0) } ?? .tick
        }
    }

    /// SIGUSR1's write: a failure is logged and play goes on.
    func writeStateLogging(at t: Double) {
        do { try writeState(at: t) } catch {
            log.error("could not write state to \(options.stateOut ?? ""): \(error)")
        }
    }
}
