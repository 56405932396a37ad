/// What each screen offers, worked out from the menu's state (never stored, so never stale).
extension Menu {
    public var items: [MenuItem] {
        if let keyboard {
            return keyboard.rows.flatMap { $0 }.map { MenuItem(OnScreenKeyboard.id($0), OnScreenKeyboard.label($0), kind: .key) }
        }
        switch screen {
        case .main:
            return [MenuItem("play", "Play here"), MenuItem("host", "Host a game"), MenuItem("join", "Join a game"),
                    MenuItem("settings", "Settings"), MenuItem("quit", "Quit")]
        case .local(let setup):
            var out = [MenuItem("players", "Players: \(setup.players)", kind: .choice)]
            for seat in 0..<setup.players {
                out.append(MenuItem("seat\(seat + 1)", "Seat \(seat + 1): \(Self.label(setup.kinds[seat], name: settings.name))", kind: .choice))
            }
            let computers = (0..<setup.players).contains { setup.kinds[$0] == .computer }
            out.append(MenuItem("bots", "Computer players: \(Self.label(setup.bots))", enabled: computers, kind: .choice))
            return out + [MenuItem("start", "Start"), MenuItem("back", "Back")]
        case .host(let lobby):
            let playing = lobby.seats.filter { $0.kind != .empty }.count
            var out = [MenuItem("start", "Start the round", enabled: playing >= 2),
                       MenuItem("bots", "Empty seats: \(lobby.emptySeats == .off ? "stay empty" : "computer, " + Self.label(lobby.emptySeats))",
                                kind: .choice)]
            for s in lobby.seats where s.kind == .away {
                out.append(MenuItem("free-\(s.seat + 1)", "Free seat \(s.seat + 1) (\(s.name) is away)"))
            }
            return out + [MenuItem("back", "Stop hosting")]
        case .join:
            let shown = games.prefix(Self.maxGamesShown).enumerated().map { i, g in
                MenuItem("game-\(i + 1)", "\(g.name) \u{2014} \(g.free == 0 ? "full" : g.free == 1 ? "1 seat free" : "\(g.free) seats free")",
                         enabled: g.free > 0)
            }
            return shown + [MenuItem("address", "Enter an address"), MenuItem("back", "Back")]
        case .settings:
            let name = nameDraft ?? settings.name
            return [MenuItem("name", "Name", enabled: !inNetworkGame, kind: .text(value: name, placeholder: "Your name")),
                    MenuItem("bots", "Computer players: \(Self.label(settings.bots))", kind: .choice),
                    MenuItem("secondary", "Second display: \(Self.label(settings.secondary))", kind: .choice),
                    MenuItem("fullscreen", "Fullscreen: \(settings.fullscreen ? "on" : "off")", kind: .choice),
                    MenuItem("visible", "Visible on the network: \(settings.visible ? "on" : "off")", kind: .choice),
                    MenuItem("volume", "Volume: \(settings.volume)", kind: .choice),
                    MenuItem("back", "Back")]
        case .address(let form):
            let ready = Self.isAddress(form.address) && !form.code.isEmpty
            return [MenuItem("address", "Address", kind: .text(value: form.address, placeholder: "192.168.1.20:7420")),
                    MenuItem("code", "Join code", kind: .text(value: form.code, placeholder: "K7F2Q")),
                    MenuItem("join", "Join as \(settings.name)", enabled: ready), MenuItem("back", "Back")]
        case .message:
            return [MenuItem("back", "OK")]
        }
    }

    /// HOST:PORT with a port from 1 to 65535 (IPv6 in brackets).
    public static func isAddress(_ s: String) -> Bool {
        guard let colon = s.lastIndex(of: ":") else { return false }
        let host = s[..<colon], port = s[s.index(after: colon)...]
        guard !host.isEmpty, let p = Int(port), (1...65535).contains(p) else { return false }
        return !host.contains(":") || (host.hasPrefix("[") && host.hasSuffix("]"))
    }

    static func label(_ k: LocalSetup.SeatKind, name: String) -> String {
        switch k {
        case .you: "\(name) (you)"
        case .controller: "a controller (press A)"
        case .computer: "computer"
        }
    }

    static func label(_ b: BotLevel) -> String {
        switch b {
        case .easy: "easy"
        case .normal: "normal"
        case .hard: "hard"
        case .off: "off"
        }
    }

    static func label(_ p: SecondaryPolicy) -> String {
        switch p {
        case .auto, .table: "table view"
        case .mirror: "mirror"
        case .off: "off"
        }
    }

    /// The screen's heading.
    public var title: String {
        if keyboard != nil { return keyboard!.field == "code" ? "Type the join code" : keyboard!.field == "address" ? "Type the address" : "Type your name" }
        switch screen {
        case .main: return "Snap!"
        case .local: return "Play here"
        case .host: return "Hosting a game"
        case .join: return "Join a game"
        case .settings: return "Settings"
        case .address(let f): return f.game.map { "Join \($0)" } ?? "Enter an address"
        case .message: return "Snap!"
        }
    }

    /// The line under the heading: what to do here, or the message.
    public var hint: String? {
        if let message, keyboard == nil { return message }
        switch screen {
        case .join where keyboard == nil:
            return games.isEmpty ? "Looking for games on the local network\u{2026}" : "Games on the local network"
        case .message(let text, _): return text
        default: return nil
        }
    }
}
