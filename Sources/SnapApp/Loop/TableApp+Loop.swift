import CSDL2
import SnapCore
import SnapSDL

/// The one frame loop of a windowed run (or a headless client's): it sleeps until something is
/// due, turns what came in into table input, lets the stage on now do its part, and draws.
extension TableApp {
    /// Runs the stage on now until the run ends or another stage is asked for.
    func runStage(_ live: LiveSources) throws {
        let clock = live.clock
        let frameInterval = 1.0 / refreshRate()
        var nextFrame = 0.0
        var event = SDL_Event()
        var loop = LoopState()
        let pads = live.pads
        beginStage(live)
        while running, requested == nil {
            let now = clock.now
            if loop.pacing, now < nextFrame {
                // Right after a frame nothing can reach the screen before the next one: sleep
                // until then and take what came in one go (a drag's 100 pointer moves a second
                // wake us 60 times, not 160). Events keep their own timestamps, so Snap! calls
                // are still judged in the order they were made.
                SDL_Delay(UInt32(((nextFrame - now) * 1000).rounded(.up)))
                loop.pacing = false
                while running, SDL_PollEvent(&event) != 0 { handle(event, at: eventTime(event, clock), &loop, pads) }
            } else {
                // Sleep in the event wait: until the next frame while something moves, otherwise
                // until something is due (a bubble going, a ping, a try to reconnect); the
                // network and discovery wake the loop when something arrives. The display list is
                // read again only when SDL reports a display event: SDL's list changes only with
                // its own events, so an idle table sleeps until something happens.
                let busy = !headless && needsFrame(glance(at: now), loop)
                let wakeAt = min(busy ? nextFrame : inPlace { $0.nextChange(after: now) } ?? .infinity, stageDue(after: now))
                if !busy {
                    for w in windows { w.scene.cache.trimToBudget() }
                    loop.heap.idle(at: now)
                }
                if SDL_WaitEventTimeout(&event, wakeAt.isFinite ? Int32(min(max(0, (wakeAt - now) * 1000), 3_600_000).rounded(.up)) : -1) != 0 {
                    handle(event, at: eventTime(event, clock), &loop, pads)
                    // Drain what else is queued: a burst of motion costs one frame, not one per event.
                    while running, SDL_PollEvent(&event) != 0 { handle(event, at: eventTime(event, clock), &loop, pads) }
                }
            }
            stepBeforeInput(live, at: clock.now)
            let t = clock.now
            stepReplay(at: t)
            takeLiveInput(live, &loop, at: t)
            stepAfterInput(at: t)
            // Headless, an update is "shown" when the table took it in.
            if headless, case .client(let c) = stage { c.client.presented(at: t) }
            let seen = glance(at: t)
            if running, requested == nil, !headless, needsFrame(seen, loop), t >= nextFrame {
                let animating = seen.animating
                var presented = false
                for (w, list) in zip(windows, displayLists(at: t)) { presented = try w.draw(list, at: t, pointerHere: w.placement == pointerOver) || presented }
                if presented, let frameLog = live.frameLog { frameLog.record(at: MonotonicClock.raw(), bubbles: bubbles(at: t)) }
                // A call says when the update it answered was on screen: presented now.
                if presented, case .client(let c) = stage { c.client.presented(at: clock.now) }
                loop.drawnPicture = seen.picture
                // One more frame after the last animated one, so the resting pose is on screen.
                loop.settleFrame = animating
                // A stage with a network to serve takes what arrives as it arrives.
                loop.pacing = presented && stage.paces
                nextFrame = t + frameInterval
                if options.exitAfterFirstFrame { running = false }
            }
        }
        log.debug("heap trimmed \(loop.heap.trims) times while idle")
    }

    /// A stage's network wakes this loop from now on.
    private func beginStage(_ live: LiveSources) {
        switch stage {
        case .here, .joining: break
        case .host(let h): h.pump.inbox.setWake(live.wake)
        case .client(let c):
            c.join.inbox.setWake(live.wake)
            // What came with the roster, before this loop ran.
            hear(c.join.early, c, live.clock)
        }
    }

    /// When the stage needs the loop next, whatever else happens.
    private func stageDue(after now: Double) -> Double {
        switch stage {
        case .here, .joining: .infinity
        case .host(let h): h.pump.nextDue(after: now)
        case .client(let c): min(c.client.nextDue ?? .infinity, c.nextLine ?? .infinity, c.reflex?.nextDue ?? .infinity)
        }
    }

    /// What arrived for the stage: a join's outcome, the clients' messages, the host's.
    private func stepBeforeInput(_ live: LiveSources, at t: Double) {
        switch stage {
        case .here: break
        case .joining(let pending, let door): stepJoining(pending, door, at: t)
        case .host(let h): stepHost(h, at: t)
        case .client(let c): stepClient(c, live.clock, at: t)
        }
    }

    /// What the stage sends after the table moved: the host's updates, the client's moves.
    private func stepAfterInput(at t: Double) {
        switch stage {
        case .here, .joining: break
        case .host(let h): publish(h, at: t)
        case .client(let c): sendMoves(c)
        }
    }

    struct LoopState {
        var focusLeft = false
        var displaysChanged = false
        var drawnPicture: Picture?
        var settleFrame = false
        /// A frame was just presented: sleep out the frame interval before reading input.
        var pacing = false
        var heap = HeapTrim()
    }

    private func needsFrame(_ seen: Glance, _ loop: LoopState) -> Bool {
        loop.settleFrame || windows.contains { $0.needsDraw || $0.owesFrame } || seen.animating || seen.picture != loop.drawnPicture
    }

    /// What the loop reads of the session at a time, in one go: whether something moves, and
    /// what is on screen besides motion (it changes with an input or a bubble running out).
    struct Glance {
        var animating: Bool
        var picture: Picture
    }

    /// What is on screen besides motion: the session's revisions and whose Snap! bubble shows.
    struct Picture: Equatable {
        var revision: TableSession.Revision
        var bubbles: [Bool]
    }

    func glance(at t: Double) -> Glance {
        inPlace { s in
            var bubbles: [Bool] = []
            // The common case allocates nothing: no bubble showing is an empty list.
            for (i, p) in s.seating.players.enumerated() where s.seating.isSnapShowing(p.id, at: t) {
                if bubbles.isEmpty { bubbles = Array(repeating: false, count: s.seating.players.count) }
                bubbles[i] = true
            }
            return Glance(animating: s.isAnimating(at: t), picture: Picture(revision: s.revision, bubbles: bubbles))
        }
    }

    private func refreshRate() -> Double {
        var mode = SDL_DisplayMode()
        let index = Int32(primary.window.displayIndex)
        if SDL_GetCurrentDisplayMode(max(0, index), &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
        return 60
    }
}

extension Stage {
    /// Sleeps out the frame interval after a frame: the stages without a network to serve.
    var paces: Bool {
        switch self {
        case .here, .joining: true
        case .host, .client: false
        }
    }
}
