/// What every screen takes alike: displays coming and going, windows closing, fullscreen, the
/// input daemon's news, time, the shell's notes for the menu.
extension TableSession {
    mutating func handleAnywhere(_ input: TableInput, at t: Double) -> [ShellEffect] {
        switch input {
        case .key(.f11):
            return [.toggleFullscreen]
        case .daemon(let note):
            return daemon(note)
        case .displays(let displays):
            return reconcile(displays, at: t)
        case .windowClosed(let p, let byUser):
            return closed(p, byUser: byUser, at: t)
        case .choose(let id):
            return [.scriptError("choose \(id): no menu on the screen")]
        case .menu(let note):
            return self.note(note, at: t)
        case .net:
            return [.problem(Problem(kind: "net in sandbox", "network play is a Snap! game; this is the --sandbox table"))]
        case .play:
            return [.problem(Problem(kind: "play verb in sandbox", "turn and call are Snap! game verbs; this is the --sandbox table (line skipped)", logUpTo: 100))]
        case .pointer, .key, .focusLost, .pad, .feed, .seat, .tick, .text, .language:
            // `.language` is the session's own (`handle` takes it before any screen).
            return []
        }
    }

    /// The input daemon's news; a screen with controllers of its own takes `.lost` first.
    func daemon(_ note: DaemonNote) -> [ShellEffect] {
        switch note {
        case .connected:
            return [.log(.info, "connected to the input daemon")]
        case .lost:
            return [.log(.info, "the input daemon went away")]
        case .refused(let reason):
            return [.problem(Problem(kind: "daemon refused", "input daemon: \(reason)"))]
        case .dropped(let kind, let message):
            return [.problem(Problem(kind: "daemon \(kind)", "input daemon: \(message) (dropped)"))]
        }
    }

    func placement(_ w: PointerSpot.Window) -> WindowPlan.Placement? {
        switch w {
        case .placement(let p): windows.open.contains(p) ? p : nil
        case .role(let r): windows.first(r)
        }
    }

    // MARK: - Windows

    private mutating func reconcile(_ displays: [DisplayInfo], at t: Double) -> [ShellEffect] {
        let changes = windows.reconcile(displays)
        var out: [ShellEffect] = []
        for gone in changes.close {
            out += cancelDrag(ifIn: gone, at: t)
            out += [.log(.notice, "display \(gone.display) went away: closing its \(gone.role.rawValue) window"), .closeWindow(gone)]
        }
        if let target = changes.movePrimary {
            out += [.log(.notice, "the primary window's display went away: moving it to \(target)"), .movePrimary(toDisplay: target)]
        }
        for p in changes.open {
            let size = displays.first { $0.name == p.display }.map { " (\(Int($0.bounds.w))x\(Int($0.bounds.h)))" } ?? ""
            out += [.log(.notice, "display \(p.display)\(size): opened a \(p.role.rawValue) window"), .openWindow(p)]
        }
        return out
    }

    private mutating func closed(_ p: WindowPlan.Placement, byUser: Bool, at t: Double) -> [ShellEffect] {
        if p == windows.primary { return byUser ? [.quit] : [] }
        var out = cancelDrag(ifIn: p, at: t)
        guard windows.remove(p) else { return out }
        out.append(.closeWindow(p))
        if byUser {
            out.append(.log(.notice, "the \(p.role.rawValue) window on \(p.display) was closed; it stays closed until that display is plugged in again"))
        }
        return out
    }

    /// A window going away in the middle of a drag: the mouse's card goes back.
    private mutating func cancelDrag(ifIn p: WindowPlan.Placement, at t: Double) -> [ShellEffect] {
        guard windows.dragWindow == p else { return [] }
        windows.dragWindow = nil
        _ = withSandbox { $0.table.cancel(.mouse, time: t) }
        _ = withGame { $0.cancelGestures(at: t) }
        return [.captureMouse(false), .log(.notice, "the \(p.role.rawValue) window on \(p.display) closed during a drag: the card goes back")]
    }
}

extension PointerSpot.Window {
    var name: String {
        switch self {
        case .placement(let p): "\(p.role.rawValue) (\(p.display))"
        case .role(let r): r.rawValue
        }
    }
}
