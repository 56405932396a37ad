import Testing
@testable import SnapCore

/// A catalog as a table, with German's plural rule: what the shell's gettext does, without it.
func tableWords(_ code: String, _ table: [String: String], plurals: [String: [String]] = [:], generation: Int = 1) -> Words {
    Words(code: code, generation: generation, lookup: { table[$0] ?? $0 },
          plural: { one, many, n in plurals[one].map { $0[n == 1 ? 0 : 1] } ?? (n == 1 ? one : many) })
}

@Suite("Words: the core's text in the player's language")
struct WordsTests {
    @Test func placeholdersAreFilledByNameInAnyOrder() {
        let w = tableWords("de", ["Free seat {n} ({name} is away)": "{name} ist weg: Platz {n} freigeben"])
        #expect(w.tr("Free seat {n} ({name} is away)", ["n": "2", "name": "Ben"]) == "Ben ist weg: Platz 2 freigeben")
        #expect(w.tr("Seat {n}: open", ["n": "3"]) == "Seat 3: open", "no translation: the English, filled")
    }

    @Test func anUnknownOrUnclosedPlaceholderStaysAsWritten() {
        #expect(Words.english.tr("{nme} wins", ["name": "Ann"]) == "{nme} wins")
        #expect(Words.english.tr("a {b", ["b": "x"]) == "a {b")
        #expect(Words.english.tr("{x}{x} {", ["x": "y"]) == "yy {")
        #expect(Words.english.tr("{{n}} and {x {n}", ["n": "2"]) == "{2} and {x 2")
    }

    @Test func pluralsFollowTheCatalogAndFillN() {
        let w = tableWords("de", [:], plurals: ["1 seat free": ["1 Platz frei", "{n} Plätze frei"]])
        #expect(w.trn("1 seat free", "{n} seats free", 1) == "1 Platz frei")
        #expect(w.trn("1 seat free", "{n} seats free", 3) == "3 Plätze frei")
        #expect(Words.english.trn("{n} Won", "{n} Won", 0) == "0 Won")
    }

    @Test func wordsAreEqualByLanguageAndGeneration() {
        #expect(tableWords("fr", [:], generation: 2) == tableWords("fr", ["a": "b"], generation: 2))
        #expect(tableWords("fr", [:], generation: 2) != tableWords("fr", [:], generation: 3))
        #expect(tableWords("fr", [:]) != Words.english)
    }
}

@Suite("Language: which one, as gettext reads the desktop")
struct LanguageChoiceTests {
    @Test func theDesktopsLocaleWithAndWithoutRegion() {
        #expect(Language.wanted(chosen: nil, environment: ["LANG": "de_DE.UTF-8"]) == ["de_DE", "de"])
        #expect(Language.wanted(chosen: "system", environment: ["LANG": "pt_BR.UTF-8@euro"]) == ["pt_BR@euro", "pt@euro"])
    }

    @Test func lcAllThenLcMessagesThenLang() {
        let env = ["LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"]
        #expect(Language.wanted(chosen: nil, environment: env) == ["es_ES", "es"])
        #expect(Language.wanted(chosen: nil, environment: ["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"]) == ["fr_FR", "fr"])
    }

    @Test func languageListsComeFirstUnlessTheLocaleIsC() {
        #expect(Language.wanted(chosen: nil, environment: ["LANGUAGE": "fr:de", "LANG": "es_ES.UTF-8"]) == ["fr", "de", "es_ES", "es"])
        #expect(Language.wanted(chosen: nil, environment: ["LANGUAGE": "fr:de", "LANG": "C"]) == [])
        #expect(Language.wanted(chosen: nil, environment: [:]) == [])
        #expect(Language.wanted(chosen: nil, environment: ["LANGUAGE": "fr"]) == [], "no locale set is C: LANGUAGE is not read")
    }

    @Test func englishEndsTheList() {
        #expect(Language.wanted(chosen: nil, environment: ["LANGUAGE": "de:en:fr", "LANG": "de_DE.UTF-8"]) == ["de", "en"])
        #expect(Language.wanted(chosen: nil, environment: ["LANG": "en_GB.UTF-8"]) == ["en_GB"], "a British catalog would do; English after it")
    }

    @Test func aChosenLanguageReplacesTheDesktops() {
        let env = ["LANGUAGE": "fr", "LANG": "de_DE.UTF-8"]
        #expect(Language.wanted(chosen: "es", environment: env) == ["es"])
        #expect(Language.wanted(chosen: "en", environment: env) == [], "English chosen: English, not the desktop's")
        #expect(Language.wanted(chosen: "pt_BR", environment: env) == ["pt_BR", "pt"])
    }

