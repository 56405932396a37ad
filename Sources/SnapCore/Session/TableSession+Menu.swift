/// The front door inside the session: while the menu shows, the pointer, keys, text and
/// controllers drive it; games start from it and Leave comes back to it.
extension TableSession {
    /// The inputs the menu takes while it shows; nil for those that go on as usual (displays,
    /// the network, time).
    mutating func handleInMenu(_ input: TableInput, at t: Double) -> [ShellEffect]? {
        let requests: [MenuRequest]
        switch input {
        case .pointer(let action, let spot):
            // The couch's table view has nothing to click; a release anywhere ends a press.
            let window = spot.flatMap { placement($0.window) }
            let p = window.flatMap { $0.role == .table ? nil : spot?.point }
            requests = withMenu { $0.handle(.pointer(action, p)) } ?? []
        case .key(let k) where k != .f11:
            requests = withMenu { $0.handle(.key(k)) } ?? []
        case .text(let s):
            requests = withMenu { $0.handle(.text(s)) } ?? []
        case .pad(let command):
            switch command {
            case .add(let id, let profile): menuPads[id] = profile
            case .remove(let id): menuPads[id] = nil
            default: break
            }
            requests = withMenu { $0.handle(.pad(command)) } ?? []
            // A game under the menu (the host's lobby) keeps track of its controllers too.
            switch command {
            case .add, .remove: _ = withGame { $0.pad(command, at: t) }
            default: break
            }
        case .choose(let id):
            do throws(MenuError) { requests = try withMenu { m throws(MenuError) in try m.choose(id) } ?? [] } catch { return [.scriptError(error.description)] }
        case .menu(let note):
            return self.note(note, at: t)
        case .focusLost, .play, .feed, .seat:
            return []
        default:
            return nil
        }
        let out = requests.flatMap { carryOut($0, at: t) }
        syncLobby()
        return out
    }

    /// A click for a person's move in the menu: the focus moving, or an item chosen (a request
    /// for the shell, the screen or a setting changing, or the menu going as a game starts).
    func menuSound(_ input: TableInput, _ before: Menu, _ out: [ShellEffect]) -> [ShellEffect] {
        switch input {
        case .pointer, .key, .pad, .choose: break
        default: return []
        }
        let asked = out.contains { if case .menu = $0 { true } else { false } }
        guard let now = menu, now.screen == before.screen, now.settings == before.settings, !asked else { return [.sound(.menuChoose)] }
        return now.focus != before.focus ? [.sound(.menuMove)] : []
    }

    /// What the shell told the menu (it may come while a game is on, too: the host's lobby).
    mutating func note(_ note: MenuNote, at t: Double) -> [ShellEffect] {
        switch note {
        case .games(let found):
            _ = withMenu { $0.setGames(found) }
        case .found(let game):
            _ = withMenu { $0.setGames($0.games.filter { $0.address != game.address } + [game]) }
        case .hosting(let invite):
            guard case .lobby(var m, let g) = screen else {
                guard var m = menu else { return [] }
                m.show(.host(HostLobby(invite: invite, emptySeats: settings.bots)), focus: "start")
                m.inNetworkGame = true
                screen = .menu(m)
                return []
            }
            var lobby = HostLobby(invite: invite, emptySeats: g.bots)
            lobby.seats = g.lobbySeats
            m.show(.host(lobby), focus: "start")
            m.inNetworkGame = true
            screen = .lobby(m, g)
            syncLobby()
        case .say(let text, let back):
            // Whatever was being set up (a server, a table) did not come to be.
            var m = menu ?? newMenu()
            m.inNetworkGame = false
            m.say(text, back: back)
            screen = .menu(m)
        case .joined(let seating):
            self.seating = seating
            var g = GameTable(seating: seating, bots: .off, seed: nextSeed)
            g.speak(words)
            screen = .game(g)
        }
        return []
    }

