import Foundation
import Testing
@testable import SnapCore

/// Counts measurements. Past `budget` it answers 0 wide, so a routine that would measure
/// without end stops at once (and the count shows it went over).
final class CountingMetrics: TextMetrics, @unchecked Sendable {
    var calls = 0
    var longest = 0
    let budget: Int
    let base = FixedMetrics()
    init(budget: Int = 1_000) { self.budget = budget }
    func width(_ text: String, _ style: TextStyle) -> Double {
        calls += 1
        longest = max(longest, text.utf8.count)
        return calls > budget ? 0 : base.width(text, style)
    }
}

@Suite("Text that reaches the screen is bounded")
struct TextBoundsTests {
    static let ellipsis = "\u{2026}"
    static let manyMarks = "a" + String(repeating: "\u{0301}", count: 10_000) // one Character

    @Test func fittingAHugeStatusTakesAFewMeasurements() {
        let status = String(repeating: "Round 2, Ben to play. ", count: 100_000 / 22 + 1)
        #expect(status.count >= 100_000)
        let m = CountingMetrics()
        let out = TextFit.fit(status, width: 800, style: .status, metrics: m)
        #expect(m.calls <= 10, "\(m.calls) measurements")
        #expect(m.longest <= TextLimit.layout.utf8Bytes + 3)
        #expect(out.hasSuffix(Self.ellipsis))
        #expect(FixedMetrics().width(out, .status) <= 800)
        // The longest prefix that fits: one more character would not.
        // 57 characters of 14 fit in 800; the 57th is a space, trimmed before the ellipsis.
        #expect(out == "Round 2, Ben to play. Round 2, Ben to play. Round 2, Ben" + Self.ellipsis)
    }

    @Test func fittingOneLetterWithTenThousandMarksTakesAFewMeasurements() {
        #expect(Self.manyMarks.count == 1)
        let m = CountingMetrics()
        let out = TextFit.fit(Self.manyMarks, width: 380, style: .name, metrics: m)
        #expect(m.calls <= 10, "\(m.calls) measurements")
        #expect(m.longest <= TextLimit.layout.utf8Bytes + 3)
        #expect(out.hasSuffix(Self.ellipsis) && out.first?.unicodeScalars.first == "a")
        #expect(FixedMetrics().width(out, .name) <= 380)
        // Narrower than one letter: just the ellipsis, without measuring the letter at all.
        #expect(TextFit.fit(Self.manyMarks + "bcd", width: 1, style: .name, metrics: m) == Self.ellipsis)
    }

    @Test func fitKeepsWhatFitsAndFindsTheLongestPrefix() {
        let m = FixedMetrics() // 12 per character for names
        #expect(TextFit.fit("Ann", width: 100, style: .name, metrics: m) == "Ann")
        #expect(TextFit.fit("", width: 100, style: .name, metrics: m) == "")
        // 10 characters fit in 120: nine of the name and the ellipsis; trailing spaces go.
        #expect(TextFit.fit("Maximilian Mustermann", width: 120, style: .name, metrics: m) == "Maximilia" + Self.ellipsis)
        #expect(TextFit.fit("Max Mustermann", width: 60, style: .name, metrics: m) == "Max" + Self.ellipsis)
        #expect(TextFit.fit("Maximilian", width: 5, style: .name, metrics: m) == Self.ellipsis)
        for n in 0...30 {
            let s = String(repeating: "x", count: n)
            let out = TextFit.fit(s, width: 120, style: .name, metrics: m)
            #expect(out == (n <= 10 ? s : String(repeating: "x", count: 9) + Self.ellipsis))
        }
    }

