import Foundation
import SnapCore
import SnapSDL

extension TableApp {
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
        let file = options.replay ?? "replay"
        var ended = false
        for ev in script.events {
            clock.advance(to: ev.time)
            let t = clock.now
            table.advance(to: t)
            seating.advance(to: t)
            switch ev.command {
            case .mouse(let action, let p, let window):
                guard let b = boardPoint(role: window, p) else {
                    log.warning("\(file):\(ev.line): there is no \(window) window now (line skipped)")
                    continue
                }
                switch action {
                case .down:
                    if focus.paused { continue }
                    dragWindow = windows.first { $0.role.rawValue == window }?.id
                    table.pointerDown(.mouse, at: b, time: t)
                case .move: table.pointerMove(.mouse, to: b, time: t)
                case .up:
                    table.pointerUp(.mouse, at: b, time: t)
                    dragWindow = nil
                }
            case .focusLost:
                table.cancelAll(time: t)
            case .key(let k):
                press(k, at: t)
            case .pad(let command):
                do { try apply(command, at: t) } catch {
                    log.warning("\(file):\(ev.line): \(error.message) (line skipped)")
                }
            case .snapshot(let name):
                try snapshot(named: name, in: dir, at: t)
            case .end:
                ended = true
            case .seat(let command):
                do { try seating.apply(command, time: t) } catch {
                    log.warning("\(file):\(ev.line): \(error.message) (line skipped)")
                }
            case .display(let change):
                do {
                    switch change {
                    case .connect(let name, let size): try simulated.connect(name, size: size)
                    case .disconnect(let name): try simulated.disconnect(name)
                    }
                    reconcileWindows(at: t)
                } catch {
                    log.warning("\(file):\(ev.line): \(error.message) (line skipped)")
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

    /// NAME.png of the primary, NAME-mirror.png / NAME-table.png of the others (NAME-table-2.png
    /// for a second table view), and NAME.json with the state.
    func snapshot(named name: String, in dir: String, at t: Double) throws {
        var seen: [WindowRole: Int] = [:]
        for w in windows {
            seen[w.role, default: 0] += 1
            let n = seen[w.role]!
            let file = w.role == .primary ? name : "\(name)-\(w.role.rawValue)\(n > 1 ? "-\(n)" : "")"
            try w.render(displayList(for: w, at: t))
            try w.scene.renderer.readPixels().savePNG(to: (dir as NSString).appendingPathComponent("\(file).png"))
        }
        try state(at: t).jsonData().write(to: URL(fileURLWithPath: (dir as NSString).appendingPathComponent("\(name).json")))
    }

    /// Headless: the whole feed is read before the picture is taken, so a feed can be tested.
    func applyWholeFeed(at t: Double) throws {
        guard let handle = try feedHandle() else { return }
        let data = handle.readDataToEndOfFile()
        var feed = SeatFeed(source: feedName)
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if let e = feed.apply(String(line), to: &seating, time: t) { log.warning("\(e) (line skipped)") }
        }
    }
}