    /// Carries out one request: what the session can do itself, or an effect for the shell.
    mutating func carryOut(_ r: MenuRequest, at t: Double) -> [ShellEffect] {
        switch r {
        case .quit:
            return [.quit]
        case .playLocal(let setup):
            let seats = setup.seating(name: settings.name, words: words)
            seating = seats
            var g = GameTable(seating: seats, controls: setup.controls(), bots: setup.bots, seed: nextSeed, kind: settings.game, house: settings.rules)
            g.speak(words)
            nextSeed &+= 1
            let out = seatMenuPads(on: &g, at: t)
            screen = .game(g)
            return out + [.log(.notice, "a game here: \(seats.players.map(\.name).joined(separator: ", "))")]
        case .host(let emptySeats):
            // The table the clients will sit at: this machine's player and three open seats.
            guard let m = menu else { return [] }
            let seats = Self.hostSeating(name: settings.name, words: words)
            seating = seats
            var g = GameTable(seating: seats, bots: emptySeats, seed: nextSeed, kind: settings.game, house: settings.rules)
            g.speak(words)
            nextSeed &+= 1
            _ = seatMenuPads(on: &g, at: t)
            screen = .lobby(m, g)
            return [.menu(r)]
        case .startHostedRound:
            guard case .lobby(_, var g) = screen else { return [] }
            screen = .vacant
            let out = g.deal(at: t)
            screen = .game(g)
            return out
        case .emptySeats(let level):
            _ = withGame { $0.setEmptySeats(level) }
            return []
        case .stopHosting:
            guard var m = menu else { return [.menu(r)] }
            m.inNetworkGame = false
            screen = .menu(m)
            return [.menu(r)]
        case .saveSettings(let s):
            settings = s
            // A hosted table not dealt yet deals by the rules just chosen.
            _ = withGame { $0.setRules(s.game, s.rules) }
            return [.menu(r)]
        case .join, .browse, .freeSeat:
            return [.menu(r)]
        }
    }

    /// Controllers that drove the menu come to the new table, ready to take a seat with A.
    func seatMenuPads(on g: inout GameTable, at t: Double) -> [ShellEffect] {
        menuPads.sorted { $0.key < $1.key }.flatMap { id, profile in g.pad(.add(id: id, profile: profile), at: t) }
    }

    /// A menu on its main screen, in the session's language.
    func newMenu() -> Menu {
        var m = Menu(settings: settings)
        m.speak(words)
        return m
    }

    /// Keeps the host's screen in step with who sits where.
    mutating func syncLobby() {
        guard case .lobby(var m, let g) = screen, m.screen.lobby != nil else { return }
        screen = .vacant
        m.setLobby(g.lobbySeats)
        screen = .lobby(m, g)
    }

    /// The game's Leave: back to the menu when the run started there, else the end.
    mutating func leaving(_ effects: [ShellEffect], at t: Double) -> [ShellEffect] {
        guard effects.contains(.leaveGame) else {
            syncLobby()
            return effects
        }
        let rest = effects.filter { $0 != .leaveGame }
        guard menuHome else { return rest + [.quit] }
        // A new menu opens on its main screen with Play here focused.
        screen = .menu(newMenu())
        return rest + [.leftGame]
    }

    /// What the first other display shows from now on; true when it changed (the shell then
    /// hands over the displays again, and windows open and close to match).
    public mutating func setSecondary(_ p: SecondaryPolicy) -> Bool {
        guard windows.secondary != p else { return false }
        windows.secondary = p
        return true
    }

    /// The host's players: this machine's at seat 0, three open seats for clients.
    static func hostSeating(name: String, words: Words = .english) -> Seating {
        try! Seating(me: "host", players: [Player(id: "host", name: name, seat: 0)]
            + (1...3).map { Player(id: "seat\($0 + 1)", name: words.tr("Seat {n}", ["n": String($0 + 1)]), seat: $0) })
    }
}
