/// The front door inside the session: while the menu shows, the pointer, keys, text and
/// controllers drive it; games start from it and Leave comes back to it.
extension TableSession {
    /// The inputs the menu takes while it shows; nil for those that go on as usual (displays,
    /// the network, time).
    mutating func handleInMenu(_ input: TableInput, at t: Double) -> [ShellEffect]? {
        var requests: [MenuRequest]
        switch input {
        case .pointer(let action, let spot):
            // The couch's table view has nothing to click; a release anywhere ends a press.
            let window = spot.flatMap { placement($0.window) }
            let p = window.flatMap { $0.role == .table ? nil : spot?.point }
            requests = menu!.handle(.pointer(action, p))
        case .key(let k) where k != .f11:
            requests = menu!.handle(.key(k))
        case .text(let s):
            requests = menu!.handle(.text(s))
        case .pad(let command):
            switch command {
            case .add(let id, let profile): menuPads[id] = profile
            case .remove(let id): menuPads[id] = nil
            default: break
            }
            requests = menu!.handle(.pad(command))
            // A game under the menu (the host's lobby) keeps track of its controllers too.
            switch command {
            case .add, .remove: _ = game?.pad(command, at: t)
            default: break
            }
        case .choose(let id):
            do { requests = try menu!.choose(id) } catch { return [.scriptError(error.description)] }
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

    /// What the shell told the menu (it may come while a game is on, too: the host's lobby).
    mutating func note(_ note: MenuNote, at t: Double) -> [ShellEffect] {
        switch note {
        case .games(let found):
            menu?.setGames(found)
        case .hosting(let invite):
            guard var m = menu else { return [] }
            var lobby = HostLobby(invite: invite, emptySeats: game?.bots ?? settings.bots)
            lobby.seats = game?.lobbySeats ?? []
            m.show(.host(lobby), focus: "start")
            m.inNetworkGame = true
            menu = m
            syncLobby()
        case .say(let text, let back):
            // Whatever was being set up (a server, a table) did not come to be.
            game = nil
            var m = menu ?? Menu(settings: settings)
            m.inNetworkGame = false
            m.say(text, back: back)
            menu = m
        case .joined(let seating):
            self.seating = seating
            game = GameTable(seating: seating, bots: .off, seed: nextSeed)
            menu = nil
        }
        return []
    }

    /// Carries out one request: what the session can do itself, or an effect for the shell.
    mutating func carryOut(_ r: MenuRequest, at t: Double) -> [ShellEffect] {
        switch r {
        case .quit:
            return [.quit]
        case .playLocal(let setup):
            let seats = setup.seating(name: settings.name)
            seating = seats
            var g = GameTable(seating: seats, controls: setup.controls(), bots: setup.bots, seed: nextSeed)
            nextSeed &+= 1
            let out = seatMenuPads(on: &g, at: t)
            game = g
            menu = nil
            return out + [.log(.notice, "a game here: \(seats.players.map(\.name).joined(separator: ", "))")]
        case .host(let emptySeats):
            // The table the clients will sit at: this machine's player and three open seats.
            let seats = Self.hostSeating(name: settings.name)
            seating = seats
            var g = GameTable(seating: seats, bots: emptySeats, seed: nextSeed)
            nextSeed &+= 1
            _ = seatMenuPads(on: &g, at: t)
            game = g
            return [.menu(r)]
        case .startHostedRound:
            guard game != nil else { return [] }
            menu = nil
            return game!.deal(at: t)
        case .emptySeats(let level):
            game?.setEmptySeats(level)
            return []
        case .stopHosting:
            game = nil
            menu?.inNetworkGame = false
            return [.menu(r)]
        case .saveSettings(let s):
            settings = s
            return [.menu(r)]
        case .join, .browse, .freeSeat:
            return [.menu(r)]
        }
    }

    /// Controllers that drove the menu come to the new table, ready to take a seat with A.
    func seatMenuPads(on g: inout GameTable, at t: Double) -> [ShellEffect] {
        menuPads.sorted { $0.key < $1.key }.flatMap { id, profile in g.pad(.add(id: id, profile: profile), at: t) }
    }

    /// Keeps the host's screen in step with who sits where.
    mutating func syncLobby() {
        guard let g = game, case .host = menu?.screen else { return }
        menu!.setLobby(g.lobbySeats)
    }

    /// The game's Leave: back to the menu when the run started there, else the end.
    mutating func leaving(_ effects: [ShellEffect], at t: Double) -> [ShellEffect] {
        guard effects.contains(.leaveGame) else {
            syncLobby()
            return effects
        }
        let rest = effects.filter { $0 != .leaveGame }
        guard menuHome else { return rest + [.quit] }
        game = nil
        // A new menu opens on its main screen with Play here focused.
        menu = Menu(settings: settings)
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
    static func hostSeating(name: String) -> Seating {
        try! Seating(me: "host", players: [Player(id: "host", name: name, seat: 0)]
            + (1...3).map { Player(id: "seat\($0 + 1)", name: "Seat \($0 + 1)", seat: $0) })
    }
}

extension GameTable {
    /// The host's lobby: who plays the seats nobody took, before the first deal.
    mutating func setEmptySeats(_ level: BotLevel) {
        guard game == nil else { return }
        bots = level
        for i in seats.indices where seats[i].control == .computer || seats[i].control == .waiting {
            seats[i].control = level == .off ? .waiting : .computer
        }
        changed()
    }

    /// The seats as the host's screen lists them.
    public var lobbySeats: [LobbySeat] {
        seats.map { s in
            let kind: LobbySeat.Kind
            switch s.control {
            case .local: kind = .you
            case .remote: kind = .network
            case .pad: kind = .controller
            case .computer: kind = remoteSeats.contains(s.id) ? .away : .computer
            case .waiting: kind = remoteSeats.contains(s.id) ? .away : .empty
            }
            return LobbySeat(seat: s.seat, player: s.id, name: s.name, kind: kind)
        }
    }
}
