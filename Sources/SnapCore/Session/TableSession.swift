/// The whole running table as one value: what has the screen (`Screen`), who sits where and the
/// windows. `handle` is the single entry point for every input, live or replayed: it advances
/// time first, hands the input to the screen showing and returns what the shell must do.
public struct TableSession: Sendable {
    public internal(set) var screen: Screen
    public internal(set) var seating: Seating
    public internal(set) var windows: WindowSet
    /// Leave returns to the menu (the run started there); otherwise it ends the program.
    public let menuHome: Bool
    /// The settings the menu started from and last saved: a new menu starts from them.
    public internal(set) var settings: Settings
    /// Controllers plugged in while the menu shows: a game started from it gets them.
    var menuPads: [Int: PadProfile] = [:]
    /// The buttons each controller holds down (the state file shows them, so a script knows a
    /// release has arrived before it presses the same button again).
    var padHeld: [Int: Set<PadButton>] = [:]
    /// The seed of the next game started from the menu.
    var nextSeed: UInt64
    var feed: SeatFeed
    /// The language every screen is shown in (menus and tables made later get it too).
    public private(set) var words = Words.english

    public init(_ screen: Screen, seating: Seating, windows: WindowSet, feedSource: String = "feed", seed: UInt64 = 1) {
        self.screen = screen
        self.seating = seating
        self.windows = windows
        let menu: Menu? = if case .menu(let m) = screen { m } else { nil }
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
        if case .language(let w) = input {
            speak(w)
            return effects
        }
        switch input {
        case .pad(.button(let id, let b, let down)):
            if down { padHeld[id, default: []].insert(b) } else { padHeld[id]?.remove(b) }
        case .pad(.remove(let id)): padHeld[id] = nil
        default: break
        }
        switch screen.kind {
        case .menu, .lobby:
            if let before = menu, let out = handleInMenu(input, at: t) { return effects + out + menuSound(input, before, out) }
            // What the menu leaves: the lobby's game takes the network and its own inputs.
            if screen.kind == .lobby, let out = handleInGame(Self.atTable(input), at: t) { return effects + leaving(out, at: t) }
        case .game:
            if let out = handleInGame(Self.atTable(input), at: t) { return effects + leaving(out, at: t) }
        case .sandbox:
            return effects + handleInSandbox(Self.atTable(input), at: t)
        }
        return effects + handleAnywhere(Self.atTable(input), at: t)
    }

    /// Shows every screen, the one up now and those made later, in `w`.
    mutating func speak(_ w: Words) {
        words = w
        _ = withMenu { $0.speak(w) }
        _ = withGame { $0.speak(w) }
    }

    /// Space is Enter at the table; only a menu's text field tells them apart.
    static func atTable(_ input: TableInput) -> TableInput { input == .key(.space) ? .key(.enter) : input }

    /// Ends play: every card in hand goes home and everything in motion comes to rest, so the
    /// state written at exit shows where cards are, not where a drag left them.
    public mutating func finish(at t: Double) {
        _ = advance(to: t)
        _ = withSandbox { s in
            s.table.cancelAll(time: t)
            s.table.settleAll()
        }
        _ = withGame { $0.settle(at: t) }
    }

    private mutating func advance(to t: Double) -> [ShellEffect] {
        seating.advance(to: t)
        switch screen.kind {
        case .sandbox:
            _ = withSandbox { $0.table.advance(to: t) }
            return []
        case .game, .lobby:
            return withGame { $0.advance(to: t) } ?? []
        case .menu:
            return []
        }
    }

    /// True while something moves by itself.
    public func isAnimating(at t: Double) -> Bool {
        switch screen {
        case .sandbox(let s): s.table.isAnimating(at: t)
        case .game(let g), .lobby(_, let g): g.isAnimating(at: t)
        case .menu: false
        }
    }

    /// The next time something changes by itself (a bubble going, a computer player's move).
    public func nextChange(after t: Double) -> Double? {
        [seating.nextChange(after: t), game?.nextChange(after: t)].compactMap { $0 }.min()
    }

    /// What the game did since the last call, for a host to tell its clients.
    public mutating func takeNetEvents() -> [NetEvent] { withGame { $0.takeNetEvents() } ?? [] }
    public mutating func takeJournal() -> [GameJournal.Entry] { withGame { $0.takeJournal() } ?? [] }
    /// The journal's last entries: what is left, and where the game's clock ended.
    public mutating func endJournal() -> [GameJournal.Entry] {
        takeJournal() + (game?.rules.flatMap { $0.journaling ? [.ended(at: $0.clock)] : nil } ?? [])
    }

    /// Changes that are not a pure function of time, for the shell's redraw check.
    public var revision: Revision {
        var r = Revision(screen: screen.kind, seating: seating.revision)
        switch screen {
        case .menu(let m): r.menu = m.revision
        case .lobby(let m, let g): (r.menu, r.part) = (m.revision, g.revision)
        case .game(let g): r.part = g.revision
        case .sandbox(let s): (r.part, r.focus) = (s.table.revision, s.focus.revision)
        }
        return r
    }

    /// The revisions of what shows (read every frame: a value, not an array made each time).
    public struct Revision: Equatable, Sendable {
        var screen: Screen.Kind
        var seating: Int
        /// The game's, or the sandbox table's.
        var part = 0
        var focus = 0
        var menu = 0
    }
}