    @Test func codesAreCheckedWithAReason() {
        for ok in ["system", "fr", "pt_BR", "sr@latin", "zh-Hant"] { #expect(Language.problem(ok) == nil, "\(ok)") }
        for bad in ["", "../fr", "fr/LC_MESSAGES", "1fr", String(repeating: "a", count: 33), "fr fr"] {
            #expect(Language.problem(bad) != nil, "\(bad)")
        }
    }

    @Test func settingsKeepTheLanguageAndRefuseABadOne() throws {
        #expect(Settings().language == "system")
        #expect(try Settings.from(["language": .string("fr")]).language == "fr")
        #expect(try Settings.from(["language": .string("fr")]).object["language"] == .string("fr"))
        #expect(throws: SettingsError.self) { try Settings.from(["language": .string("../../etc")]) }
        #expect(throws: SettingsError.self) { try Settings.from(["language": .number(1)]) }
    }
}

@Suite("The menu and the table in another language")
struct SpokenMenuTests {
    static let german = tableWords("de", ["Play here": "Hier spielen", "Settings": "Einstellungen", "Language: {language}": "Sprache: {language}",
                                          "Paused": "Pause", "Deal": "Austeilen"])

    @Test func labelsChangeAndIdsStay() {
        var s = menuSession()
        let before = s.menu?.items.map(\.id)
        let revision = s.menu?.revision ?? 0
        _ = s.handle(.language(Self.german), at: 1)
        #expect(s.menu?.items.map(\.id) == before)
        #expect(s.menu?.items.first?.label == "Hier spielen")
        #expect((s.menu?.revision ?? 0) > revision, "the menu is drawn again")
        #expect(TableStateJSON.MenuEntry(s.menu!).language == "de")
    }

    @Test func settingsStepThroughTheLanguagesByTheirOwnNames() {
        var s = menuSession()
        _ = s.handle(.language(Self.german), at: 1)
        s.choose("settings")
        #expect(s.menu?.items.first { $0.id == "language" }?.label == "Sprache: as the desktop")
        let saved = s.choose("language")
        #expect(s.menu?.settings.language == "en")
        #expect(saved.contains(.menu(.saveSettings(s.menu!.settings))))
        for _ in 0..<2 { s.choose("language") }
        #expect(s.menu?.items.first { $0.id == "language" }?.label == "Sprache: Español")
    }

    @Test func aGameStartedLaterSpeaksTheSessionsLanguage() {
        var s = menuSession()
        _ = s.handle(.language(Self.german), at: 1)
        s.choose("play")
        s.choose("start")
        #expect(s.game?.words == Self.german)
        let screen = s.game!.screen(at: 2)
        let list = GameSceneBuilder.build(screen, metrics: FixedMetrics())
        #expect(list.all.contains { if case .text("Austeilen", _, _, _, _) = $0 { true } else { false } })
    }

    @Test func seatsNobodyNamedAreNamedInTheLanguage() {
        let w = tableWords("de", ["Seat {n}": "Platz {n}", "Player {n}": "Spieler {n}"])
        let host = TableSession.hostSeating(name: "Ann", words: w)
        #expect(host.players.map(\.name) == ["Ann", "Platz 2", "Platz 3", "Platz 4"])
        #expect(host.players.map(\.id) == ["host", "seat2", "seat3", "seat4"], "ids stay")
        var setup = LocalSetup(bots: .normal)
        setup.kinds[1] = .controller
        #expect(setup.seating(name: "Ann", words: w).players[1].name == "Spieler 2")
    }

    @Test func codesAndAddressesGetNoAccentKey() {
        #expect(OnScreenKeyboard(field: "code").rows.joined().contains("accents") == false)
        #expect(OnScreenKeyboard(field: "address").rows.joined().contains("accents") == false)
        #expect(OnScreenKeyboard(field: "name").rows.joined().contains("accents"))
    }

    @Test func theKeyboardTypesAccentedCapitals() {
        var s = menuSession()
        _ = s.pad(.add(id: 1, profile: .gamepad))
        s.choose("settings")
        _ = s.pad(.button(id: 1, .a, down: true))
        #expect(s.menu?.keyboard?.field == "name")
        #expect(s.menu?.items.contains { $0.id == "key-É" } == false)
        s.choose("key-accents")
        #expect(s.menu?.items.contains { $0.id == "key-É" } == true)
        #expect(s.menu?.items.first { $0.id == "key-accents" }?.label == "ABC")
        s.choose("key-delete")
        s.choose("key-delete")
        s.choose("key-delete")
        s.choose("key-É")
        s.choose("key-ß")
        #expect(s.menu?.value(of: "name") == "É" + "ß")
        s.choose("key-accents")
        #expect(s.menu?.items.contains { $0.id == "key-Q" } == true)
    }
}