    @Test func limitsCountCharactersAndBytes() {
        #expect(TextLimit.name.excess("Ann") == nil)
        #expect(TextLimit.name.excess(String(repeating: "x", count: 65)) == "is longer than 64 characters")
        #expect(TextLimit.name.excess(Self.manyMarks) == "is 20001 bytes long in UTF-8, more than 256 (at most 64 characters and 256 bytes)")
        #expect(TextLimit.name.excess(String(repeating: "\u{1F600}", count: 64)) == nil, "64 emoji are 256 bytes")
        let p = TextLimit.name.prefix(Self.manyMarks)
        #expect(p.cut && p.text.utf8.count <= 256 && p.text.count == 1)
        // A cut inside a Character drops that Character when others come before it.
        let q = TextLimit(characters: 10, utf8Bytes: 6).prefix("ab" + "c\u{0301}\u{0301}\u{0301}")
        #expect(q == ("ab", true))
        #expect(TextLimit(characters: 3, utf8Bytes: 100).prefix("abcd") == ("abc", true))
        #expect(TextLimit(characters: 3, utf8Bytes: 100).prefix("abc") == ("abc", false))
        let clipped = TextLimit.status.clipped(String(repeating: "y", count: 1_000))
        #expect(clipped.count == 200 && clipped.hasSuffix(Self.ellipsis) && TextLimit.status.excess(clipped) == nil)
    }
}

@Suite("Seating bounds names and status at input")
struct SeatingBoundsTests {
    @Test func aNameOfOneLetterAndManyMarksIsRefusedByBytes() {
        let a = Player(id: "a", name: "Ann", seat: 0)
        #expect(throws: SeatingError("player b: name is 20001 bytes long in UTF-8, more than 256 (at most 64 characters and 256 bytes)")) {
            _ = try Seating(me: "a", players: [a, Player(id: "b", name: TextBoundsTests.manyMarks, seat: 1)])
        }
        var s = DemoSeating.make()
        #expect(throws: SeatingError.self) { try s.apply(.join(id: "Eve", seat: 2, name: TextBoundsTests.manyMarks), time: 0) }
        #expect(throws: SeatingError.self) { try s.apply(.join(id: String(repeating: "e", count: 65), seat: 2, name: "Eve"), time: 0) }
        #expect(s == DemoSeating.make())
    }

    @Test func aHugeStatusIsCutAtInput() throws {
        let huge = String(repeating: "z", count: 100_000)
        var s = DemoSeating.make()
        try s.apply(.status(huge), time: 0)
        #expect(s.status.count == TextLimit.status.characters && s.status.hasSuffix(TextBoundsTests.ellipsis))
        let marks = try Seating(me: "a", players: [Player(id: "a", name: "A", seat: 0)], status: TextBoundsTests.manyMarks)
        #expect(marks.status.utf8.count <= TextLimit.status.utf8Bytes && marks.status.hasSuffix(TextBoundsTests.ellipsis))
        try s.apply(.status("Round 2"), time: 0)
        #expect(s.status == "Round 2")
    }

    /// The whole seat layout with a 100,000-character status: the status is cut at input, so
    /// laying it out measures a bounded amount however long the text was.
    @Test func layingOutAHugeStatusIsBounded() throws {
        var s = DemoSeating.make()
        try s.apply(.status(String(repeating: "Round 2, Ben to play. ", count: 4_600)), time: 0)
        let m = CountingMetrics(budget: 40)
        let cmds = SeatLayout.commands(s, metrics: m, at: 0)
        #expect(m.calls <= 40, "\(m.calls) measurements")
        let status = cmds.compactMap { c -> String? in
            if case .text(let t, .status, _, _, _) = c { return t } else { return nil }
        }
        #expect(status.count == 1 && status[0].hasSuffix(TextBoundsTests.ellipsis))
        #expect(FixedMetrics().width(status[0], .status) <= SeatLayout.statusRect().w)
    }

    @Test func aHugeTableFileIsRefusedUnparsed() {
        let big = Data(count: SeatingFile.maxFileBytes + 1)
        #expect(throws: SeatingError("t.json: the file is \(big.count) bytes, more than \(SeatingFile.maxFileBytes) (a table file is a few hundred bytes)")) {
            _ = try SeatingFile.parse(big, file: "t.json")
        }
    }
}
