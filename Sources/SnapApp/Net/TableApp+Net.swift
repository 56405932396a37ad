import CSDL2
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore
import SnapNet
import SnapSDL

/// Network play in a window (or headless, for tests): the same table and the same one input
/// path as a local game, plus the network. A host serves its table; a client shows the host's
/// game with its own player at the bottom and sends its moves as intents.
extension TableApp {
    enum NetSide {
        case host(NetHostPump)
        case client(NetJoin)
    }

    /// Plays until the window closes, Ctrl-C or SIGTERM (SDL's quit), or a replay's `end`. A
    /// replay (on a client) runs on the real clock from the moment the first deal arrives.
    func runNet(_ side: NetSide, script: ReplayScript?, netLog: NetLog?) throws {
        let clock = MonotonicClock()
        sdlTicksAtClockZero = Double(SDL_GetTicks64()) / 1000 - clock.now
        let frameInterval = 1.0 / 60
        var nextFrame = 0.0
        var drawn: [Int] = []
        /// One more frame after the last animated one, so the resting pose is on screen.
        var settle = false
        var event = SDL_Event()
        var loop = LoopState()
        let wakeType = SDL_RegisterEvents(1)
        let wake: @Sendable () -> Void = {
            guard wakeType != UInt32.max else { return }
            var e = SDL_Event()
            e.type = wakeType
            SDL_PushEvent(&e)
        }
        var offset: Double?
        var replayStart: Double?
        var replay = script?.events[...] ?? []
        /// The host said it is leaving: no more tries.
        var gone = false
        /// The connection dropped without a goodbye: until when to keep dialling back, and when next.
        var retryUntil: Double?
        var nextTry = 0.0
        var tries = 0
        var lastSeq = 0
        switch side {
        case .host(let pump):
            pump.inbox.setWake(wake)
            send(.net(.hosting(headless: false)), at: 0)
        case .client(let join):
            join.inbox.setWake(wake)
            send(.net(.roster(me: join.me, players: join.roster)), at: 0)
        }
        // Controllers as in a local game: through the daemon, or SDL's own reader.
        let daemon = headless ? nil : options.inputSocket.map { InputDaemonClient(path: $0) }
        let pads = !headless && options.controllersThroughSDL ? try ControllerReader(session: sdl) : nil
        let frameLog = try options.frameLog.map { try FrameLog(path: $0) }
        if !headless { primary.window.show() }

        /// What the host said, as table input.
        func absorb(_ items: [NetInbox<NetClientLink.Event>.Stamped], _ join: NetJoin) {
            for s in items {
                let t = min(clock.now, max(0, s.time - clock.origin))
                switch s.item {
                case .message(let m):
                    switch m {
                    case .ready(let players): send(.net(.roster(me: join.me, players: players)), at: t)
                    case let .update(seq, events, state):
                        if offset == nil, let state { offset = t - state.clock }
                        send(.net(.update(events: events, state: state, offset: offset ?? 0)), at: t)
                        if state != nil, replayStart == nil { replayStart = t }
                        if seq != lastSeq + 1, lastSeq != 0 { log.warning("update \(seq) after \(lastSeq): updates were lost") }
                        lastSeq = seq
                        netLog?.record(seq: seq, game: session.game?.game)
                    case .error(_, _, let reason): send(.net(.refused(reason)), at: t)
                    case .ping(let n): join.link.send(.pong(n))
                    case .hostLeaving:
                        gone = true
                        retryUntil = nil
                        send(.net(.hostGone("it closed the game")), at: t)
                    case .welcome(let p, _, _):
                        guard retryUntil != nil, p == join.me else { break }
                        retryUntil = nil
                        lastSeq = 0
                        log.notice("back at the table after \(tries) tries")
                        send(.net(.reconnected), at: t)
                    case .refusal(.busy, let message) where retryUntil != nil:
                        // A flood at the host closed this try to make room: the next one may get in.
                        log.notice("the host is busy: \(message)")
                    case .refusal(_, let message):
                        // The host is there but will not give the seat back: nothing more to try.
                        retryUntil = nil
                        gone = true
                        log.warning("the host did not take us back: \(message)")
                    }
                case .unreadable(let why): log.warning("the host sent something unreadable: \(why)")
                case .closed(let why):
                    guard !gone else { break }
                    if retryUntil == nil {
                        // Say so at once; keep dialling back quietly in case it was the network.
                        send(.net(.hostGone(why)), at: t)
                        retryUntil = t + NetJoin.reconnectSeconds
                        tries = 0
                        nextTry = t + 1
                    } else if let until = retryUntil, t >= until {
                        retryUntil = nil
                        gone = true
                        log.warning("gave up reconnecting after \(tries) tries")
                    }
                }
            }
        }

        if case .client(let join) = side { absorb(join.early, join) }
        while running {
            let now = clock.now
            // Headless, nothing is drawn: motion does not keep the loop awake.
            // A picture not yet drawn (drawing waits for the next frame slot) keeps it awake too.
            let animating = !headless && (session.isAnimating(at: now) || settle || session.revision != drawn
                                          || windows.contains { $0.needsDraw })
            // Asleep until something is due: the network wakes the loop when a message comes.
            var wakeAt = animating ? nextFrame : session.nextChange(after: now) ?? .infinity
            if case .host(let pump) = side { wakeAt = min(wakeAt, pump.nextDue(after: now)) }
            if retryUntil != nil { wakeAt = min(wakeAt, nextTry) }
            if let start = replayStart, let next = replay.first { wakeAt = min(wakeAt, start + next.time) }
            let waitMs = wakeAt.isFinite ? Int32(min(max(0, (wakeAt - now) * 1000), 3_600_000).rounded(.up)) : -1
            if SDL_WaitEventTimeout(&event, waitMs) != 0 {
                handle(event, at: eventTime(event, clock), &loop, pads)
                while running, SDL_PollEvent(&event) != 0 { handle(event, at: eventTime(event, clock), &loop, pads) }
            }
            var t = clock.now
            afterEvents(&loop, at: t)
            for update in daemon?.takeUpdates() ?? [] { send(Self.input(update), at: daemonTime(update, now: t, clock)) }
            switch side {
            case .host(let pump):
                pump.step(at: t, origin: clock.origin, table: { session.game }) { input, at in send(input, at: at) }
            case .client(let join):
                absorb(join.inbox.take().items, join)
                if retryUntil != nil, t >= nextTry {
                    tries += 1
                    nextTry = t + min(5, Double(1 << min(tries, 3)))
                    join.reconnect()
                }
            }
            t = clock.now
            if let start = replayStart {
                while let next = replay.first, start + next.time <= t {
                    replay = replay.dropFirst()
                    if case .end = next.command { running = false; break }
                    replayLine(next, at: t)
                }
            }
            send(.tick, at: t)
            switch side {
            case .host(let pump):
                let before = pump.host.seq
                pump.publish(table: session.game!, events: session.takeNetEvents())
                if pump.host.seq != before { netLog?.record(seq: pump.host.seq, game: session.game?.game) }
            case .client(let join):
                for i in netIntents where !gone && retryUntil == nil { join.link.send(.intent(i)) }
                netIntents = []
            }
            if stateRequest.take() { writeStateLogging(at: t) }
            let picture = session.revision
            let moving = !headless && session.isAnimating(at: t)
            if running, !headless, moving || settle || picture != drawn || windows.contains(where: { $0.needsDraw }), t >= nextFrame {
                var presented = false
                for (w, list) in zip(windows, displayLists(at: t)) { presented = try w.draw(list) || presented }
                if presented, let frameLog {
                    frameLog.record(at: MonotonicClock.raw(), bubbles: bubbles(at: t))
                }
                drawn = picture
                settle = moving
                nextFrame = t + frameInterval
            }
        }
        daemon?.stop()
        switch side {
        case .host(let pump): pump.stop()
        case .client(let join):
            join.inbox.close()
            join.link.stop()
        }
        stateRequest.close()
        session.finish(at: clock.now)
        logProblemSummary()
        try writeState(at: clock.now)
    }

    /// One replay line on the real clock, as the same table input a live run makes.
    private func replayLine(_ ev: ReplayEvent, at t: Double) {
        let place = "\(options.replay ?? "replay"):\(ev.line)"
        switch ev.command {
        case .mouse(let action, let p, let window):
            send(.pointer(action, PointerSpot(.role(WindowRole(rawValue: window) ?? .primary), p)), at: t, place: place)
        case .focusLost: send(.focusLost, at: t, place: place)
        case .key(let k): send(.key(k), at: t, place: place)
        case .pad(let command): send(.pad(command), at: t, place: place)
        case .play(let input): send(.play(input), at: t, place: place)
        case .seat(let command): send(.seat(command), at: t, place: place)
        case .snapshot(let name):
            guard let dir = options.screenshotDir else { break }
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try snapshot(named: name, in: dir, at: t)
            } catch {
                log.error("could not write snapshot \(name): \(error)")
            }
        case .display, .end: break
        }
    }
}
