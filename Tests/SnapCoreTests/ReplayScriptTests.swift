import Testing
@testable import SnapCore

@Suite("Replay scripts parse, and bad lines are named")
struct ReplayScriptTests {
    @Test func parsesEveryVerb() throws {
        let text = """
            # a comment line
            0 mouse down 10 20
            0.5 mouse move 30.5 40   # trailing comment
            1 mouse up 30 40 primary

            1.2 key escape
            1.3 key F11
            1.4 focus lost
            2 snapshot after-drop
            2.1 player join Eve 2 Eve Smith
            2.2 player leave Eve
            2.3 active Ann
            2.4 wins Ann 3
            2.5 snap Ann
            2.6 status Game over
            2.7 pad add 4 extendedGamepad
            2.8 pad button 4 a down
            2.9 pad axis 4 leftThumbstick -0.5 1
            2.95 pad remove 4
            3 end
            """
        let s = try ReplayScript.parse(text, file: "r.txt")
        #expect(s.events.map(\.command) == [
            .mouse(.down, Point(x: 10, y: 20), window: "primary"),
            .mouse(.move, Point(x: 30.5, y: 40), window: "primary"),
            .mouse(.up, Point(x: 30, y: 40), window: "primary"),
            .key(.escape), .key(.f11), .focusLost, .snapshot("after-drop"),
            .seat(.join(id: "Eve", seat: 2, name: "Eve Smith")), .seat(.leave(id: "Eve")), .seat(.active(id: "Ann")),
            .seat(.wins(id: "Ann", count: 3)), .seat(.snap(id: "Ann")), .seat(.status("Game over")),
            .pad(.add(id: 4, profile: .extendedGamepad)), .pad(.button(id: 4, .a, down: true)),
            .pad(.axis(id: 4, .leftThumbstick, x: -0.5, y: 1)), .pad(.remove(id: 4)), .end,
        ])
        #expect(s.events.map(\.line) == [2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
        #expect(s.events[1].time == 0.5)
    }

    @Test(arguments: [
        ("0 pad add 1 joystick", "unknown profile 'joystick' (expected gamepad, extendedGamepad)"),
        ("0 pad button 1 a sideways", "button state 'sideways' is not down or up"),
        ("0 pad axis 1 dpad 2 0", "axis position '2 0' is not X Y in -1...1"),
        ("0 pad axis x dpad 0 0", "pad id 'x' is not a whole number >= 0"),
        ("0 mouse down 1", "expected 'mouse down|move|up X Y [WINDOW]'"),
        ("0 mouse press 1 2", "unknown mouse action 'press' (expected down, move or up)"),
        ("0 mouse down a 2", "'a 2' is not an X Y position"),
        ("0 mouse down 1 2 side", "unknown window 'side' (expected primary, mirror or table)"),
        ("x mouse down 1 2", "'x' is not a time in seconds (expected TIME VERB ARGS...)"),
        ("-1 end", "'-1' is not a time in seconds (expected TIME VERB ARGS...)"),
        ("1", "missing verb after the time"),
        ("0 jump", "unknown verb 'jump' (expected mouse, key, text, choose, focus, snapshot, end, player, active, wins, snap, status, display, pad, turn, call or found)"),
        ("0 key tab", "unknown key 'tab' (expected escape, f11, up, down, left, right, enter, backspace, space, s, m)"),
        ("0 focus gained", "expected 'focus lost'"),
        ("0 snapshot ../evil", "snapshot name '../evil' may hold only letters, digits, '-', '_' and '.'"),
        ("0 snapshot", "snapshot takes one NAME"),
        ("0 end now", "end takes no arguments"),
    ])
    func badLineIsReportedWithFileLineAndReason(line: String, message: String) {
        let text = "0 mouse move 1 1\n\(line)\n"
        #expect(throws: ScriptError(file: "s.replay", line: 2, message: message)) {
            try ReplayScript.parse(text, file: "s.replay")
        }
    }

    @Test func timeMayNotGoBackwards() {
        #expect(throws: ScriptError(file: "f", line: 2, message: "time 1 is before the previous line's 2.0")) {
            try ReplayScript.parse("2 end\n1 end\n", file: "f")
        }
    }

    @Test func errorDescriptionReadsLikeACompilerMessage() {
        #expect(ScriptError(file: "a.txt", line: 3, message: "oops").description == "a.txt:3: oops")
    }
}

@Suite("The found verb: a game on the join screen without a second machine")
struct FoundVerbTests {
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
