import Testing
@testable import SnapCore

/// Widths as FixedMetrics gives them, and every cut layout reports.
final class CutLog: TextMetrics {
    var cuts: [String] = []
    func width(_ text: String, _ style: TextStyle) -> Double { FixedMetrics().width(text, style) }
    func cutting(_ text: String, _ style: TextStyle, width: Double) { cuts.append(text) }
}

@Suite("Text fits: smaller before cut, and every cut told")
struct TextFitShrinkTests {
    @Test func aLabelShrinksInStepsBeforeItIsCut() {
        let m = CutLog()
        // 10 characters of 12 units at the button's 21 units: 105 wide.
        #expect(TextFit.shrunk("abcdefghij", width: 105, style: .button, scale: 1, metrics: m) == 1)
        #expect(TextFit.shrunk("abcdefghij", width: 95, style: .button, scale: 1, metrics: m) == 0.9)
        #expect(TextFit.shrunk("abcdefghij", width: 74, style: .button, scale: 1, metrics: m) == 0.7)
        #expect(TextFit.shrunk("abcdefghij", width: 70, style: .button, scale: 1, metrics: m) == nil)
        let c = GamePieces.centred("abcdefghij", .button, .buttonText, in: Rect(x: 0, y: 0, w: 95, h: 40), metrics: m)
        guard case .text(let s, _, _, _, let k) = c else { Issue.record("not text"); return }
        #expect(s == "abcdefghij" && k == 0.9 && m.cuts.isEmpty)
    }

    @Test func onlyACutTheDesignDoesNotMeanIsTold() {
        let m = CutLog()
        _ = TextFit.fit("a long player name", width: 60, style: .name, metrics: m, designed: true)
        #expect(m.cuts.isEmpty)
        _ = GamePieces.centred("Computer players: normal", .button, .buttonText, in: Rect(x: 0, y: 0, w: 60, h: 40), metrics: m)
        #expect(m.cuts == ["Computer players: normal"])
    }

    @Test func wrappedTextShrinksBeforeItsLastLineIsCut() {
        let m = CutLog()
        let text = "one two three four five six"   // 27 characters: 10.5 units each at the hint's 20
        let lines = GamePieces.wrapped(text, .hint, .hintText, in: Rect(x: 0, y: 0, w: 150, h: 60), lineHeight: 30, maxLines: 2, metrics: m)
        let shown = lines.compactMap { if case .text(let s, _, _, _, _) = $0 { s } else { nil } }
        #expect(shown.joined(separator: " ") == text, "all of it, smaller")
        #expect(m.cuts.isEmpty)
        let tiny = GamePieces.wrapped(text, .hint, .hintText, in: Rect(x: 0, y: 0, w: 60, h: 60), lineHeight: 30, maxLines: 2, metrics: m)
        #expect(tiny.contains { if case .text(let s, _, _, _, _) = $0 { s.hasSuffix("…") } else { false } })
        #expect(m.cuts.count == 1, "cut at the smallest size, and told once")
    }

    @Test func aFoundGameLineIsAReplayVerb() throws {
        #expect(try ReplayScript.parseCommand(verb: "found", args: ["Ann", "10.0.0.2:7420", "2"])
            == .found(FoundGame(name: "Ann", host: "10.0.0.2", port: 7420, free: 2)))
        for bad in [["Ann"], ["Ann", "10.0.0.2", "2"], ["Ann", "10.0.0.2:0", "2"], ["Ann", "10.0.0.2:7420", "9"]] {
            #expect(throws: ReplayScript.Reason.self) { try ReplayScript.parseCommand(verb: "found", args: bad) }
        }
        var s = menuSession()
        s.choose("join")
        _ = s.handle(ReplayCommand.found(FoundGame(name: "Ann", host: "10.0.0.2", port: 7420, free: 2)).tableInput!, at: 2)
        #expect(s.menu?.items.first?.label == "Ann — 2 seats free")
    }
}
