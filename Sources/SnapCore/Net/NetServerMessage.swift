#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Someone at the host's table, with their absolute seat (0...3, clockwise).
public struct NetPlayer: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable {
        /// Plays at the hosting screen.
        case host
        /// A signed-in client.
        case remote
        /// A computer player.
        case computer
        /// A client that dropped out: a computer player keeps the seat warm until they are back.
        case away
        /// Nobody (computer players are off).
        case free
    }

    public var id: String
    public var name: String
    public var seat: Int
    public var kind: Kind

    public init(id: String, name: String, seat: Int, kind: Kind) {
        self.id = id
        self.name = name
        self.seat = seat
        self.kind = kind
    }
}

/// Why the host turned a hello down; the connection is closed after the refusal.
public enum NetRefusal: String, Sendable, Equatable, Codable {
    case wrongCode, tableFull, badVersion, badHello, unknownToken
    /// Too many connections were waiting to sign in: this one was closed to make room. Nothing
    /// is wrong with the client; it may try again at once.
    case busy
}

/// A message from the host to a client: one JSON object per WebSocket text frame.
public enum NetServerMessage: Sendable, Equatable {
    /// The hello was accepted: the player this connection plays and the token that gets the
    /// seat back after a drop (for `NetLimits.reconnectGrace`).
    case welcome(playerID: String, token: String, seat: Int)
    case refusal(NetRefusal, message: String)
    /// Who sits where, sent to every client whenever it changes.
    case ready(players: [NetPlayer])
    /// What happened since the last update (`seq` counts updates from 1, per connection without
    /// gaps) and the whole game afterwards (null on the start screen, before the first deal).
    case update(seq: Int, events: [NetEvent], state: NetGameState?)
    /// An intent that was not taken, and why.
    case error(intent: NetIntent.Kind?, id: Int?, reason: String)
    /// The host is shutting down; the connection closes after this.
    case hostLeaving
    /// Answer with `pong` carrying the same number; `time` is the host's clock when it left.
    case ping(Int, time: Double? = nil)
}

extension NetServerMessage: Codable {
    enum Key: String, CodingKey { case type, playerID, token, seat, reason, message, players, seq, events, state, intent, id, ping, time }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "welcome":
            self = .welcome(playerID: try c.decode(String.self, forKey: .playerID), token: try c.decode(String.self, forKey: .token),
                            seat: try c.decode(Int.self, forKey: .seat))
        case "refusal":
            self = .refusal(try c.decode(NetRefusal.self, forKey: .reason), message: try c.decode(String.self, forKey: .message))
        case "ready":
            self = .ready(players: try c.decode([NetPlayer].self, forKey: .players))
        case "update":
            self = .update(seq: try c.decode(Int.self, forKey: .seq), events: try c.decode(NetEvent.Known.self, forKey: .events).events,
                           state: try c.decodeIfPresent(NetGameState.self, forKey: .state))
        case "error":
            self = .error(intent: try c.decodeIfPresent(NetIntent.Kind.self, forKey: .intent), id: try c.decodeIfPresent(Int.self, forKey: .id),
                          reason: try c.decode(String.self, forKey: .reason))
        case "hostLeaving":
            self = .hostLeaving
        case "ping":
            self = .ping(try c.decode(Int.self, forKey: .ping), time: try c.decodeIfPresent(Double.self, forKey: .time))
        default:
            throw NetMessageError("unknown message type \"\(type)\"")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case let .welcome(p, token, seat):
            try c.encode("welcome", forKey: .type)
            try c.encode(p, forKey: .playerID)
            try c.encode(token, forKey: .token)
            try c.encode(seat, forKey: .seat)
        case let .refusal(r, m):
            try c.encode("refusal", forKey: .type)
            try c.encode(r, forKey: .reason)
            try c.encode(m, forKey: .message)
        case let .ready(players):
            try c.encode("ready", forKey: .type)
            try c.encode(players, forKey: .players)
        case let .update(seq, events, state):
            try c.encode("update", forKey: .type)
            try c.encode(seq, forKey: .seq)
            try c.encode(events, forKey: .events)
            try c.encode(state, forKey: .state)
        case let .error(kind, id, reason):
            try c.encode("error", forKey: .type)
            try c.encodeIfPresent(kind, forKey: .intent)
            try c.encodeIfPresent(id, forKey: .id)
            try c.encode(reason, forKey: .reason)
        case .hostLeaving:
            try c.encode("hostLeaving", forKey: .type)
        case let .ping(n, time):
            try c.encode("ping", forKey: .type)
            try c.encode(n, forKey: .ping)
            try c.encodeIfPresent(time, forKey: .time)
        }
    }

    public static func decode(_ text: String) throws(NetMessageError) -> NetServerMessage {
        do {
            return try JSONDecoder().decode(NetServerMessage.self, from: Data(text.utf8))
        } catch let e as NetMessageError {
            throw e
        } catch {
            throw NetMessageError("the host sent something unreadable: \(error)")
        }
    }

    public func text() -> String { NetJSON.text(self) }
}
