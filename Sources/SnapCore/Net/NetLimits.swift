/// The network game's bounds on size, rate and time, shared by the host and the docs.
public struct NetLimits: Sendable, Equatable {
    /// A frame longer than this closes the connection (16 KiB).
    public var maxFrameBytes = 16 * 1024
    /// More messages than this in one second from one client drops it.
    public var maxMessagesPerSecond = 50
    /// How often the host pings each client.
    public var pingInterval = 1.0
    /// A client that has not answered a ping for this long is treated as dropped.
    public var pongTimeout = 10.0
    /// A dropped player's seat (cards and all) waits this long for its reconnect token.
    public var reconnectGrace = 120.0
    /// Before the first deal there are no cards to keep: a dropped player's seat waits only this
    /// long (a network blip), then anyone with the code may take it.
    public var lobbyGrace = 15.0
    /// A connection that has not said hello after this long is closed.
    public var helloTimeout = 10.0
    /// Sockets the host keeps at once, signed in or not (memory stays bounded). When they are
    /// all in use, the oldest connection that has not signed in is closed to make room.
    public var maxConnections = 24
    /// Connections that have not signed in yet, from everywhere together; past it the oldest
    /// of the address with the most of them is closed to make room (signed-in players never count).
    public var maxPending = 16
    /// Connections that have not signed in yet from one address; past it that address's oldest
    /// is closed to make room.
    public var maxPendingPerAddress = 4
    /// The HTTP request (a WebSocket upgrade or a page) must arrive whole within this many seconds
    /// of connecting, or of its first byte on a kept-alive connection (slow headers, slow bodies).
    public var httpRequestTimeout = 10.0
    /// A kept-alive HTTP connection with no request in flight is closed after this long.
    public var httpIdleTimeout = 15.0
    /// Sockets still speaking HTTP (not yet a WebSocket: connecting, upgrading, asking for a
    /// page, idle), in total: past it the oldest of the address holding the most is closed, so
    /// the host's sockets (file descriptors, memory) stay bounded.
    public var maxHTTPConnections = 512
    /// Sockets still speaking HTTP from one address: past it that address's oldest is closed.
    public var maxHTTPPerAddress = 128
    /// An HTTP request's header fields together (a page or the WebSocket upgrade needs well
    /// under 2 KiB): past it the socket is closed.
    public var maxHTTPHeaderBytes = 16 * 1024
    /// The longest name a player may give (as the seating's limit).
    public var maxNameLength = Seating.maxNameLength

    public init() {}

    public static let standard = NetLimits()
}

/// The protocol's version: a hello with any other is refused with `badVersion`.
public enum NetProtocol {
    public static let version = 1
}
