import Testing
@testable import SnapCore

@Suite("Replay values no screen or file can hold are errors with FILE:LINE")
struct ReplayLimitsTests {
    @Test(arguments: [
        ("0 mouse down 1e306 5", "position '1e306 5' is on no screen (X and Y in -32768...32767)"),
        ("0 mouse move 5 -40000", "position '5 -40000' is on no screen (X and Y in -32768...32767)"),
        ("90000 end", "time 90000 is later than 86400 seconds, the latest a replay may go"),
        ("1e300 end", "time 1e300 is later than 86400 seconds, the latest a replay may go"),
        ("0 display connect TV 16384 16384", "display size 16384x16384 has a side longer than 8192 (screens are 320x180 to 8192x8192 and at most 7680x4320 pixels in all)"),
        ("0 display connect TV 8192 8192", "display size 8192x8192 has more pixels than 7680x4320 (33177600) (screens are 320x180 to 8192x8192 and at most 7680x4320 pixels in all)"),
        ("0 display connect TV 100 100", "display size 100x100 is smaller than 320x180 (screens are 320x180 to 8192x8192 and at most 7680x4320 pixels in all)"),
        ("0 display connect TV 1920.5 1080", "display size 1920.5x1080 is not in whole pixels (screens are 320x180 to 8192x8192 and at most 7680x4320 pixels in all)"),
        ("0 snapshot " + String(repeating: "a", count: 241), "snapshot name of 241 bytes is too long (at most 240, so every file it names fits in 255)"),
    ])
    func valueBeyondTheLimitsIsAnError(line: String, message: String) {
        #expect(throws: ScriptError(file: "l.replay", line: 2, message: message)) {
            try ReplayScript.parse("0 mouse move 1 1\n\(line)\n", file: "l.replay")
        }
    }

    @Test func valuesAtTheLimitsAreAccepted() throws {
        let name = String(repeating: "a", count: ReplayLimits.maxSnapshotNameBytes)
        #expect((name + ReplayLimits.longestSnapshotSuffix).utf8.count == 255)
        let s = try ReplayScript.parse("0 mouse down -32768 32767\n0 display connect TV 7680 4320\n86400 snapshot \(name)\n", file: "ok")
        #expect(s.events.count == 3)
    }

    @Test func bytesThatAreNotUTF8NameTheFirstBadLine() {
        let bytes = Array("0 mouse down 1 1\n# fine\n".utf8) + [0x30, 0x20, 0xC3, 0x28, 0x0A] + Array("0 \u{FF}\n".utf8)
        #expect(throws: ScriptError(file: "b.replay", line: 3, message: "the line is not UTF-8 text")) {
            try ReplayScript.parse(bytes, file: "b.replay")
        }
    }

    @Test func bytesParseLikeText() throws {
        let text = "0 mouse down 1 1\n0.5 snapshot x\n1 end\n"
        #expect(try ReplayScript.parse(Array(text.utf8), file: "f") == ReplayScript.parse(text, file: "f"))
    }

    @Test func aFileTooBigOrWithTooManyLinesIsRefused() {
        let big = [UInt8](repeating: 0x0A, count: ReplayLimits.maxBytes + 1)
        #expect(throws: ScriptError(file: "big", line: 1, message: "the file has \(ReplayLimits.maxBytes + 1) bytes, more than the \(ReplayLimits.maxBytes) a replay may have")) {
            try ReplayScript.parse(big, file: "big")
        }
        let many = String(repeating: "\n", count: ReplayLimits.maxLines) + "0 end\n"
        #expect(throws: ScriptError(file: "many", line: ReplayLimits.maxLines + 1, message: "more than \(ReplayLimits.maxLines) lines, the most a replay may have")) {
            try ReplayScript.parse(Array(many.utf8), file: "many")
        }
        // Exactly the most lines, with the final newline, is fine.
        let most = String(repeating: "\n", count: ReplayLimits.maxLines - 1) + "0 end\n"
        #expect((try? ReplayScript.parse(Array(most.utf8), file: "most"))?.events.count == 1)
    }

    @Test func simulatedDisplaysKeepToTheScreenLimits() throws {
        var sim = SimulatedDisplays()
        #expect(throws: DisplayError("display TV: 16384x16384 has a side longer than 8192 (screens are \(ScreenLimits.description))")) {
            try sim.connect("TV", size: Size(w: 16384, h: 16384))
        }
        for i in 1..<ScreenLimits.maxDisplays { try sim.connect("D\(i)", size: Size(w: 1920, h: 1080)) }
        #expect(throws: DisplayError("display one-too-many: already 8 displays, the most a desk may have is 8")) {
            try sim.connect("one-too-many", size: Size(w: 1920, h: 1080))
        }
        #expect(sim.displays.count == ScreenLimits.maxDisplays)
    }

    @Test func screenLimitsAcceptRealScreensOnly() {
        #expect(ScreenLimits.problem(w: 1280, h: 720) == nil)
        #expect(ScreenLimits.problem(w: 7680, h: 4320) == nil)
        #expect(ScreenLimits.problem(w: 8192, h: 4050) == nil)
        #expect(ScreenLimits.problem(w: 8192, h: 4320) != nil)
        #expect(ScreenLimits.problem(w: .infinity, h: 720) != nil)
        #expect(ScreenLimits.problem(w: .nan, h: 720) != nil)
    }
}
