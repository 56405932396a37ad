/// The whole running table as one value: the game of Snap! (or the free sandbox table), who sits
/// where, the focus cursors and the windows. `handle` is the single entry point for every
/// input, live or replayed: it advances time first, applies the input and returns what the
/// shell must do.
public struct TableSession: Sendable {
    /// The sandbox's free table (click to deal, drag anywhere, the discard slot).
    public private(set) var table: Table
    public internal(set) var seating: Seating
    public private(set) var focus = FocusPlayers()
    public internal(set) var windows: WindowSet
    /// The Snap! game; nil on the sandbox table.
    public internal(set) var game: GameTable?
    /// The front door, over whatever else there is; nil while a game or the sandbox has the screen.
    public internal(set) var menu: Menu?
    /// Leave returns to the menu (the run started there); otherwise it ends the program.
    public internal(set) var menuHome: Bool
    /// The settings the menu started from and last saved: a new menu starts from them.
    public internal(set) var settings: Settings
    /// Controllers plugged in while the menu shows: a game started from it gets them.
    var menuPads: [Int: PadProfile] = [:]
    /// The buttons each controller holds down (the state file shows them, so a script knows a
    /// release has arrived before it presses the same button again).
    var padHeld: [Int: Set<PadButton>] = [:]
    /// The seed of the next game started from the menu.
    var nextSeed: UInt64
    private var feed: SeatFeed

    public init(table: Table, seating: Seating, windows: WindowSet, feedSource: String = "feed", game: GameTable? = nil,
                menu: Menu? = nil, seed: UInt64 = 1) {
        self.table = table
        self.seating = seating
        self.windows = windows
        self.game = game
        self.menu = menu
        menuHome = menu != nil
        settings = menu?.settings ?? Settings()
        nextSeed = seed
        feed = SeatFeed(source: feedSource)
    }

    public mutating func handle(_ input: TableInput, at t: Double) -> [ShellEffect] {
        // A feed line with a menu verb is the same input a person or a replay gives.
        if case .feed(.line(let n, let text)) = input, let parsed = FeedVerbs.input(text) {
            switch parsed {
            case .success(let menuInput):
                let out = handle(menuInput, at: t)
                return out.map { effect in
                    guard case .scriptError(let m) = effect else { return effect }
                    return .problem(Problem(kind: "feed line", "\(feed.source):\(n): \(m) (line skipped)", logUpTo: 100))
                }
            case .failure(let why):
                return [.problem(Problem(kind: "feed line", "\(feed.source):\(n): \(why) (line skipped)", logUpTo: 100))]
            }
        }
        let effects = advance(to: t)
        switch input {
        case .pad(.button(let id, let b, let down)):
            if down { padHeld[id, default: []].insert(b) } else { padHeld[id]?.remove(b) }
        case .pad(.remove(let id)): padHeld[id] = nil
        default: break
        }
        if let before = menu, let out = handleInMenu(input, at: t) { return effects + out + menuSound(input, before, out) }
        // Space is Enter at the table; only a menu's text field tells them apart.
        let input = input == .key(.space) ? .key(.enter) : input
        if game != nil, let out = handleInGame(input, at: t) { return effects + leaving(out, at: t) }
        let held = table.holdingCount
        let out = handleShared(input, at: t)
        // The sandbox: a card picked up or let go (by any hand: mouse, keyboard, controller).
        let now = table.holdingCount
        let sound: [ShellEffect] = now > held ? [.sound(.pickUp)] : now < held ? [.sound(.drop)] : []
        return effects + out + sound
    }

    /// A click for a person's move in the menu: the focus moving, or an item chosen (a request
    /// for the shell, the screen or a setting changing, or the menu going as a game starts).
    private func menuSound(_ input: TableInput, _ before: Menu, _ out: [ShellEffect]) -> [ShellEffect] {
        switch input {
        case .pointer, .key, .pad, .choose: break
        default: return []
        }
        let asked = out.contains { if case .menu = $0 { true } else { false } }
        guard let now = menu, now.screen == before.screen, now.settings == before.settings, !asked else { return [.sound(.menuChoose)] }
        return now.focus != before.focus ? [.sound(.menuMove)] : []
    }

    /// The inputs the Snap! game takes itself; nil for those every mode treats alike.
    private mutating func handleInGame(_ input: TableInput, at t: Double) -> [ShellEffect]? {
        switch input {
        case .pointer(let action, let spot):
            // The couch's table view has nothing to click: a release there still ends a gesture.
            let window = spot.flatMap { placement($0.window) }
            let p = window.flatMap { $0.role == .table ? nil : spot?.point }
            if action == .down, p != nil { windows.dragWindow = window }
            if action == .up { windows.dragWindow = nil }
            let capture: [ShellEffect] = action == .move ? [] : [.captureMouse(action == .down && p != nil)]
            return capture + game!.pointer(action, p, at: t)
        case .key(let key) where key != .f11:
            return game!.key(key, at: t)
        case .focusLost:
            game!.cancelGestures(at: t)
            return []
        case .pad(let command):
            return game!.pad(command, at: t)
        case .daemon(.lost):
            let ids = game!.pads.keys.sorted()
            return ids.flatMap { game!.pad(.remove(id: $0), at: t) }
                + [.log(ids.isEmpty ? .info : .notice, "the input daemon went away")]
        case .play(let input):
            return game!.play(input, at: t)
        case .net(let input):
            return game!.net(input, at: t)
        case .feed, .seat:
            return [.problem(Problem(kind: "seat verb in game", "seat verbs (player, active, wins, snap, status) change the --sandbox table only; the Snap! game seats its own players (line skipped)", logUpTo: 100))]
        default:
            return nil
        }
    }

