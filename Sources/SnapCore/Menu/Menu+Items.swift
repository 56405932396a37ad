/// What each screen offers, worked out from the menu's state (never stored, so never stale).
extension Menu {
    public var items: [MenuItem] {
        if let keyboard {
            return keyboard.rows.flatMap { $0 }.map { MenuItem(OnScreenKeyboard.id($0), keyboard.label($0, words), kind: .key) }
        }
        switch screen {
        case .main:
            return [MenuItem("play", words.tr("Play here")), MenuItem("host", words.tr("Host a game")),
                    MenuItem("join", words.tr("Join a game")), MenuItem("settings", words.tr("Settings")),
                    MenuItem("quit", words.tr("Quit"))]
        case .local(let setup):
            var out = [MenuItem("players", words.tr("Players: {n}", ["n": String(setup.players)]), kind: .choice)]
            for seat in 0..<setup.players {
                let who = label(setup.kinds[seat], name: settings.name)
                out.append(MenuItem("seat\(seat + 1)", words.tr("Seat {n}: {who}", ["n": String(seat + 1), "who": who]), kind: .choice))
            }
            let computers = (0..<setup.players).contains { setup.kinds[$0] == .computer }
            out.append(MenuItem("bots", words.tr("Computer players: {level}", ["level": label(setup.bots)]), enabled: computers, kind: .choice))
            out += [gameItem, houseRulesItem]
            return out + [MenuItem("start", words.tr("Start")), MenuItem("back", words.tr("Back"))]
        case .host(let lobby):
            let playing = lobby.seats.filter { $0.kind != .empty }.count
            let empty = lobby.emptySeats == .off ? words.tr("Empty seats: stay empty")
                : words.tr("Empty seats: computer, {level}", ["level": label(lobby.emptySeats)])
            var out = [MenuItem("start", words.tr("Start the round"), enabled: playing >= 2), MenuItem("bots", empty, kind: .choice), gameItem, houseRulesItem]
            for s in lobby.seats where s.kind == .away {
                out.append(MenuItem("free-\(s.seat + 1)", words.tr("Free seat {n} ({name} is away)", ["n": String(s.seat + 1), "name": s.name])))
            }
            return out + [MenuItem("back", words.tr("Stop hosting"))]
        case .join:
            let shown = games.prefix(Self.maxGamesShown).enumerated().map { i, g in
                let seats = g.free == 0 ? words.tr("full") : words.trn("1 seat free", "{n} seats free", g.free)
                // Another game than Snap! says which (an id this version does not know as it is).
                let game = g.game == GameKind.snap.id ? "" : " \u{00B7} " + (GameKind(id: g.game)?.name(words) ?? g.game)
                return MenuItem("game-\(i + 1)", "\(g.name)\(game) \u{2014} \(seats)", enabled: g.free > 0)
            }
            return shown + [MenuItem("address", words.tr("Enter an address")), MenuItem("back", words.tr("Back"))]
        case .settings:
            let name = nameDraft ?? settings.name
            return [MenuItem("name", words.tr("Name"), enabled: !inNetworkGame, kind: .text(value: name, placeholder: words.tr("Your name"))),
                    MenuItem("bots", words.tr("Computer players: {level}", ["level": label(settings.bots)]), kind: .choice),
                    MenuItem("secondary", words.tr("Second display: {shows}", ["shows": label(settings.secondary)]), kind: .choice),
                    MenuItem("fullscreen", settings.fullscreen ? words.tr("Fullscreen: on") : words.tr("Fullscreen: off"), kind: .choice),
                    MenuItem("visible", settings.visible ? words.tr("Visible on the network: on") : words.tr("Visible on the network: off"),
                             kind: .choice),
                    MenuItem("volume", words.tr("Volume: {n}", ["n": String(settings.volume)]), kind: .choice),
                    MenuItem("language", words.tr("Language: {language}", ["language": languageLabel]), kind: .choice),
                    MenuItem("back", words.tr("Back"))]
        case .address(let form):
            let ready = Self.isAddress(form.address) && !form.code.isEmpty
            return [MenuItem("address", words.tr("Address"), kind: .text(value: form.address, placeholder: "192.168.1.20:7420")),
                    MenuItem("code", words.tr("Join code"), kind: .text(value: form.code, placeholder: "K7F2Q")),
                    MenuItem("join", words.tr("Join as {name}", ["name": settings.name]), enabled: ready),
                    MenuItem("back", words.tr("Back"))]
        case .message:
            return [MenuItem("back", words.tr("OK"))]
        case .houseRules:
            return houseRulesItems
        }
    }

    /// The game of the family to deal, remembered in Settings.
    var gameItem: MenuItem {
        MenuItem("game", words.tr("Game: {game}", ["game": settings.game.name(words)]), kind: .choice)
    }

    /// HOST:PORT with a port from 1 to 65535 (IPv6 in brackets).
    public static func isAddress(_ s: String) -> Bool {
        guard let colon = s.lastIndex(of: ":") else { return false }
        let host = s[..<colon], port = s[s.index(after: colon)...]
        guard !host.isEmpty, let p = Int(port), (1...65535).contains(p) else { return false }
        return !host.contains(":") || (host.hasPrefix("[") && host.hasSuffix("]"))
    }

    func label(_ k: LocalSetup.SeatKind, name: String) -> String {
        switch k {
        case .you: words.tr("{name} (you)", ["name": name])
        case .controller: words.tr("a controller (press A)")
        case .computer: words.tr("computer")
        }
    }

    func label(_ b: BotLevel) -> String {
        switch b {
        // TRANSLATORS: how well the computer players play.
        case .easy: words.tr("easy")
        case .normal: words.tr("normal")
        case .hard: words.tr("hard")
        case .off: words.tr("off")
        }
    }

    func label(_ p: SecondaryPolicy) -> String {
        switch p {
        // TRANSLATORS: what a second display shows.
        case .auto, .table: words.tr("table view")
        case .mirror: words.tr("mirror")
        case .off: words.tr("off")
        }
    }

    /// Settings' language: its own name, or the desktop's choice.
    var languageLabel: String {
        settings.language == "system" ? words.tr("as the desktop") : Language.name(settings.language)
    }

    /// The screen's heading.
    public var title: String {
        if let keyboard {
            return keyboard.field == "code" ? words.tr("Type the join code")
                : keyboard.field == "address" ? words.tr("Type the address") : words.tr("Type your name")
        }
        switch screen {
        case .main, .message: return "Snap!"
        case .local: return words.tr("Play here")
        case .host: return words.tr("Hosting a game")
        case .join: return words.tr("Join a game")
        case .settings: return words.tr("Settings")
        case .address(let f): return f.game.map { words.tr("Join {game}", ["game": $0]) } ?? words.tr("Enter an address")
        // TRANSLATORS: the heading of the screen of the chosen game's house rules (the game is named under it).
        case .houseRules: return words.tr("House rules")
        }
    }

    /// The line under the heading: what to do here, or the message.
    public var hint: String? {
        if let message, keyboard == nil { return message }
        switch screen {
        case .join where keyboard == nil:
            return games.isEmpty ? words.tr("Looking for games on the local network…") : words.tr("Games on the local network")
        case .message(let text, _): return text
        // Whose rules these are: the heading would grow too long with the game in it.
        case .houseRules: return settings.game.name(words)
        default: return nil
        }
    }
}
