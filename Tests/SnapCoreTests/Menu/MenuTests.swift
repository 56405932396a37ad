import Foundation
import Testing
@testable import SnapCore

/// A session that starts on the menu, as `snap-table` with no options does.
func menuSession(name: String = "Ann", displays: [DisplayInfo] = twoDisplays) -> TableSession {
    var s = TableSession(.menu(Menu(settings: Settings(name: name))), seating: DemoSeating.make(),
                         windows: WindowSet(primaryOn: displays[0].name, preferred: displays[0].name, secondary: .auto, extra: .off), seed: 7)
    _ = s.handle(.displays(displays), at: 0)
    return s
}

/// A session on the host's screen with Bo signed in at seat 2 (the lobby's table not dealt yet).
func hostingSession() -> TableSession {
    var h = menuSession(name: "Hal")
    _ = h.choose("host")
    _ = h.handle(.net(.hosting(headless: false)), at: 1)
    _ = h.handle(.menu(.hosting(JoinInvite(code: "K7F2Q", address: "10.0.0.2:7420"))), at: 1)
    _ = h.handle(.net(.joined(player: "seat2", name: "Bo")), at: 2)
    return h
}

extension TableSession {
    @discardableResult
    mutating func choose(_ id: String, at t: Double = 1) -> [ShellEffect] { handle(.choose(id), at: t) }
    mutating func key(_ k: KeyName, at t: Double = 1) -> [ShellEffect] { handle(.key(k), at: t) }
    mutating func pad(_ c: PadCommand, at t: Double = 1) -> [ShellEffect] { handle(.pad(c), at: t) }
}

@Suite("The menu: screens, focus, typing, and games started from it")
struct MenuTests {
    @Test func theMainMenuHasItsStableItems() {
        let s = menuSession()
        #expect(s.menu?.items.map(\.id) == ["play", "host", "join", "settings", "quit"])
        #expect(s.menu?.focus == "play")
        #expect(s.game == nil)
    }

    @Test func arrowsMoveTheFocusAndWrap() {
        var s = menuSession()
        _ = s.key(.up)
        #expect(s.menu?.focus == "quit")
        _ = s.key(.down)
        _ = s.key(.down)
        #expect(s.menu?.focus == "host")
    }

    @Test func playHereStartsAGameWithEveryScoreAtZeroAndLeaveComesBack() throws {
        var s = menuSession(name: "Zoë")
        s.choose("play")
        #expect(s.menu?.screen.name == "local")
        s.choose("players")               // 4 -> 2 (the values wrap)
        #expect(s.menu?.items.first?.label == "Players: 2")
        s.choose("start")
        let g = try #require(s.game)
        #expect(s.menu == nil)
        #expect(g.seats.map(\.name) == ["Zoë", "Ben"])
        #expect(g.seats.allSatisfy { $0.gamesWon == 0 })
        #expect(g.seats.map(\.control) == [.local, .computer])
        // Leave asks, then the menu is back and the game is gone.
        _ = s.handle(.key(.escape), at: 2)
        _ = s.clickButton(.exit, at: 3)
        let effects = s.clickButton(.confirmLeave, at: 4)
        #expect(effects.contains(.leftGame))
        #expect(!effects.contains(.quit))
        #expect(s.game == nil)
        #expect(s.menu?.screen == .main)
    }

    @Test func leaveQuitsWhenTheRunDidNotStartOnTheMenu() {
        var s = demoSession()
        s = TableSession(.game(GameTable(seating: DemoSeating.make(), bots: .normal, seed: 1)), seating: s.seating, windows: s.windows)
        _ = s.clickButton(.exit, at: 1)
        #expect(s.clickButton(.confirmLeave, at: 2).contains(.quit))
    }

