import Foundation

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
        var o: [String: Any]
        switch self {
        case .hello(let v, let server): o = ["type": "hello", "protocol": "snap-input", "version": v, "server": server]
        case .added(let id, let name, let profile, let player):
            o = ["type": "added", "id": id, "name": name, "profile": profile.rawValue, "player": player]
        case .removed(let id): o = ["type": "removed", "id": id]
        case .button(let id, let b, let pressed, let value, let time):
            o = ["type": "button", "id": id, "button": b.rawValue, "pressed": pressed, "value": value]
            if let time { o["time"] = time }
        case .axis(let id, let a, let x, let y, let time):
            o = ["type": "axis", "id": id, "axis": a.rawValue, "x": x, "y": y]
            if let time { o["time"] = time }
        }
        let data = try! JSONSerialization.data(withJSONObject: o, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses and checks one line; the error says what was wrong with it.
    public static func decode(_ line: Substring) throws(InputProtocolError) -> InputMessage {
        guard line.utf8.count < maxLineBytes else { throw .oversize(line.utf8.count) }
        guard let data = line.data(using: .utf8),
              let any = try? JSONSerialization.jsonObject(with: data), let o = any as? [String: Any] else {
            throw .invalid("not a JSON object")
        }
        guard let type = o["type"] as? String else { throw .invalid("no \"type\"") }
        func int(_ k: String, _ range: ClosedRange<Int>) throws(InputProtocolError) -> Int {
            guard let n = o[k] as? NSNumber, !Self.isBool(o[k]),
                  let i = Int(exactly: n.doubleValue), range.contains(i) else { throw .badValue(type, k) }
            return i
        }
        func number(_ k: String, _ range: ClosedRange<Double>) throws(InputProtocolError) -> Double {
            guard let n = o[k] as? NSNumber, !Self.isBool(o[k]), n.doubleValue.isFinite, range.contains(n.doubleValue) else {
                throw .badValue(type, k)
            }
            return n.doubleValue
        }
        /// Optional: absent is nil, present must be a number in range.
        func optionalNumber(_ k: String, _ range: ClosedRange<Double>) throws(InputProtocolError) -> Double? {
            o[k] == nil ? nil : try number(k, range)
        }
        func string(_ k: String) throws(InputProtocolError) -> String {
            guard let s = o[k] as? String, !s.isEmpty, s.count <= maxNameLength else { throw .badValue(type, k) }
            return s
        }
        switch type {
        case "hello":
            guard o["protocol"] as? String == "snap-input" else { throw .badValue(type, "protocol") }
            return .hello(version: try int("version", 1...1_000_000), server: try string("server"))
        case "added":
            guard let p = PadProfile(rawValue: try string("profile")) else { throw .badValue(type, "profile") }
            return .added(id: try int("id", 0...Int(Int32.max)), name: try string("name"), profile: p, player: try int("player", 0...15))
        case "removed":
            return .removed(id: try int("id", 0...Int(Int32.max)))
        case "button":
            guard let b = PadButton(rawValue: try string("button")) else { throw .badValue(type, "button") }
            guard Self.isBool(o["pressed"]), let pressed = o["pressed"] as? Bool else { throw .badValue(type, "pressed") }
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

    /// JSON true/false, as opposed to the numbers 1 and 0 (Foundation hands both back as NSNumber).
    static func isBool(_ v: Any?) -> Bool {
        guard let n = v as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }
}
