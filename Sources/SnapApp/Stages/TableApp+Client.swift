#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SnapCore
import SnapNet

/// The client stage's part of each turn of the loop: what the host said, a try to get back
/// when one is due, a replay's lines, and this machine's moves for the host.
extension TableApp {
    func stepClient(_ c: ClientStage, _ clock: MonotonicClock, at t: Double) {
        hear(c.join.inbox.take().items, c, clock)
        guard requested == nil else { return }
        carry(c.client.tick(at: t), c, clock, at: t)
        if var r = c.reflex {
            let presses = r.presses(screen: c.client.screen, game: session.game?.rules, me: c.client.me, at: t)
            c.reflex = r
            for (input, at) in presses { send(.play(input), at: at) }
        }
    }

    /// What the host said, each at its arrival on the loop's clock, as table input.
    func hear(_ items: [NetInbox<NetClientLink.Event>.Stamped], _ c: ClientStage, _ clock: MonotonicClock) {
        for s in items {
            let t = min(clock.now, max(0, s.time - clock.origin))
            let heard: NetClient.Heard = switch s.item {
            case .message(let m): .message(m)
            case .unreadable(let why): .unreadable(why)
            case .closed(let why): .closed(why)
            }
            carry(c.client.hear(heard, at: t), c, clock, at: t)
            if requested != nil { return }
        }
    }

    private func carry(_ effects: [NetClient.Effect], _ c: ClientStage, _ clock: MonotonicClock, at t: Double) {
        for e in effects {
            switch e {
            case .table(let input): send(.net(input), at: t)
            case let .pong(n, received, drawLag):
                // `sent` is when it leaves, on the same clock as `received`.
                let sent = max(received, clock.now)
                c.join.link.send(.pong(n, times: NetPongTimes(received: received, sent: sent, drawLag: drawLag)))
            case .redial: c.join.reconnect()
            case .updated(let seq): c.netLog?.record(seq: seq, game: session.game?.rules)
            case .log(let level, let text): log.log(level: level.logging, "\(text)")
            case .backToMenu(let why):
                // A client from the menu whose host is gone for good: the join screen says so.
                log.notice("\(why.text(.english))")
                send(.menu(.say(why.text(session.words), back: .join)), at: t)
                requested = .menu
            }
        }
    }

    /// This machine's moves go to the host while it is there to take them.
    func sendMoves(_ c: ClientStage) {
        if c.client.connected { for i in c.intents { c.join.link.send(.intent(i)) } }
        c.intents = []
    }

    /// A replay on a client runs on the real clock from the moment the first state arrived.
    func stepReplay(at t: Double) {
        guard case .client(let c) = stage, let start = c.client.firstState else { return }
        while let next = c.replay.first, start + next.time <= t {
            c.replay = c.replay.dropFirst()
            if case .end = next.command { running = false; break }
            replayLine(next, at: t)
        }
    }

    /// One replay line on the real clock, as the same table input a live run makes.
    private func replayLine(_ ev: ReplayEvent, at t: Double) {
        let place = "\(options.replay ?? "replay"):\(ev.line)"
        if let input = ev.command.tableInput { return send(input, at: t, place: place) }
        switch ev.command {
        case .snapshot(let name):
            guard let dir = options.screenshotDir else { break }
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try snapshot(named: name, in: dir, at: t)
            } catch {
                log.error("could not write snapshot \(name): \(error)")
            }
        default: break
        }
    }
}
