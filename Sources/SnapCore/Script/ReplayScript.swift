/// A scripted run: `TIME VERB ARGS...` per line, `#` starts a comment, TIME in seconds from
/// the start and never going backwards.
public struct ReplayScript: Equatable, Sendable {
    public var events: [ReplayEvent]

    public init(events: [ReplayEvent]) { self.events = events }

    public static func parse(_ text: String, file: String) throws(ScriptError) -> ReplayScript {
        var events: [ReplayEvent] = []
        var lastTime = 0.0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNo = index + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard !words.isEmpty else { continue }
            func fail(_ m: String) -> ScriptError { ScriptError(file: file, line: lineNo, message: m) }
            guard let time = Double(words[0]), time.isFinite, time >= 0 else {
                throw fail("'\(words[0])' is not a time in seconds (expected TIME VERB ARGS...)")
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
        return ReplayScript(events: events)
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
        case "focus":
            guard args == ["lost"] else { throw Reason(message: "expected 'focus lost'") }
            return .focusLost
        case "snapshot":
            guard args.count == 1 else { throw Reason(message: "snapshot takes one NAME") }
            let name = args[0]
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }), !name.hasPrefix(".") else {
                throw Reason(message: "snapshot name '\(name)' may hold only letters, digits, '-', '_' and '.'")
            }
            return .snapshot(name)
        case "end":
            guard args.isEmpty else { throw Reason(message: "end takes no arguments") }
            return .end
        case "display":
            switch (args.first, args.count) {
            case ("connect", 4):
                guard let w = Double(args[2]), let h = Double(args[3]), w >= 320, h >= 180, w <= 16384, h <= 16384 else {
                    throw Reason(message: "display size '\(args[2]) \(args[3])' is not W H in pixels (320x180 to 16384x16384)")
                }
                return .display(.connect(name: args[1], size: Size(w: w, h: h)))
            case ("disconnect", 2):
                return .display(.disconnect(name: args[1]))
            default:
                throw Reason(message: "expected 'display connect NAME W H' or 'display disconnect NAME'")
            }
        case "pad":
            return .pad(try parsePad(args))
        case _ where SeatCommand.verbs.contains(verb):
            do { return .seat(try SeatCommand.parse([verb] + args)) } catch { throw Reason(message: error.message) }
        default:
            throw Reason(message: "unknown verb '\(verb)' (expected mouse, key, focus, snapshot, end, player, active, wins, snap, status, display or pad)")
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
