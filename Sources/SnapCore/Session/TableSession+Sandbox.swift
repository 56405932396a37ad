/// The `--sandbox` screen's inputs: the mouse in any window, the keyboard's cursor, controllers,
/// the feed's and the replay's seat verbs.
extension TableSession {
    mutating func handleInSandbox(_ input: TableInput, at t: Double) -> [ShellEffect] {
        // A count, not a copy of the sandbox: a copy alive while the table changes would make
        // every change copy the table's storage.
        let held = holdingCount
        let out: [ShellEffect]
        switch input {
        case .pointer(let action, let spot):
            out = pointer(action, spot, at: t)
        case .key(let key):
            out = withSandbox { $0.press(key, at: t) } ?? []
        case .focusLost:
            _ = withSandbox { $0.table.cancelAll(time: t) }
            out = []
        case .pad(let command):
            out = withSandbox { $0.pad(command, at: t) } ?? []
        case .daemon(.lost):
            let had = withSandbox { $0.dropPads(at: t) } ?? false
            out = had ? [.log(.notice, "the input daemon went away; its controllers are gone until it is back")]
                : [.log(.info, "the input daemon went away")]
        case .feed(let item):
            // A person writing a feed wants to see each bad line, up to a point.
            if let e = feed.apply(item, to: &seating, time: t) {
                if case .line = item { return [.problem(Problem(kind: "feed line", "\(e) (line skipped)", logUpTo: 100))] }
                return [.problem(Problem(kind: "feed", "\(e)", logUpTo: 100))]
            }
            out = []
        case .seat(let command):
            do { try seating.apply(command, time: t) } catch {
                return [.problem(Problem(kind: "seat", "\(error.message) (line skipped)", logUpTo: 100))]
            }
            out = []
        default:
            out = handleAnywhere(input, at: t)
        }
        // A card picked up or let go (by any hand: mouse, keyboard, controller).
        let now = holdingCount
        return out + (now > held ? [.sound(.pickUp)] : now < held ? [.sound(.drop)] : [])
    }

    /// The cards the sandbox's hands hold (none on another screen).
    private var holdingCount: Int {
        if case .sandbox(let s) = screen { s.table.holdingCount } else { 0 }
    }

    private mutating func pointer(_ action: MouseAction, _ spot: PointerSpot?, at t: Double) -> [ShellEffect] {
        guard let spot else {
            // Outside every window: a release there still ends the gesture, the card goes home.
            guard action == .up else { return [] }
            _ = withSandbox { $0.table.cancel(.mouse, time: t) }
            windows.dragWindow = nil
            return [.captureMouse(false)]
        }
        guard let window = placement(spot.window) else {
            // A window that is not open is outside every window: a release still ends the gesture.
            let problem = ShellEffect.problem(Problem(kind: "no such window", "there is no \(spot.window.name) window now (pointer \(action.rawValue) taken as outside)"))
            return [problem] + pointer(action, nil, at: t)
        }
        let p = window.role == .table ? TableViewBuilder.toBoard(spot.point) : spot.point
        switch action {
        case .down:
            guard sandbox?.focus.paused == false else { return [] }
            windows.dragWindow = window
            _ = withSandbox { $0.table.pointerDown(.mouse, at: p, time: t) }
            return [.captureMouse(true)]
        case .move:
            _ = withSandbox { $0.table.pointerMove(.mouse, to: p, time: t) }
            return []
        case .up:
            _ = withSandbox { $0.table.pointerUp(.mouse, at: p, time: t) }
            windows.dragWindow = nil
            return [.captureMouse(false)]
        }
    }
}

extension Sandbox {
    /// Arrows, Enter and Escape drive the keyboard's focus cursor; Escape also cancels every drag.
    mutating func press(_ key: KeyName, at t: Double) -> [ShellEffect] {
        switch key {
        case .escape: focus.key(.escape, table: &table, time: t)
        case .enter: focus.key(.enter, table: &table, time: t)
        case .up: focus.key(.move(.up), table: &table, time: t)
        case .down: focus.key(.move(.down), table: &table, time: t)
        case .left: focus.key(.move(.left), table: &table, time: t)
        case .right: focus.key(.move(.right), table: &table, time: t)
        case .f11: return [.toggleFullscreen]
        case .m: return [.toggleMute]
        case .s, .backspace, .space: break
        }
        return []
    }

    mutating func pad(_ command: PadCommand, at t: Double) -> [ShellEffect] {
        do {
            switch command {
            case .add(let id, let profile): try focus.addPad(id, profile: profile, board: table.board)
            case .remove(let id): try focus.removePad(id, table: &table, time: t)
            case .button(let id, let b, let down): try focus.padButton(id, b, down: down, table: &table, time: t)
            case .axis(let id, let a, let x, let y): try focus.padAxis(id, a, x: x, y: y, table: &table, time: t)
            }
        } catch {
            return [.problem(Problem(kind: error.kind, error.message))]
        }
        return []
    }

    /// The input daemon went away: its controllers go with it. True when there were any.
    mutating func dropPads(at t: Double) -> Bool {
        let had = !focus.pads.isEmpty
        for id in focus.pads.keys.sorted() { try? focus.removePad(id, table: &table, time: t) }
        return had
    }
}
