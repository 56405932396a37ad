#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// What the input daemon tells its clients, one JSON object per line (docs/input-protocol.md).
public enum InputMessage: Equatable, Sendable {
    case hello(version: Int, server: String)
    case added(id: Int, name: String, profile: PadProfile, player: Int)
    case removed(id: Int)
    /// `time`: the daemon's CLOCK_MONOTONIC reading in seconds when it read the event, when it sent one.
    case button(id: Int, PadButton, pressed: Bool, value: Double, time: Double? = nil)
    case axis(id: Int, PadAxis, x: Double, y: Double, time: Double? = nil)

    public static let version = 1
    /// The longest line, newline included; longer ones are dropped whole.
    public static let maxLineBytes = 1024
    static let maxNameLength = 128
    /// The largest `time` accepted: about 31 years of uptime, so any real CLOCK_MONOTONIC reading.
    static let maxTime = 1e9

    /// When the daemon read the event (CLOCK_MONOTONIC seconds on this machine), for the
    /// button and axis messages that carry it; nil for every other message and for daemons
    /// that send no stamp.
    public var time: Double? {
        switch self {
        case .button(_, _, _, _, let t), .axis(_, _, _, _, let t): t
        case .hello, .added, .removed: nil
        }
    }

    /// One line of JSON, without the newline.
    public func encoded() -> String {
        var o: [String: JSONValue]
        switch self {
        case .hello(let v, let server): o = ["type": .string("hello"), "protocol": .string("snap-input"), "version": .int(v), "server": .string(server)]
        case .added(let id, let name, let profile, let player):
            o = ["type": .string("added"), "id": .int(id), "name": .string(name), "profile": .string(profile.rawValue), "player": .int(player)]
        case .removed(let id): o = ["type": .string("removed"), "id": .int(id)]
        case .button(let id, let b, let pressed, let value, let time):
            o = ["type": .string("button"), "id": .int(id), "button": .string(b.rawValue), "pressed": .bool(pressed), "value": .number(value)]
            if let time { o["time"] = .number(time) }
        case .axis(let id, let a, let x, let y, let time):
            o = ["type": .string("axis"), "id": .int(id), "axis": .string(a.rawValue), "x": .number(x), "y": .number(y)]
            if let time { o["time"] = .number(time) }
        }
        return JSONValue.line(o)
    }

    /// Parses and checks one line; the error says what was wrong with it.
    public static func decode(_ line: Substring) throws(InputProtocolError) -> InputMessage {
        guard line.utf8.count < maxLineBytes else { throw .oversize(line.utf8.count) }
        guard let o = JSONValue.object(line) else { throw .invalid("not a JSON object") }
        guard let type = o["type"]?.string else { throw .invalid("no \"type\"") }
        func int(_ k: String, _ range: ClosedRange<Int>) throws(InputProtocolError) -> Int {
            guard let n = o[k]?.number, let i = Int(exactly: n), range.contains(i) else { throw .badValue(type, k) }
            return i
        }
        func number(_ k: String, _ range: ClosedRange<Double>) throws(InputProtocolError) -> Double {
            guard let n = o[k]?.number, n.isFinite, range.contains(n) else { throw .badValue(type, k) }
            return n
        }
        /// Optional: absent is nil, present must be a number in range.
        func optionalNumber(_ k: String, _ range: ClosedRange<Double>) throws(InputProtocolError) -> Double? {
            o[k] == nil ? nil : try number(k, range)
        }
        func string(_ k: String) throws(InputProtocolError) -> String {
            guard let s = o[k]?.string, !s.isEmpty, s.count <= maxNameLength else { throw .badValue(type, k) }
            return s
        }
        switch type {
        case "hello":
            guard o["protocol"]?.string == "snap-input" else { throw .badValue(type, "protocol") }
            return .hello(version: try int("version", 1...1_000_000), server: try string("server"))
        case "added":
            guard let p = PadProfile(rawValue: try string("profile")) else { throw .badValue(type, "profile") }
            return .added(id: try int("id", 0...Int(Int32.max)), name: try string("name"), profile: p, player: try int("player", 0...15))
        case "removed":
            return .removed(id: try int("id", 0...Int(Int32.max)))
        case "button":
            guard let b = PadButton(rawValue: try string("button")) else { throw .badValue(type, "button") }
            guard let pressed = o["pressed"]?.bool else { throw .badValue(type, "pressed") }
            return .button(id: try int("id", 0...Int(Int32.max)), b, pressed: pressed, value: try number("value", 0...1),
                           time: try optionalNumber("time", 0...maxTime))
        case "axis":
            guard let a = PadAxis(rawValue: try string("axis")) else { throw .badValue(type, "axis") }
            return .axis(id: try int("id", 0...Int(Int32.max)), a, x: try number("x", -1...1), y: try number("y", -1...1),
                         time: try optionalNumber("time", 0...maxTime))
        default:
            throw .unknownType(String(type.prefix(40)))
        }
    }
}
