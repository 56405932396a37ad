/// What reaches the host from the transport, and what it answers.
extension NetHost {
    public typealias Connection = Int

    /// What happened on the transport.
    public enum Event: Sendable, Equatable {
        /// `peer`: the address it comes from (without the port), for the per-address bound.
        case opened(Connection, peer: String)
        /// A text frame; its size counts in UTF-8 bytes.
        case text(Connection, String)
        /// A binary frame of this many bytes (the protocol has none: answered with an error).
        case binary(Connection, bytes: Int)
        case closed(Connection)
        /// Only time passes (pings, timeouts, expired seats).
        case tick

        /// The connection a frame came on (nil for what is not a frame).
        var frameConnection: Connection? {
            switch self {
            case .text(let c, _), .binary(let c, _): c
            case .opened, .closed, .tick: nil
            }
        }
    }

    public struct Output: Sendable, Equatable {
        public var send: [Outgoing] = []
        /// Connections to close (after what was sent to them), with the reason for the log.
        public var close: [Closing] = []
        /// For `TableSession.handle`, in order, at the time of the event.
        public var inputs: [TableInput] = []
        public var log: [String] = []

        public init() {}

        mutating func append(_ o: Output) {
            send += o.send
            close += o.close
            inputs += o.inputs
            log += o.log
        }

        mutating func send(_ m: NetServerMessage, to c: Connection) { send.append(Outgoing(connection: c, message: m)) }

        mutating func close(_ c: Connection, because reason: String) { close.append(Closing(connection: c, reason: reason)) }
    }

    public struct Outgoing: Sendable, Equatable {
        public var connection: Connection
        public var message: NetServerMessage
    }

    public struct Closing: Sendable, Equatable {
        public var connection: Connection
        public var reason: String
    }
}
