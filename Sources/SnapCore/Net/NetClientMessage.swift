#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A message from a client to the host: one JSON object per WebSocket text frame, named by its
/// `type` (see docs/protocol.md).
public enum NetClientMessage: Sendable, Equatable {
    /// The first message: the protocol version, the join code, the player's name, and the
    /// reconnect token when coming back to a seat.
    case hello(protocolVersion: Int, code: String, name: String, token: String?)
    case intent(NetIntent)
    /// The answer to the host's `ping` with the same number, and the client's clock if it tells it.
    case pong(Int, times: NetPongTimes? = nil)
}

/// What a pong may say of the client's clock (docs/protocol.md, "Fair races"): when the ping came
/// in and when the pong left, on the client's own clock, and its typical update-to-drawn time.
public struct NetPongTimes: Sendable, Equatable {
    public var received: Double?
    public var sent: Double?
    public var drawLag: Double?

    public init(received: Double?, sent: Double?, drawLag: Double? = nil) {
        self.received = received
        self.sent = sent
        self.drawLag = drawLag
    }
}

/// Why a frame could not be read as a message: said back to the sender in an `error`.
public struct NetMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension NetClientMessage: Codable {
    enum Key: String, CodingKey { case type, `protocol`, code, name, token, intent, player, id, ping, received, sent, drawLag, seen, drawn, pressed }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "hello":
            self = .hello(protocolVersion: try c.decode(Int.self, forKey: .protocol), code: try c.decode(String.self, forKey: .code),
                          name: try c.decode(String.self, forKey: .name), token: try c.decodeIfPresent(String.self, forKey: .token))
        case "intent":
            let raw = try c.decode(String.self, forKey: .intent)
            guard let kind = NetIntent.Kind(rawValue: raw) else {
                throw NetMessageError("unknown intent \"\(raw)\" (turnOver, snap, nextRound or leave)")
            }
            var claim: CallClaim?
            // All three or none: a partial account is no account.
            if let seen = try c.decodeIfPresent(Int.self, forKey: .seen), let drawn = try c.decodeIfPresent(Double.self, forKey: .drawn),
               let pressed = try c.decodeIfPresent(Double.self, forKey: .pressed) {
                claim = CallClaim(seen: seen, drawn: drawn, pressed: pressed)
            }
            self = .intent(NetIntent(kind, player: try c.decodeIfPresent(String.self, forKey: .player), id: try c.decodeIfPresent(Int.self, forKey: .id),
                                     claim: claim))
        case "pong":
            let times = NetPongTimes(received: try c.decodeIfPresent(Double.self, forKey: .received), sent: try c.decodeIfPresent(Double.self, forKey: .sent),
                                     drawLag: try c.decodeIfPresent(Double.self, forKey: .drawLag))
            let told = times.received != nil || times.sent != nil || times.drawLag != nil
            self = .pong(try c.decode(Int.self, forKey: .ping), times: told ? times : nil)
        default:
            throw NetMessageError("unknown message type \"\(type)\" (hello, intent or pong)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case let .hello(v, code, name, token):
            try c.encode("hello", forKey: .type)
            try c.encode(v, forKey: .protocol)
            try c.encode(code, forKey: .code)
            try c.encode(name, forKey: .name)
            try c.encodeIfPresent(token, forKey: .token)
        case let .intent(i):
            try c.encode("intent", forKey: .type)
            try c.encode(i.kind.rawValue, forKey: .intent)
            try c.encodeIfPresent(i.player, forKey: .player)
            try c.encodeIfPresent(i.id, forKey: .id)
            try c.encodeIfPresent(i.claim?.seen, forKey: .seen)
            try c.encodeIfPresent(i.claim?.drawn, forKey: .drawn)
            try c.encodeIfPresent(i.claim?.pressed, forKey: .pressed)
        case let .pong(n, times):
            try c.encode("pong", forKey: .type)
            try c.encode(n, forKey: .ping)
            try c.encodeIfPresent(times?.received, forKey: .received)
            try c.encodeIfPresent(times?.sent, forKey: .sent)
            try c.encodeIfPresent(times?.drawLag, forKey: .drawLag)
        }
    }

    /// Reads one text frame; the error names what was wrong.
    public static func decode(_ text: String) throws(NetMessageError) -> NetClientMessage {
        do {
            return try JSONDecoder().decode(NetClientMessage.self, from: Data(text.utf8))
        } catch let e as NetMessageError {
            throw e
        } catch let DecodingError.keyNotFound(key, _) {
            throw NetMessageError("missing field \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw NetMessageError("field \"\(ctx.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type")
        } catch let DecodingError.valueNotFound(_, ctx) {
            throw NetMessageError("field \"\(ctx.codingPath.map(\.stringValue).joined(separator: "."))\" is null")
        } catch {
            throw NetMessageError("not a JSON object")
        }
    }

    public func text() -> String { NetJSON.text(self) }
}

/// One compact encoding for every message (sorted keys: the same message is the same bytes).
public enum NetJSON {
    public static func text<T: Encodable>(_ value: T) -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every message type here encodes without failing (no non-finite numbers are sent).
        guard let d = try? e.encode(value) else { return "{}" }
        return String(decoding: d, as: UTF8.self)
    }
}