    @Test func aSeatForAControllerWaitsAndAControllerTakesItWithA() throws {
        var s = menuSession()
        _ = s.pad(.add(id: 3, profile: .extendedGamepad))
        s.choose("play")
        s.choose("seat2")                  // computer -> controller
        s.choose("start")
        let g = try #require(s.game)
        #expect(g.seat(of: "seat2")?.control == .waiting)
        #expect(g.pads[3] != nil, "the controller that drove the menu is at the table")
        _ = s.pad(.button(id: 3, .a, down: true), at: 2)
        #expect(s.game?.seat(of: "seat2")?.control == .pad(3))
        // A second A deals: the couch needs no mouse.
        _ = s.pad(.button(id: 3, .a, down: true), at: 3)
        #expect(s.game?.rules != nil)
    }

    @Test func aControllerAloneGoesFromTheMenuToADealtGameAndBack() throws {
        var s = menuSession()
        let id = 5
        _ = s.pad(.add(id: id, profile: .gamepad))
        func press(_ b: PadButton, _ t: Double) { _ = s.pad(.button(id: id, b, down: true), at: t) }
        press(.a, 1)                                   // Play here
        #expect(s.menu?.screen.name == "local")
        #expect(s.menu?.focus == "start")
        for k in 0..<7 { press(.dpadUp, 2 + Double(k) / 10) }   // the house rules, the game, bots, seat 4, 3, 2, 1
        #expect(s.menu?.focus == "seat1")
        press(.dpadRight, 2.6)                         // you -> controller
        #expect(s.menu?.items[1].label == "Seat 1: a controller (press A)")
        for k in 0..<10 where s.menu?.focus != "start" { press(.dpadDown, 3 + Double(k) / 10) }
        press(.a, 4)                                   // Start
        #expect(s.game?.seat(of: "you")?.control == .waiting)
        press(.a, 5)                                   // takes a seat
        press(.a, 6)                                   // deals
        #expect(s.game?.rules != nil)
        press(.b, 8)                                   // asks to leave
        press(.a, 9)                                   // leaves
        #expect(s.game == nil)
        #expect(s.menu?.screen == .main)
    }

    @Test func aStickMovesTheFocusOncePerPush() {
        var s = menuSession()
        _ = s.pad(.add(id: 1, profile: .extendedGamepad))
        _ = s.pad(.axis(id: 1, .leftThumbstick, x: 0, y: -0.9))
        _ = s.pad(.axis(id: 1, .leftThumbstick, x: 0, y: -1.0))
        #expect(s.menu?.focus == "host", "held down, it moved once")
        _ = s.pad(.axis(id: 1, .leftThumbstick, x: 0, y: 0))
        _ = s.pad(.axis(id: 1, .leftThumbstick, x: 0, y: -0.8))
        #expect(s.menu?.focus == "join")
        // The d-pad's axis copy of a button press does not move it a second time.
        _ = s.pad(.button(id: 1, .dpadUp, down: true))
        _ = s.pad(.axis(id: 1, .dpad, x: 0, y: 1))
        #expect(s.menu?.focus == "host")
    }

    @Test func settingsAreEditedAndSavedAndAnEmptyNameIsNotKept() throws {
        var s = menuSession(name: "Ann")
        s.choose("settings")
        s.choose("fullscreen")
        let saved = s.choose("visible")
        #expect(saved.contains { if case .menu(.saveSettings(let x)) = $0 { return x.fullscreen && !x.visible }; return false })
        s.choose("name")
        for _ in 0..<3 { _ = s.key(.backspace) }
        _ = s.handle(.text("Bea"), at: 2)
        #expect(s.menu?.items.first?.kind == .text(value: "Bea", placeholder: "Your name"))
        let back = s.choose("back")
        #expect(back.contains(.menu(.saveSettings(s.settings))))
        #expect(s.settings.name == "Bea")
        // An empty name keeps the last good one.
        s.choose("settings")
        s.choose("name")
        for _ in 0..<5 { _ = s.key(.backspace) }
        s.choose("back")
        #expect(s.settings.name == "Bea")
    }

