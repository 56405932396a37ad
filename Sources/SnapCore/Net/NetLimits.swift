/// The network game's bounds on size, rate and time, shared by the host and the docs.
public struct NetLimits: Sendable, Equatable {
    /// A frame longer than this closes the connection (16 KiB).
    public var maxFrameBytes = 16 * 1024
    /// More messages than this in one second from one client drops it.
    public var maxMessagesPerSecond = 50
    /// How often the host pings each client.
    public var pingInterval = 2.0
    /// A client that has not answered a ping for this long is treated as dropped.
    public var pongTimeout = 10.0
    /// A dropped player's seat (cards and all) waits this long for its reconnect token.
    public var reconnectGrace = 120.0
    /// A connection that has not said hello after this long is closed.
    public var helloTimeout = 10.0
    /// Connections at once (signed in or still to say hello); more are closed at once.
    public var maxConnections = 16
    /// The longest name a player may give (as the seating's limit).
    public var maxNameLength = Seating.maxNameLength

    public init() {}

    public static let standard = NetLimits()
}

/// The protocol's version: a hello with any other is refused with `badVersion`.
public enum NetProtocol {
    public static let version = 1
}
