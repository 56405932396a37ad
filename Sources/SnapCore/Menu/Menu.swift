/// The front door: the screens before and between games, as one value. Every input reaches it
/// through `TableSession.handle`; what it cannot do itself (start a server, join a host, write
/// the settings) it asks for as `MenuRequest`s.
public struct Menu: Equatable, Sendable {
    public private(set) var screen: MenuScreen
    /// The focused item's id.
    public private(set) var focus: String
    public private(set) var settings: Settings
    /// The games found on the local network (the join screen lists them).
    public private(set) var games: [FoundGame] = []
    /// News for this screen (a join that failed, the host gone) until another screen shows.
    public private(set) var message: String?
    /// Open while a controller types into a text field.
    public private(set) var keyboard: OnScreenKeyboard?
    /// Editing in Settings: the name field's text until the screen is left.
    var nameDraft: String?
    /// The item under a mouse press, until the release.
    var pressed: String?
    /// Where the pointer was first seen: a window appearing under a resting pointer gets a
    /// motion event, which must not move the focus away from where the keyboard has it.
    var pointerSeen: Point?
    /// Each controller's stick direction, so a held stick moves the focus once.
    var sticks: [Int: Direction] = [:]
    /// Bumped on every change, for the shell's redraw check.
    public private(set) var revision = 0
    /// The language every label is in.
    public private(set) var words = Words.english
    /// In a network game the name others see cannot change.
    public var inNetworkGame = false

    public static let maxGamesShown = 6

    public init(settings: Settings, screen: MenuScreen = .main) {
        self.settings = settings
        self.screen = screen
        focus = ""
        focus = items.first { $0.enabled }?.id ?? ""
    }

    /// Shows every label in `w` from now on.
    public mutating func speak(_ w: Words) {
        guard w != words else { return }
        words = w
        revision += 1
    }

    // MARK: - Screens

    /// Shows `s` with the focus on `focus` (or the first enabled item).
    public mutating func show(_ s: MenuScreen, focus wanted: String? = nil) {
        screen = s
        keyboard = nil
        pressed = nil
        message = nil
        let list = items
        focus = wanted.flatMap { id in list.first { $0.id == id && $0.enabled }?.id } ?? list.first { $0.enabled }?.id ?? ""
        revision += 1
    }

    /// Says something: on the join screen itself when that is the way back (the list goes on
    /// there), else on a screen of its own with OK.
    public mutating func say(_ text: String, back: MenuScreen.Back) {
        if back == .join {
            show(.join)
            message = text
        } else {
            show(.message(text, back: back))
        }
    }

    public mutating func setGames(_ found: [FoundGame]) {
        guard found != games else { return }
        games = found
        refocus()
    }

    /// The host's screen follows the seats as players sign in.
    public mutating func setLobby(_ seats: [LobbySeat]) {
        guard var lobby = screen.lobby, lobby.seats != seats else { return }
        lobby.seats = seats
        if case .houseRules = screen { screen = .houseRules(from: .host(lobby)) } else { screen = .host(lobby) }
        refocus()
    }

    /// Keeps the focus on an item that is still there and enabled.
    mutating func refocus() {
        let list = items
        if !list.contains(where: { $0.id == focus && $0.enabled }) { focus = list.first { $0.enabled }?.id ?? "" }
        revision += 1
    }

    // MARK: - Input

    public mutating func handle(_ input: MenuInput) -> [MenuRequest] {
        switch input {
        case .key(let k): return key(k)
        case .text(let s): return type(s)
        case .pointer(let action, let p): return pointer(action, p)
        case .pad(let command): return pad(command)
        }
    }

    /// A click on the item with this id (the replay verb `choose`).
    public mutating func choose(_ id: String) throws(MenuError) -> [MenuRequest] {
        guard let item = items.first(where: { $0.id == id }) else {
            throw MenuError("no item '\(id)' on the \(screen.name) screen (there: \(items.map(\.id).joined(separator: ", ")))")
        }
        guard item.enabled else { throw MenuError("item '\(id)' on the \(screen.name) screen is not enabled now") }
        focus = id
        revision += 1
        return activate(item, step: 1)
    }

    mutating func key(_ k: KeyName) -> [MenuRequest] {
        if keyboard != nil {
            switch k {
            case .up: return moveKeyboard(.up)
            case .down: return moveKeyboard(.down)
            case .left: return moveKeyboard(.left)
            case .right: return moveKeyboard(.right)
            case .enter, .space: return pressKey(keyboard!.focusedKey)
            case .escape: return closeKeyboard()
            case .backspace: return edit { $0 = String($0.dropLast()) }
            default: return []
            }
        }
        switch k {
        case .up: moveFocus(-1)
        case .down: moveFocus(1)
        case .left: return step(-1)
        case .right: return step(1)
        case .space:
            // Typed as text in a field (SDL sends the character too); Enter on a button.
            guard let item = focusedItem, !item.isText else { return [] }
            return activate(item, step: 1)
        case .enter:
            guard let item = focusedItem else { return [] }
            // Enter in a text field goes on to the next item, as a form does.
            if item.isText { moveFocus(1); return [] }
            return activate(item, step: 1)
        case .escape: return back()
        case .backspace: return edit { $0 = String($0.dropLast()) }
        case .s, .m, .f11: break
        }
        return []
    }

