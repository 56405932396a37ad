#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore
import SnapSDL

extension TableApp {
    /// Renders without a display: the script's snapshots, or with no script the first settled
    /// frame. Replay lines become the same `TableInput`s a live run makes, on a virtual clock.
    public func runHeadless(script: ReplayScript?) throws {
        guard let dir = options.screenshotDir else { return }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var clock = VirtualClock()
        guard let script else {
            try readWholeFeed(at: 0)
            let t = settleTime(after: 0)
            send(.tick, at: t)
            try snapshot(named: "screenshot", in: dir, at: t)
            logProblemSummary()
            try writeState(at: t)
            try writeTextCheck(in: dir)
            return
        }
        // A hosted game the replay started stops, however the replay ends.
        defer { stopStage() }
        let file = options.replay ?? "replay"
        var ended = false
        for ev in script.events {
            clock.advance(to: ev.time)
            let t = clock.now, place = "\(file):\(ev.line)"
            if let input = ev.command.tableInput { send(input, at: t, place: place) }
            switch ev.command {
            case .display(let change):
                // The simulated hardware changes; the session hears about it as a live run would.
                do {
                    switch change {
                    case .connect(let name, let size): try simulated.connect(name, size: size)
                    case .disconnect(let name): try simulated.disconnect(name)
                    }
                } catch {
                    send(.tick, at: t)
                    for line in problems.admit(Problem(kind: "display", "\(error.message) (line skipped)"), at: place) { log.warning("\(line)") }
                    continue
                }
                send(.displays(simulated.displays), at: t, place: place)
            case .snapshot(let name):
                send(.tick, at: t)
                try snapshot(named: name, in: dir, at: t)
            case .end:
                ended = true
            default:
                break
            }
            enterRequestedStage(at: t)
            // The text check looks at every screen the replay passes, not only its snapshots
            // (a verdict's tag shows for a second): the pictures are built, never drawn.
            if let check = textCheck, !ended {
                for (w, list) in zip(windows, displayLists(at: t)) {
                    check.look(at: list, snapshot: "\(place)", window: w.role.rawValue, viewport: w.scene.viewport(for: list))
                }
                check.snapshotDone()
            }
            // A line that cannot apply to the screen it met ends the replay, as a bad line does.
            if let e = scriptErrors.first { throw AppFailure.badInput("replay error: \(e)") }
            if ended || !running { break }
        }
        // Without an explicit end, let what moves come to rest before the final state.
        let final = ended ? clock.now : settleTime(after: clock.now)
        send(.tick, at: final)
        logProblemSummary()
        try writeState(at: final)
        try writeTextCheck(in: dir)
    }

    /// The menu's Host a game and Stop hosting, as a windowed run carries them out, so the host's
    /// screens can be pictured; joining waits for another machine and is not taken headless.
    private func enterRequestedStage(at t: Double) {
        guard let next = requested else { return }
        requested = nil
        if case .join = next { return }
        stage.stop()
        stage = enter(next, at: t)
    }

    /// DIR/text-check.txt: the text-fit check's findings, one a line (empty: all text fits);
    /// DIR/text-seen.txt: every text it looked at.
    func writeTextCheck(in dir: String) throws {
        guard let check = textCheck else { return }
        let path = PathText.join(dir, "text-check.txt")
        for (file, lines) in [(path, check.findings), (PathText.join(dir, "text-seen.txt"), check.seen)] {
            do {
                try AtomicFile.replace(file, with: Array(lines.map { $0 + "\n" }.joined().utf8))
            } catch {
                throw AppFailure("cannot write \(file): \(error)")
            }
        }
        log.notice("text check: \(check.findings.count) findings in \(path)")
    }

    /// The first time at or after `t` when nothing is animating.
    func settleTime(after t: Double) -> Double {
        guard let table = session.sandbox?.table else { return t }
        var end = t
        for m in table.motions.values { end = max(end, m.position.end, m.rotation.end, m.alpha.end) }
        for f in table.fading { end = max(end, f.motion.alpha.end) }
        return end
    }

    /// NAME.png of the primary, NAME-mirror.png / NAME-table.png of the others (NAME-table-2.png
    /// for a second table view), and NAME.json with the state.
    func snapshot(named name: String, in dir: String, at t: Double) throws {
        var seen: [WindowRole: Int] = [:]
        for (w, list) in zip(windows, displayLists(at: t)) {
            seen[w.role, default: 0] += 1
            let n = seen[w.role]!
            let file = w.role == .primary ? name : "\(name)-\(w.role.rawValue)\(n > 1 ? "-\(n)" : "")"
            try w.render(list)
            try w.scene.renderer.readPixels().savePNG(to: PathText.join(dir, "\(file).png"))
            textCheck?.look(at: list, snapshot: name, window: w.role.rawValue, viewport: w.scene.viewport(for: list))
        }
        textCheck?.snapshotDone()
        try StateFile.write(state(at: t), to: PathText.join(dir, "\(name).json"))
    }
}
