#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// The one line a server sends instead of `hello` when it will not serve a client (it is full,
/// for example), just before it closes: `{"type":"refused","protocol":"snap-input","version":1,
/// "reason":TEXT}`. Older clients drop it as an unknown type and see the connection close.
public struct InputRefusal: Equatable, Sendable {
    public var reason: String

    public init(reason: String) { self.reason = String(reason.prefix(InputMessage.maxNameLength)) }

    /// One line of JSON, without the newline.
    public func encoded() -> String {
        JSONValue.line(["type": .string("refused"), "protocol": .string("snap-input"), "version": .int(InputMessage.version),
                        "reason": .string(reason)])
    }

    /// The refusal in `line`, or nil when the line is not one.
    public static func decode(_ line: Substring) -> InputRefusal? {
        guard line.utf8.count < InputMessage.maxLineBytes, let o = JSONValue.object(line),
              o["type"]?.string == "refused", o["protocol"]?.string == "snap-input" else { return nil }
        let reason = o["reason"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? "no reason given"
        return InputRefusal(reason: reason)
    }
}
