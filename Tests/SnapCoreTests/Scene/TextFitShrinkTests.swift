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
        // 27 characters of 10 units at the hint's 20: two lines of 130 need a box of 130.
        let text = "one two three four five six"
        func shown(_ cmds: [DrawCommand]) -> (text: String, scales: Set<Double>) {
            var parts: [String] = [], scales: Set<Double> = []
            for c in cmds { if case .text(let s, _, _, _, let k) = c { parts.append(s); scales.insert(k) } }
            return (parts.joined(separator: " "), scales)
        }
        let whole = shown(GamePieces.wrapped(text, .hint, .hintText, in: Rect(x: 0, y: 0, w: 150, h: 60), lineHeight: 30, maxLines: 2, metrics: m))
        #expect(whole.text == text && whole.scales == [1], "room enough: as it is")
        let smaller = shown(GamePieces.wrapped(text, .hint, .hintText, in: Rect(x: 0, y: 0, w: 120, h: 60), lineHeight: 30, maxLines: 2, metrics: m))
        #expect(smaller.text == text && smaller.scales == [0.9], "all of it, a step smaller")
        #expect(m.cuts.isEmpty)
        let tiny = shown(GamePieces.wrapped(text, .hint, .hintText, in: Rect(x: 0, y: 0, w: 60, h: 60), lineHeight: 30, maxLines: 2, metrics: m))
        #expect(tiny.text.hasSuffix("…") && tiny.scales == [0.7], "at the smallest size, then cut")
        #expect(m.cuts.count == 1, "and told once")
    }
}