    mutating func pad(_ command: PadCommand) -> [MenuRequest] {
        switch command {
        case .add, .remove:
            return []
        case .button(_, let b, let down):
            guard down else { return [] }
            if let d = b.direction { return key(d.key) }
            switch b {
            case .a:
                if let kb = keyboard { return pressKey(kb.focusedKey) }
                guard let item = focusedItem else { return [] }
                // A controller has no keys to type with: its own keyboard opens.
                if item.isText {
                    keyboard = OnScreenKeyboard(field: item.id)
                    revision += 1
                    return []
                }
                return activate(item, step: 1)
            case .b: return keyboard != nil ? closeKeyboard() : back()
            case .x where keyboard != nil: return pressKey("delete")
            default: return []
            }
        case .axis(let id, let axis, let x, let y):
            // The d-pad arrives as buttons too (taken above); a stick moves the focus once per
            // push past half way, like a d-pad press (up is +y, as controllers report it).
            guard axis == .leftThumbstick else { return [] }
            let d = Direction.of(x: x, y: y)
            let was = sticks[id]
            sticks[id] = d
            guard let d, d != was else { return [] }
            return key(d.key)
        }
    }

    mutating func pointer(_ action: MouseAction, _ p: Point?) -> [MenuRequest] {
        let hit = p.flatMap { MenuLayout.item(at: $0, in: self) }
        switch action {
        case .move:
            // The pointer takes the focus once it really moves, as menus do; nothing is pressed
            // until a click.
            guard let p else { return [] }
            guard let seen = pointerSeen else { pointerSeen = p; return [] }
            guard abs(p.x - seen.x) + abs(p.y - seen.y) >= 4 else { return [] }
            pointerSeen = p
            if let hit, hit.item.enabled, hit.item.id != focus {
                focus = hit.item.id
                revision += 1
            }
            return []
        case .down:
            pressed = hit?.item.enabled == true ? hit?.item.id : nil
            if let id = pressed {
                focus = id
                if case .key = hit!.item.kind, let key = id.split(separator: "-", maxSplits: 1).last { keyboard?.focus(String(key)) }
            }
            revision += 1
            return []
        case .up:
            defer { pressed = nil; revision += 1 }
            guard let hit, hit.item.id == pressed else { return [] }
            return activate(hit.item, step: hit.left ? -1 : 1)
        }
    }

    // MARK: - Focus

    public var focusedItem: MenuItem? { items.first { $0.id == focus } }

    mutating func moveFocus(_ by: Int) {
        let list = items.filter(\.enabled)
        guard !list.isEmpty else { return }
        let i = list.firstIndex { $0.id == focus } ?? (by > 0 ? -1 : 0)
        focus = list[(i + by + list.count) % list.count].id
        revision += 1
    }

    // MARK: - Text

    mutating func type(_ s: String) -> [MenuRequest] {
        guard let field = keyboard?.field ?? focusedItem.flatMap({ $0.isText ? $0.id : nil }) else { return [] }
        let allowed = s.filter { Self.accepts(field, $0) }
        guard !allowed.isEmpty else { return [] }
        return edit(field: field) { $0 += field == "code" ? allowed.uppercased() : allowed }
    }

    /// Changes the text of the field being typed into, within its length.
    mutating func edit(field: String? = nil, _ change: (inout String) -> Void) -> [MenuRequest] {
        guard let field = field ?? keyboard?.field ?? focusedItem.flatMap({ $0.isText ? $0.id : nil }) else { return [] }
        var text = value(of: field)
        change(&text)
        text = String(text.prefix(Self.maxLength(field)))
        // Names also have a byte bound (TextLimit): clip to it rather than refuse a keystroke.
        if field == "name" { text = TextLimit.name.clipped(text) }
        setValue(text, of: field)
        revision += 1
        return []
    }

    func value(of field: String) -> String {
        switch (field, screen) {
        case ("name", _): nameDraft ?? settings.name
        case ("address", .address(let f)): f.address
        case ("code", .address(let f)): f.code
        default: ""
        }
    }

    mutating func setValue(_ text: String, of field: String) {
        switch (field, screen) {
        case ("name", .settings): nameDraft = text
        case ("address", .address(var f)): f.address = text; screen = .address(f)
        case ("code", .address(var f)): f.code = text; screen = .address(f)
        default: break
        }
    }

    // MARK: - The on-screen keyboard

