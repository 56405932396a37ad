import Foundation
import Testing
@testable import SnapCore

/// The house rules screen: opened from Play here and the host's screen for the chosen game,
/// each rule a choice kept in Settings, Back to where it came from.
extension MenuTests {
    static let ratscrewRules = ["sandwich", "slap-back-in", "top-and-bottom", "marriage"]

    /// Steps Game on to Egyptian Ratscrew (Snap!, Snap pool, Slapjack, Egyptian Ratscrew).
    static func chooseRatscrew(_ s: inout TableSession) {
        while s.settings.game != .ratscrew { s.choose("game") }
    }

    /// The house rules screen of `game`, opened from Play here.
    static func rulesMenu(_ game: GameKind) -> Menu {
        var settings = Settings()
        settings.game = game
        return Menu(settings: settings, screen: .houseRules(from: .local(LocalSetup(bots: .normal))))
    }

    func label(_ s: TableSession, _ id: String) -> String? { s.menu?.items.first { $0.id == id }?.label }

    @Test func theHouseRulesOpenFromPlayHereForTheChosenGameAndBackKeepsTheSetup() throws {
        var s = menuSession()
        s.choose("play")
        s.choose("players")                               // 4 -> 2
        Self.chooseRatscrew(&s)
        #expect(label(s, "rules") == "House rules…")
        s.choose("rules")
        #expect(s.menu?.screen.name == "rules")
        #expect(s.menu?.title == "House rules")
        #expect(s.menu?.hint == "Egyptian Ratscrew")
        #expect(s.menu?.items.map(\.id) == Self.ratscrewRules + ["back"])
        #expect(s.menu?.items.map(\.label) == ["Sandwich: on", "Slap back in: on", "Top and bottom: off",
                                               "Marriage (King and Queen): off", "Back"])
        #expect(s.menu?.focus == "sandwich")
        // Escape, B and Back each go back to Play here as it was, on the item that opened it.
        _ = s.key(.escape)
        #expect(s.menu?.screen.name == "local")
        #expect(s.menu?.focus == "rules")
        #expect(s.menu?.items.first?.label == "Players: 2")
        _ = s.key(.enter)
        #expect(s.menu?.screen.name == "rules")
        _ = s.pad(.add(id: 3, profile: .gamepad))
        _ = s.pad(.button(id: 3, .b, down: true))
        #expect(s.menu?.screen.name == "local")
        s.choose("rules")
        s.choose("back")
        #expect(s.menu?.screen.name == "local")
        #expect(s.menu?.focus == "rules")
    }

    @Test func eachRatscrewRuleTurnsOverIsSavedAndDealtBy() throws {
        var s = menuSession()
        s.choose("play")
        Self.chooseRatscrew(&s)
        s.choose("rules")
        var expected = HouseRules.standard
        for name in Self.ratscrewRules {
            let was = s.settings.rules.isOn(name) == true
            let effects = s.choose(name)
            try expected.set(name, on: !was)
            #expect(s.settings.rules == expected, "\(name)")
            #expect(effects.contains(.menu(.saveSettings(s.settings))), "\(name): not saved")
            #expect(s.menu?.screen.name == "rules")
        }
        #expect(s.menu?.items.map(\.label).dropLast() == ["Sandwich: off", "Slap back in: off", "Top and bottom: on",
                                                          "Marriage (King and Queen): on"])
        // The keyboard: Right, Left and Enter turn the focused rule over as a click does.
        #expect(s.menu?.focus == "marriage")
        _ = s.key(.right)
        #expect(!s.settings.rules.marriage)
        _ = s.key(.enter)
        #expect(s.settings.rules.marriage)
        _ = s.key(.down)                                  // Back
        _ = s.key(.down)                                  // round to Sandwich
        _ = s.key(.left)
        #expect(s.settings.rules.sandwich)
        // A click on a rule turns it over too.
        let rects = MenuLayout.rects(s.menu!)
        s.mouse(.down, rects[3].center, at: 2)
        s.mouse(.up, rects[3].center, at: 2.1)
        #expect(!s.settings.rules.marriage)
        _ = s.key(.escape)
        s.choose("start")
        _ = s.key(.enter, at: 3)
        #expect(s.game?.rules?.kind == .ratscrew)
        #expect(s.game?.rules?.house == HouseRules(sandwich: true, slapBackIn: false, topAndBottom: true, marriage: false))
    }

    @Test func theHostScreenOpensTheHouseRulesAndTheTableNotDealtTakesThem() throws {
        var h = hostingSession()
        Self.chooseRatscrew(&h)
        #expect(h.game?.kind == .ratscrew)
        h.choose("rules")
        #expect(h.menu?.screen.name == "rules")
        #expect(h.menu?.items.map(\.id) == Self.ratscrewRules + ["back"])
        let effects = h.choose("marriage")
        #expect(effects.contains(.menu(.saveSettings(h.settings))))
        #expect(h.game?.house.marriage == true)
        // Players go on signing in meanwhile, and the TV goes on showing the join code.
        _ = h.handle(.net(.joined(player: "seat3", name: "Cy")), at: 3)
        let tv = MenuSceneBuilder.build(h.menu!, role: .table, metrics: FixedMetrics(perChar: 9), canvas: Size(w: 1280, h: 720))
        #expect(tv.still.contains { if case .text("K7F2Q", _, _, _, _) = $0 { true } else { false } })
        // Back is the host's screen again, still hosting, with Cy seated.
        let back = h.key(.escape)
        #expect(!back.contains(.menu(.stopHosting)))
        guard case .host(let lobby) = h.menu?.screen else { Issue.record("not on the host screen"); return }
        #expect(lobby.seats[2].name == "Cy")
        #expect(h.menu?.focus == "rules")
        h.choose("start")
        #expect(h.menu == nil)
        #expect(h.game?.rules?.kind == .ratscrew)
        #expect(h.game?.rules?.house.marriage == true)
    }

    @Test func slapjackHasNoHouseRulesToOpen() throws {
        var s = menuSession()
        s.choose("play")
        while s.settings.game != .slapjack { s.choose("game") }
        let item = try #require(s.menu?.items.first { $0.id == "rules" })
        #expect(item.label == "House rules: none")
        #expect(!item.enabled)
        guard case .scriptError(let m) = s.choose("rules").first else { Issue.record("no script error"); return }
        #expect(m.contains("not enabled"))
        // The focus passes over it: Game, then Start.
        #expect(s.menu?.focus == "game")
        _ = s.key(.down)
        #expect(s.menu?.focus == "start")
        // Snap! and Snap pool have the one rule, colour.
        for game in [GameKind.snap, .snapPool] {
            #expect(Self.rulesMenu(game).items.map(\.id) == ["colour", "back"])
        }
    }

    @Test func everyHouseRulesScreenFitsInsideTheFrame() {
        for game in GameKind.allCases {
            let m = Self.rulesMenu(game)
            let rects = MenuLayout.rects(m)
            #expect(rects.allSatisfy { $0.y >= MenuLayout.title.y + MenuLayout.title.h && $0.y + $0.h <= 700 }, "\(game)")
            #expect(zip(rects, rects.dropFirst()).allSatisfy { $0.y + $0.h < $1.y }, "\(game): items overlap")
        }
    }
}
