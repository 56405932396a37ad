/// A scripted run: `TIME VERB ARGS...` per line, `#` starts a comment, TIME in seconds from
/// the start and never going backwards.
public struct ReplayScript: Equatable, Sendable {
    public var events: [ReplayEvent]

    public init(events: [ReplayEvent]) { self.events = events }

    /// Parses a whole script held as text. Bounded by `ReplayLimits` (size and lines).
    public static func parse(_ text: String, file: String) throws(ScriptError) -> ReplayScript {
        guard text.utf8.count <= ReplayLimits.maxBytes else {
            throw ScriptError(file: file, line: 1, message: "the file has \(text.utf8.count) bytes, more than the \(ReplayLimits.maxBytes) a replay may have")
        }
        var parser = LineParser(file: file)
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try parser.add(raw, line: index + 1)
        }
        return ReplayScript(events: parser.events)
    }

    /// Parses a script read as bytes (a file): the bounds are checked before decoding, and a line
    /// that is not UTF-8 is an error naming that line.
    public static func parse(_ data: [UInt8], file: String) throws(ScriptError) -> ReplayScript {
        guard data.count <= ReplayLimits.maxBytes else {
            throw ScriptError(file: file, line: 1, message: "the file has \(data.count) bytes, more than the \(ReplayLimits.maxBytes) a replay may have")
        }
        var parser = LineParser(file: file)
        var lineNo = 0
        for raw in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNo += 1
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw ScriptError(file: file, line: lineNo, message: "the line is not UTF-8 text")
            }
            try parser.add(Substring(text), line: lineNo)
        }
        return ReplayScript(events: parser.events)
    }

    /// Line by line, keeping the time order.
    struct LineParser {
        let file: String
        var events: [ReplayEvent] = []
        var lastTime = 0.0

        init(file: String) { self.file = file }

        mutating func add(_ raw: Substring, line lineNo: Int) throws(ScriptError) {
            // An empty last line (the file's final newline) is not a line of its own.
            guard lineNo <= ReplayLimits.maxLines || raw.isEmpty else {
                throw ScriptError(file: file, line: lineNo, message: "more than \(ReplayLimits.maxLines) lines, the most a replay may have")
            }
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard !words.isEmpty else { return }
            func fail(_ m: String) -> ScriptError { ScriptError(file: file, line: lineNo, message: m) }
            guard let time = Double(words[0]), time.isFinite, time >= 0 else {
                throw fail("'\(words[0])' is not a time in seconds (expected TIME VERB ARGS...)")
            }
            guard time <= ReplayLimits.maxTime else {
                throw fail("time \(words[0]) is later than \(Int(ReplayLimits.maxTime)) seconds, the latest a replay may go")
            }
            guard time >= lastTime else { throw fail("time \(words[0]) is before the previous line's \(lastTime)") }
            guard words.count >= 2 else { throw fail("missing verb after the time") }
            do {
                let command = try parseCommand(verb: String(words[1]), args: words.dropFirst(2).map(String.init))
                events.append(ReplayEvent(time: time, line: lineNo, command: command))
            } catch {
                throw fail(error.message)
            }
            lastTime = time
        }
    }

    /// A reason without a place; `parse` adds file and line.
    struct Reason: Error { var message: String }

    static func parseCommand(verb: String, args: [String]) throws(Reason) -> ReplayCommand {
        switch verb {
        case "mouse": return try parseMouse(args)
        case "key":
            guard args.count == 1 else { throw Reason(message: "key takes one name (\(names(KeyName.allCases)))") }
            guard let k = KeyName(rawValue: args[0].lowercased()) else {
                throw Reason(message: "unknown key '\(args[0])' (expected \(names(KeyName.allCases)))")
            }
            return .key(k)
        case "text":
            guard !args.isEmpty else { throw Reason(message: "text takes the STRING to type (words joined by one space)") }
            return .text(args.joined(separator: " "))
        case "choose":
            guard args.count == 1 else { throw Reason(message: "choose takes one menu item ID (play, host, join, settings, quit, start, back, ...)") }
            return .choose(args[0])
        case "focus":
            guard args == ["lost"] else { throw Reason(message: "expected 'focus lost'") }
            return .focusLost
        case "snapshot":
            guard args.count == 1 else { throw Reason(message: "snapshot takes one NAME") }
            let name = args[0]
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }), !name.hasPrefix(".") else {
                throw Reason(message: "snapshot name '\(name)' may hold only letters, digits, '-', '_' and '.'")
            }
            // NAME-mirror-2.json and the like must still be a legal file name.
            guard name.utf8.count <= ReplayLimits.maxSnapshotNameBytes else {
                throw Reason(message: "snapshot name of \(name.utf8.count) bytes is too long (at most \(ReplayLimits.maxSnapshotNameBytes), so every file it names fits in \(ReplayLimits.maxFileNameBytes))")
            }
            return .snapshot(name)
        case "end":
            guard args.isEmpty else { throw Reason(message: "end takes no arguments") }
            return .end
        case "display":
            switch (args.first, args.count) {
            case ("connect", 4):
                guard let w = Double(args[2]), let h = Double(args[3]) else {
                    throw Reason(message: "display size '\(args[2]) \(args[3])' is not W H in pixels (\(ScreenLimits.description))")
                }
                if let why = ScreenLimits.problem(w: w, h: h) {
                    throw Reason(message: "display size \(why) (screens are \(ScreenLimits.description))")
                }
                return .display(.connect(name: args[1], size: Size(w: w, h: h)))
            case ("disconnect", 2):
                return .display(.disconnect(name: args[1]))
            default:
                throw Reason(message: "expected 'display connect NAME W H' or 'display disconnect NAME'")
            }
        case "pad":
            return .pad(try parsePad(args))
        case "turn", "call":
            // Any player's move in the Snap! game (the local one's and controllers' come from
            // mouse, key and pad lines).
            guard args.count == 1 else { throw Reason(message: "expected '\(verb) PLAYER'") }
            return .play(verb == "turn" ? .turnOver(player: args[0]) : .callSnap(player: args[0]))
        case "found":
            guard (3...4).contains(args.count), let colon = args[1].lastIndex(of: ":"), let port = Int(args[1][args[1].index(after: colon)...]),
                  (1...65535).contains(port), let free = Int(args[2]), (0...3).contains(free), TextLimit.name.excess(args[0]) == nil,
                  args.count == 3 || GameKind(id: args[3]) != nil
            else {
                throw Reason(message: "expected 'found NAME HOST:PORT FREE [GAME]' (a one-word name, a port 1 to 65535, 0 to 3 seats free, "
                    + "a game: \(GameKind.ids.joined(separator: ", ")))")
            }
            return .found(FoundGame(name: args[0], host: String(args[1][..<colon]), port: port, free: free, game: args.count == 4 ? args[3] : GameKind.snap.id))
        case _ where SeatCommand.verbs.contains(verb):
            do { return .seat(try SeatCommand.parse([verb] + args)) } catch { throw Reason(message: error.message) }
        default:
            throw Reason(message: "unknown verb '\(verb)' (expected mouse, key, text, choose, focus, snapshot, end, player, active, wins, snap, status, display, pad, turn, call or found)")
        }
    }

    static func parseMouse(_ args: [String]) throws(Reason) -> ReplayCommand {
        guard args.count == 3 || args.count == 4 else { throw Reason(message: "expected 'mouse down|move|up X Y [WINDOW]'") }
        guard let action = MouseAction(rawValue: args[0]) else {
            throw Reason(message: "unknown mouse action '\(args[0])' (expected down, move or up)")
        }
        guard let x = Double(args[1]), let y = Double(args[2]), x.isFinite, y.isFinite else {
            throw Reason(message: "'\(args[1]) \(args[2])' is not an X Y position")
        }
        guard ScreenLimits.isOnSomeScreen(x), ScreenLimits.isOnSomeScreen(y) else {
            throw Reason(message: "position '\(args[1]) \(args[2])' is on no screen (X and Y in \(Int(ScreenLimits.coordinateRange.lowerBound))...\(Int(ScreenLimits.coordinateRange.upperBound)))")
        }
        let window = args.count == 4 ? args[3] : "primary"
        guard WindowRole(rawValue: window) != nil else { throw Reason(message: "unknown window '\(window)' (expected primary, mirror or table)") }
        return .mouse(action, Point(x: x, y: y), window: window)
    }

    static func parsePad(_ args: [String]) throws(Reason) -> PadCommand {
        let usage = "expected 'pad add ID PROFILE', 'pad remove ID', 'pad button ID NAME down|up' or 'pad axis ID NAME X Y'"
        guard args.count >= 2 else { throw Reason(message: usage) }
        guard let id = Int(args[1]), id >= 0 else { throw Reason(message: "pad id '\(args[1])' is not a whole number >= 0") }
        switch (args[0], args.count) {
        case ("add", 3):
            guard let p = PadProfile(rawValue: args[2]) else { throw Reason(message: "unknown profile '\(args[2])' (expected \(names(PadProfile.allCases)))") }
            return .add(id: id, profile: p)
        case ("remove", 2):
            return .remove(id: id)
        case ("button", 4):
            guard let b = PadButton(rawValue: args[2]) else { throw Reason(message: "unknown button '\(args[2])' (expected \(names(PadButton.allCases)))") }
            guard args[3] == "down" || args[3] == "up" else { throw Reason(message: "button state '\(args[3])' is not down or up") }
            return .button(id: id, b, down: args[3] == "down")
        case ("axis", 5):
            guard let a = PadAxis(rawValue: args[2]) else { throw Reason(message: "unknown axis '\(args[2])' (expected \(names(PadAxis.allCases)))") }
            guard let x = Double(args[3]), let y = Double(args[4]), x.isFinite, y.isFinite, abs(x) <= 1, abs(y) <= 1 else {
                throw Reason(message: "axis position '\(args[3]) \(args[4])' is not X Y in -1...1")
            }
            return .axis(id: id, a, x: x, y: y)
        default:
            throw Reason(message: usage)
        }
    }

    static func names<T: RawRepresentable>(_ all: [T]) -> String where T.RawValue == String {
        all.map(\.rawValue).joined(separator: ", ")
    }
}
