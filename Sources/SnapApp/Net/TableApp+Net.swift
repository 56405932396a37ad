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
    /// Hosting or at a host's table until the window closes, Ctrl-C or SIGTERM (SDL's quit), a
    /// replay's `end`, or Leave back to the menu. A replay (on a client) runs on the real clock
    /// from the moment the first deal arrives.
    func loopNet(_ side: Stage, _ live: LiveSources, script: ReplayScript?, netLog: NetLog?) throws {
        let clock = live.clock
        let frameInterval = 1.0 / 60
        var nextFrame = 0.0
        var drawn: TableSession.Revision?
        /// One more frame after the last animated one, so the resting pose is on screen.
        var settle = false
        var event = SDL_Event()
        var loop = LoopState()
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
        case .host(let pump, _): pump.inbox.setWake(live.wake)
        case .client(let join): join.inbox.setWake(live.wake)
        case .here: return
        }
        let pads = live.pads

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
                        netLog?.record(seq: seq, game: session.game?.rules)
                    case .error(_, _, let reason): send(.net(.refused(reason)), at: t)
                    case .ping(let n): join.link.send(.pong(n))
                    case .hostLeaving:
                        gone = true
                        retryUntil = nil
                        if session.menuHome { return backToMenu("The host has left.") }
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
                        if session.menuHome { return backToMenu("Lost the host: \(why)") }
                    }
                }
            }
        }

        /// A client from the menu whose host is gone for good: the join screen says so.
        func backToMenu(_ why: String) {
            log.notice("\(why)")
            send(.menu(.say(why, back: .join)), at: clock.now)
            nextStage = .menu
        }

        if case .client(let join) = side { absorb(join.early, join) }
        while running, nextStage == nil {
            let now = clock.now
            // Headless, nothing is drawn: motion does not keep the loop awake.
            // A picture not yet drawn (drawing waits for the next frame slot) keeps it awake too.
            let animating = !headless && (inPlace { $0.isAnimating(at: now) } || settle || inPlace { $0.revision } != drawn
                                          || windows.contains { $0.needsDraw })
            // Asleep until something is due: the network wakes the loop when a message comes.
            var wakeAt = animating ? nextFrame : inPlace { $0.nextChange(after: now) } ?? .infinity
            if case .host(let pump, _) = side { wakeAt = min(wakeAt, pump.nextDue(after: now)) }
            if retryUntil != nil { wakeAt = min(wakeAt, nextTry) }
            if let start = replayStart, let next = replay.first { wakeAt = min(wakeAt, start + next.time) }
            let waitMs = wakeAt.isFinite ? Int32(min(max(0, (wakeAt - now) * 1000), 3_600_000).rounded(.up)) : -1
            if SDL_WaitEventTimeout(&event, waitMs) != 0 {
                handle(event, at: eventTime(event, clock), &loop, pads)
                while running, SDL_PollEvent(&event) != 0 { handle(event, at: eventTime(event, clock), &loop, pads) }
            }
            var t = clock.now
            switch side {
            case .host(let pump, _):
                pump.step(at: t, origin: clock.origin, table: { session.game }) { input, at in send(input, at: at) }
                for player in seatsToFree {
                    guard let seat = session.game?.seat(of: player)?.seat else { continue }
                    pump.freeAwaySeat(seat: seat, at: t) { input, at in send(input, at: at) }
                }
                seatsToFree = []
            case .client(let join):
                absorb(join.inbox.take().items, join)
                if nextStage != nil { break }
                if retryUntil != nil, t >= nextTry {
                    tries += 1
                    nextTry = t + min(5, Double(1 << min(tries, 3)))
                    join.reconnect()
                }
            case .here: break
            }
            t = clock.now
            if let start = replayStart {
                while let next = replay.first, start + next.time <= t {
                    replay = replay.dropFirst()
                    if case .end = next.command { running = false; break }
                    replayLine(next, at: t)
                }
            }
            takeLiveInput(live, &loop, at: t)
            switch side {
            case .host(let pump, let announcement):
                guard let table = session.game else { break }
                let before = pump.host.seq
                pump.publish(table: table, events: session.takeNetEvents())
                announcement.refresh(pump.host, table: table)
                if pump.host.seq != before { netLog?.record(seq: pump.host.seq, game: session.game?.rules) }
            case .client(let join):
                for i in netIntents where !gone && retryUntil == nil { join.link.send(.intent(i)) }
                netIntents = []
            case .here: break
            }
            let picture = inPlace { $0.revision }
            let moving = !headless && inPlace { $0.isAnimating(at: t) }
            if running, nextStage == nil, !headless, moving || settle || picture != drawn || windows.contains(where: { $0.needsDraw }), t >= nextFrame {
                var presented = false
                for (w, list) in zip(windows, displayLists(at: t)) { presented = try w.draw(list, at: t, animating: moving) || presented }
                if presented, let frameLog = live.frameLog {
                    frameLog.record(at: MonotonicClock.raw(), bubbles: bubbles(at: t))
                }
                drawn = picture
                settle = moving
                nextFrame = t + frameInterval
            }
        }
    }

    /// One replay line on the real clock, as the same table input a live run makes.
    private func replayLine(_ ev: ReplayEvent, at t: Double) {
        let place = "\(options.replay ?? "replay"):\(ev.line)"
        switch ev.command {
        case .mouse(let action, let p, let window):
            send(.pointer(action, PointerSpot(.role(WindowRole(rawValue: window) ?? .primary), p)), at: t, place: place)
        case .focusLost: send(.focusLost, at: t, place: place)
        case .key(let k): send(.key(k), at: t, place: place)
        case .text(let text): send(.text(text), at: t, place: place)
        case .choose(let id): send(.choose(id), at: t, place: place)
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
