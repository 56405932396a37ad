import Foundation

/// The one line a server sends instead of `hello` when it will not serve a client (it is full,
/// for example), just before it closes: `{"type":"refused","protocol":"snap-input","version":1,
/// "reason":TEXT}`. Older clients drop it as an unknown type and see the connection close.
public struct InputRefusal: Equatable, Sendable {
    public var reason: String

    public init(reason: String) { self.reason = String(reason.prefix(InputMessage.maxNameLength)) }

    /// One line of JSON, without the newline.
    public func encoded() -> String {
        let o: [String: Any] = ["type": "refused", "protocol": "snap-input", "version": InputMessage.version, "reason": reason]
        let data = try! JSONSerialization.data(withJSONObject: o, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// The refusal in `line`, or nil when the line is not one.
    public static func decode(_ line: Substring) -> InputRefusal? {
        guard line.utf8.count < InputMessage.maxLineBytes, let data = line.data(using: .utf8),
              let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              o["type"] as? String == "refused", o["protocol"] as? String == "snap-input" else { return nil }
        let reason = (o["reason"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "no reason given"
        return InputRefusal(reason: reason)
    }
}
