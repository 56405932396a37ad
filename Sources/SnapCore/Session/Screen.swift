extension TableSession {
    /// What has the screen: one of four, each with only what it needs. A screen that is not
    /// showing has no state to go stale.
    public enum Screen: Sendable {
        /// The front door: the main menu, Play here, Join, Settings, messages.
        case menu(Menu)
        /// The host's lobby: the menu's host screen over the table it is about to serve (the
        /// game exists so that seats can be taken before the first deal).
        case lobby(Menu, GameTable)
        /// The game of Snap!, here, hosted or at another machine's host.
        case game(GameTable)
        /// The free table of `--sandbox`: click to deal, drag anywhere, the discard slot.
        case sandbox(Sandbox)

        /// A stand-in while a payload is changed in place: the enum lets go of it, so changing
        /// it copies nothing (nothing reads `screen` meanwhile).
        static let vacant = Screen.menu(Menu(settings: Settings()))

        var kind: Kind {
            switch self {
            case .menu: .menu
            case .lobby: .lobby
            case .game: .game
            case .sandbox: .sandbox
            }
        }

        public enum Kind: UInt8, Sendable, Equatable {
            case menu, lobby, game, sandbox
        }
    }

    /// The menu showing (alone or over the host's lobby).
    public var menu: Menu? {
        switch screen {
        case .menu(let m), .lobby(let m, _): m
        case .game, .sandbox: nil
        }
    }

    /// The game of Snap! (playing, or waiting in the host's lobby).
    public var game: GameTable? {
        switch screen {
        case .game(let g), .lobby(_, let g): g
        case .menu, .sandbox: nil
        }
    }

    /// The sandbox's table, when it has the screen.
    public var sandbox: Sandbox? {
        if case .sandbox(let s) = screen { s } else { nil }
    }

    /// Changes the game in place, on the game's screen or the lobby; nil on the others.
    mutating func withGame<R, E: Error>(_ change: (inout GameTable) throws(E) -> R) throws(E) -> R? {
        switch screen {
        case .game(var g):
            screen = .vacant
            defer { screen = .game(g) }
            return try change(&g)
        case .lobby(let m, var g):
            screen = .vacant
            defer { screen = .lobby(m, g) }
            return try change(&g)
        case .menu, .sandbox:
            return nil
        }
    }

    /// Changes the menu in place, alone or over the lobby; nil on the others.
    mutating func withMenu<R, E: Error>(_ change: (inout Menu) throws(E) -> R) throws(E) -> R? {
        switch screen {
        case .menu(var m):
            screen = .vacant
            defer { screen = .menu(m) }
            return try change(&m)
        case .lobby(var m, let g):
            screen = .vacant
            defer { screen = .lobby(m, g) }
            return try change(&m)
        case .game, .sandbox:
            return nil
        }
    }

    /// Changes the sandbox in place; nil on the other screens.
    mutating func withSandbox<R, E: Error>(_ change: (inout Sandbox) throws(E) -> R) throws(E) -> R? {
        guard case .sandbox(var s) = screen else { return nil }
        screen = .vacant
        defer { screen = .sandbox(s) }
        return try change(&s)
    }
}