    @Test func theOnScreenKeyboardTypesACodeWithAController() throws {
        var s = menuSession()
        _ = s.pad(.add(id: 2, profile: .gamepad))
        s.choose("join")
        s.choose("address")
        #expect(s.menu?.screen.name == "address")
        _ = s.handle(.text("10.0.0.2:7420"), at: 1)
        _ = s.key(.down)                                   // the code field
        _ = s.pad(.button(id: 2, .a, down: true))          // opens the keyboard
        #expect(s.menu?.keyboard?.field == "code")
        #expect(s.menu?.items.contains { $0.id == "key-Q" } == true)
        s.choose("key-K")
        s.choose("key-7")
        _ = s.pad(.button(id: 2, .x, down: true))          // deletes the 7
        s.choose("key-F")
        s.choose("key-done")
        #expect(s.menu?.keyboard == nil)
        let effects = s.choose("join")
        #expect(effects == [.menu(.join(address: "10.0.0.2:7420", code: "KF")), .sound(.menuChoose)])
    }

    @Test func codesTakeLettersAndDigitsOnlyAndBecomeUpperCase() {
        var s = menuSession()
        s.choose("join")
        s.choose("address")
        _ = s.key(.down)
        _ = s.handle(.text("k7-f 2q!"), at: 1)
        guard case .address(let form) = s.menu?.screen else { Issue.record("not on the address screen"); return }
        #expect(form.code == "K7F2Q")
        #expect(s.menu?.items.first { $0.id == "join" }?.enabled == false, "no address yet")
    }

    @Test func foundGamesAreListedLiveAndAFullOneCannotBeChosen() {
        var s = menuSession()
        let browse = s.choose("join")
        #expect(browse == [.menu(.browse(true)), .sound(.menuChoose)])
        _ = s.handle(.menu(.games([FoundGame(name: "Ann", host: "10.0.0.5", port: 7420, free: 2),
                                    FoundGame(name: "Ben", host: "10.0.0.6", port: 7421, free: 0)])), at: 2)
        let items = s.menu?.items ?? []
        #expect(items.map(\.id) == ["game-1", "game-2", "address", "back"])
        #expect(items[1].enabled == false)
        let chose = s.choose("game-1")
        #expect(chose == [.menu(.browse(false)), .sound(.menuChoose)])
        guard case .address(let form) = s.menu?.screen else { Issue.record("not on the address screen"); return }
        #expect(form.address == "10.0.0.5:7420")
        #expect(s.menu?.focus == "code")
        // Back on the list, the search goes on.
        #expect(s.choose("back").contains(.menu(.browse(true))))
        #expect(s.menu?.screen == .join)
    }

    @Test func aFailedJoinSaysWhyAndGoesBackToTheJoinScreen() {
        var s = menuSession()
        s.choose("join")
        _ = s.handle(.menu(.say("Wrong join code.", back: .join)), at: 2)
        #expect(s.menu?.screen == .join)
        #expect(s.menu?.message == "Wrong join code.")
        #expect(s.menu?.hint == "Wrong join code.")
    }

    @Test func hostingShowsTheCodeAndTheSeatsAsPlayersSignIn() throws {
        var s = menuSession(name: "Hal")
        let effects = s.choose("host")
        #expect(effects == [.menu(.host(emptySeats: .normal)), .sound(.menuChoose)])
        _ = s.handle(.net(.hosting(headless: false)), at: 1)
        _ = s.handle(.menu(.hosting(JoinInvite(code: "K7F2Q", address: "10.0.0.2:7420"))), at: 1)
        guard case .host(let lobby) = s.menu?.screen else { Issue.record("not on the host screen"); return }
        #expect(lobby.code == "K7F2Q")
        #expect(lobby.invite.url == "http://10.0.0.2:7420/?code=K7F2Q")
        #expect(lobby.seats.map(\.kind) == [.you, .computer, .computer, .computer])
        _ = s.handle(.net(.joined(player: "seat2", name: "Bo")), at: 2)
        guard case .host(let after) = s.menu?.screen else { Issue.record("not on the host screen"); return }
        #expect(after.seats[1] == LobbySeat(seat: 1, player: "seat2", name: "Bo", kind: .network))
        // Empty seats stay empty when the host says so.
        _ = s.choose("bots"); _ = s.choose("bots")
        #expect(s.game?.seat(of: "seat3")?.control == .waiting)
        s.choose("start")
        #expect(s.menu == nil)
        #expect(s.game?.rules?.players.map(\.id) == ["host", "seat2"])
    }