    mutating func moveKeyboard(_ d: Direction) -> [MenuRequest] {
        keyboard?.move(d)
        focus = OnScreenKeyboard.id(keyboard!.focusedKey)
        revision += 1
        return []
    }

    mutating func pressKey(_ key: String) -> [MenuRequest] {
        switch key {
        case "done": return closeKeyboard()
        case "delete": return edit { $0 = String($0.dropLast()) }
        case "accents":
            keyboard?.switchLetters()
            revision += 1
            return []
        default: return type(OnScreenKeyboard.character(key) ?? "")
        }
    }

    mutating func closeKeyboard() -> [MenuRequest] {
        let field = keyboard?.field
        keyboard = nil
        if let field { focus = field }
        revision += 1
        return []
    }

    // MARK: - Doing

    /// Escape, B, or the Back item.
    mutating func back() -> [MenuRequest] {
        switch screen {
        case .main: return []
        case .local, .join, .settings:
            var out: [MenuRequest] = []
            if case .join = screen { out.append(.browse(false)) }
            if case .settings = screen { out += commitSettings() }
            show(.main, focus: screen.name == "local" ? "play" : screen.name)
            return out
        case .host:
            show(.main, focus: "host")
            return [.stopHosting]
        case .address:
            show(.join, focus: "address")
            return [.browse(true)]
        case .houseRules(let parent):
            show(parent.screen, focus: "rules")
            return []
        case .message(_, let to):
            if to == .join {
                show(.join)
                return [.browse(true)]
            }
            show(.main)
            return []
        }
    }

    /// Keeps a valid name typed in Settings; an empty one leaves the old name.
    mutating func commitSettings() -> [MenuRequest] {
        if let draft = nameDraft, Settings.problem(name: draft) == nil { settings.name = draft }
        nameDraft = nil
        return [.saveSettings(settings)]
    }

    mutating func activate(_ item: MenuItem, step: Int) -> [MenuRequest] {
        guard item.enabled else { return [] }
        if case .key = item.kind { return pressKey(String(item.id.dropFirst(4))) }
        if item.isText {
            focus = item.id
            revision += 1
            return []
        }
        if item.id == "back" { return back() }
        revision += 1
        switch screen {
        case .main: return main(item.id)
        case .local(var setup):
            if item.id == "start" { return [.playLocal(setup)] }
            if item.id == "rules" {
                show(.houseRules(from: .local(setup)))
                return []
            }
            if item.id == "game" { return stepGame(step) }
            setup.step(item.id, by: step)
            screen = .local(setup)
            refocus()
            return []
        case .host(var lobby):
            switch item.id {
            case "start": return [.startHostedRound]
            case "rules":
                show(.houseRules(from: .host(lobby)))
                return []
            case "game": return stepGame(step)
            case "bots":
                lobby.emptySeats = Self.cycle([.normal, .hard, .off, .easy], from: lobby.emptySeats, by: step)
                screen = .host(lobby)
                return [.emptySeats(lobby.emptySeats)]
            default:
                if item.id.hasPrefix("free-"), let seat = lobby.seats.first(where: { "free-\($0.seat + 1)" == item.id }) {
                    return [.freeSeat(player: seat.player)]
                }
                return []
            }
        case .join:
            if item.id == "address" {
                show(.address(JoinForm()), focus: "address")
                return [.browse(false)]
            }
            guard let i = Int(item.id.dropFirst(5)), item.id.hasPrefix("game-"), games.indices.contains(i - 1) else { return [] }
            let g = games[i - 1]
            show(.address(JoinForm(address: g.address, game: g.name)), focus: "code")
            return [.browse(false)]
        case .settings:
            settings.step(item.id, by: step)
            return [.saveSettings(settings)]
        case .address(let form):
            guard item.id == "join" else { return [] }
            return [.join(address: form.address, code: form.code.uppercased())]
        case .message:
            return []
        case .houseRules:
            return toggleRule(item.id)
        }
    }

    /// The rule called `name` of the chosen game turned over, kept in Settings (the table being
    /// set up deals by it).
    mutating func toggleRule(_ name: String) -> [MenuRequest] {
        guard HouseRules.names(for: settings.game).contains(name), let on = settings.rules.isOn(name) else { return [] }
        do { try settings.rules.set(name, on: !on) } catch { return [] }
        return [.saveSettings(settings)]
    }

    /// The next game of the family (or the one before), kept in Settings.
    mutating func stepGame(_ by: Int) -> [MenuRequest] {
        settings.game = Self.cycle(GameKind.allCases, from: settings.game, by: by)
        return [.saveSettings(settings)]
    }

    mutating func main(_ id: String) -> [MenuRequest] {
        switch id {
        case "play": show(.local(LocalSetup(bots: settings.bots)), focus: "start")
        case "host": return [.host(emptySeats: settings.bots)]
        case "join":
            show(.join)
            return [.browse(true)]
        case "settings": show(.settings)
        case "quit": return [.quit]
        default: break
        }
        return []
    }
}