    private mutating func handleShared(_ input: TableInput, at t: Double) -> [ShellEffect] {
        switch input {
        case .pointer(let action, let spot):
            return pointer(action, spot, at: t)
        case .key(let key):
            return press(key, at: t)
        case .focusLost:
            table.cancelAll(time: t)
        case .pad(let command):
            return pad(command, at: t)
        case .daemon(let note):
            return daemon(note, at: t)
        case .feed(let item):
            // A person writing a feed wants to see each bad line, up to a point.
            if let e = feed.apply(item, to: &seating, time: t) {
                if case .line = item { return [.problem(Problem(kind: "feed line", "\(e) (line skipped)", logUpTo: 100))] }
                return [.problem(Problem(kind: "feed", "\(e)", logUpTo: 100))]
            }
        case .seat(let command):
            do { try seating.apply(command, time: t) } catch {
                return [.problem(Problem(kind: "seat", "\(error.message) (line skipped)", logUpTo: 100))]
            }
        case .displays(let displays):
            return reconcile(displays, at: t)
        case .windowClosed(let p, let byUser):
            return closed(p, byUser: byUser, at: t)
        case .net:
            return [.problem(Problem(kind: "net in sandbox", "network play is a Snap! game; this is the --sandbox table"))]
        case .play:
            return [.problem(Problem(kind: "play verb in sandbox", "turn and call are Snap! game verbs; this is the --sandbox table (line skipped)", logUpTo: 100))]
        case .tick, .text:
            break
        case .choose(let id):
            return [.scriptError("choose \(id): no menu on the screen")]
        case .menu(let note):
            return self.note(note, at: t)
        }
        return []
    }

    /// Ends play: every card in hand goes home and everything in motion comes to rest, so the
    /// state written at exit shows where cards are, not where a drag left them.
    public mutating func finish(at t: Double) {
        _ = advance(to: t)
        table.cancelAll(time: t)
        table.settleAll()
        game?.settle(at: t)
    }

    private mutating func advance(to t: Double) -> [ShellEffect] {
        table.advance(to: t)
        seating.advance(to: t)
        return game?.advance(to: t) ?? []
    }

    /// True while something moves by itself.
    public func isAnimating(at t: Double) -> Bool {
        table.isAnimating(at: t) || (game?.isAnimating(at: t) ?? false)
    }

    /// The next time something changes by itself (a bubble going, a computer player's move).
    public func nextChange(after t: Double) -> Double? {
        [seating.nextChange(after: t), game?.nextChange(after: t)].compactMap { $0 }.min()
    }

    /// What the game did since the last call, for a host to tell its clients.
    public mutating func takeNetEvents() -> [NetEvent] { game?.takeNetEvents() ?? [] }

    /// Changes that are not a pure function of time, for the shell's redraw check.
    public var revision: Revision {
        Revision(table: table.revision, seating: seating.revision, focus: focus.revision, game: game?.revision ?? 0, menu: menu?.revision ?? -1,
                 menuShown: menu != nil)
    }

    /// The revisions of every part (read every frame: a value, not an array made each time).
    public struct Revision: Equatable, Sendable {
        var table, seating, focus, game, menu: Int
        var menuShown: Bool
    }

    // MARK: - Mouse

    private mutating func pointer(_ action: MouseAction, _ spot: PointerSpot?, at t: Double) -> [ShellEffect] {
        guard let spot else {
            // Outside every window: a release there still ends the gesture, the card goes home.
            guard action == .up else { return [] }
            table.cancel(.mouse, time: t)
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
            guard !focus.paused else { return [] }
            windows.dragWindow = window
            table.pointerDown(.mouse, at: p, time: t)
            return [.captureMouse(true)]
        case .move:
            table.pointerMove(.mouse, to: p, time: t)
            return []
        case .up:
            table.pointerUp(.mouse, at: p, time: t)
            windows.dragWindow = nil
            return [.captureMouse(false)]
        }
    }

    func placement(_ w: PointerSpot.Window) -> WindowPlan.Placement? {
        switch w {
        case .placement(let p): windows.open.contains(p) ? p : nil
        case .role(let r): windows.first(r)
        }
    }

    // MARK: - Keys and controllers

    /// Arrows, Enter and Escape drive the keyboard's focus cursor; Escape also cancels every drag.
    private mutating func press(_ key: KeyName, at t: Double) -> [ShellEffect] {
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

    private mutating func pad(_ command: PadCommand, at t: Double) -> [ShellEffect] {
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

    private mutating func daemon(_ note: DaemonNote, at t: Double) -> [ShellEffect] {
        switch note {
        case .connected:
            return [.log(.info, "connected to the input daemon")]
        case .lost:
            let had = !focus.pads.isEmpty
            for id in focus.pads.keys.sorted() { try? focus.removePad(id, table: &table, time: t) }
            return had ? [.log(.notice, "the input daemon went away; its controllers are gone until it is back")]
                : [.log(.info, "the input daemon went away")]
        case .refused(let reason):
            return [.problem(Problem(kind: "daemon refused", "input daemon: \(reason)"))]
        case .dropped(let kind, let message):
            return [.problem(Problem(kind: "daemon \(kind)", "input daemon: \(message) (dropped)"))]
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

    private mutating func cancelDrag(ifIn p: WindowPlan.Placement, at t: Double) -> [ShellEffect] {
        guard windows.dragWindow == p else { return [] }
        windows.dragWindow = nil
        table.cancel(.mouse, time: t)
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