    @Test func theColourRuleIsChosenOnPlayHereAndOnTheHostScreenAndKept() throws {
        var s = menuSession()
        s.choose("play")
        s.choose("rules")
        let effects = s.choose("colour")
        #expect(s.menu?.items.first { $0.id == "colour" }?.label == "Match: rank and colour")
        #expect(effects.contains { if case .menu(.saveSettings(let kept)) = $0 { kept.rules.colour } else { false } })
        #expect(s.settings.rules.colour)
        s.choose("back")
        s.choose("start")
        _ = s.key(.enter, at: 2)
        #expect(s.game?.rules?.house == HouseRules(colour: true))
        #expect(s.game?.screen(at: 2).caption == "Snap! · Match: rank and colour")

        // Hosting: the lobby's table deals by the rule as it stands when the round starts.
        var h = hostingSession()
        h.choose("rules")
        h.choose("colour")
        #expect(h.game?.house == HouseRules(colour: true))
        h.choose("colour")
        h.choose("colour")
        h.choose("back")
        h.choose("start")
        #expect(h.game?.rules?.house.colour == true)
        #expect(h.menu == nil)
    }

    @Test func chooseOfAnItemNotOnTheScreenIsAScriptError() {
        var s = menuSession()
        let effects = s.choose("start")
        #expect(effects.count == 1)
        guard case .scriptError(let m) = effects.first else { Issue.record("no script error"); return }
        #expect(m.contains("no item 'start' on the main screen"))
    }

    @Test func aClickOnAnItemChoosesItAndTheLeftQuarterOfAChoiceStepsBack() throws {
        var s = menuSession()
        let rects = MenuLayout.rects(s.menu!)
        s.mouse(.down, rects[0].center, at: 1)
        s.mouse(.up, rects[0].center, at: 1.1)
        #expect(s.menu?.screen.name == "local")
        let players = MenuLayout.rects(s.menu!)[0]
        let left = Point(x: players.x + 10, y: players.center.y)
        s.mouse(.down, left, at: 2)
        s.mouse(.up, left, at: 2.1)
        #expect(s.menu?.items[0].label == "Players: 3")
        // A press that ends on another item does nothing.
        s.mouse(.down, MenuLayout.rects(s.menu!)[0].center, at: 3)
        s.mouse(.up, MenuLayout.rects(s.menu!)[1].center, at: 3.1)
        #expect(s.menu?.items[0].label == "Players: 3")
    }

    @Test func theMenuIsInTheStateFile() throws {
        var s = menuSession()
        var st = try s.state(at: 1)
        let menu = try #require(st["menu"] as? [String: Any])
        #expect(menu["screen"] as? String == "main")
        #expect(menu["focus"] as? String == "play")
        #expect((menu["items"] as? [[String: Any]])?.first?["id"] as? String == "play")
        s.choose("play")
        s.choose("start")
        st = try s.state(at: 2)
        #expect(st["menu"] is NSNull)
    }
}

@Suite("Settings from the file's JSON")
struct SettingsTests {
    @Test func knownKeysAreCheckedAndUnknownOnesKept() throws {
        let s = try Settings.from(["name": .string("Cy"), "volume": .number(30), "theme": .string("dark")])
        #expect(s.name == "Cy")
        #expect(s.volume == 30)
        #expect(s.object["theme"] == .string("dark"))
        #expect(s.object["bots"] == .string("normal"))
    }

    @Test(arguments: [
        (["name": JSONTree.string("")], "\"name\""),
        (["name": .string(String(repeating: "x", count: 65))], "\"name\""),
        (["bots": .string("brilliant")], "\"bots\""),
        (["secondary": .string("auto")], "\"secondary\""),
        (["fullscreen": .string("yes")], "\"fullscreen\""),
        (["volume": .number(101)], "\"volume\""),
        (["volume": .number(2.5)], "\"volume\""),
    ])
    func aBadValueNamesItsKey(object: [String: JSONTree], key: String) {
        #expect(throws: SettingsError.self) { try Settings.from(object) }
        do { _ = try Settings.from(object) } catch { #expect(error.description.contains(key)) }
    }
}
