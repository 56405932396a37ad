extension GameTable {
    /// Whose game the table plays: its own, one it serves to clients, or a host's it shows.
    /// Each side carries only what it needs, so a client has no invite and a host no host to lose.
    public enum NetRole: Sendable {
        case local
        case host(HostSide)
        case client(ClientSide)

        public var isHost: Bool { if case .host = self { true } else { false } }
        public var isClient: Bool { if case .client = self { true } else { false } }

        /// A host keeps what the rules did for its clients; nobody else has anyone to tell.
        mutating func record(_ events: [NetEvent]) {
            guard case .host(var side) = self, !events.isEmpty else { return }
            self = .local
            side.events += events
            self = .host(side)
        }
    }

    /// What a hosting table keeps of the network.
    public struct HostSide: Sendable {
        /// How to join (the TV shows its QR code while a seat is open); nil at a headless host.
        public internal(set) var invite: JoinInvite?
        /// What happened since the host last told its clients.
        var events: [NetEvent] = []
        /// Seats network players hold (while away too): a controller at the host does not take them.
        var remoteSeats: Set<String> = []
        /// `--record`: the rules keep a journal.
        var recording = false
        /// The window and connection marks from the host's measures (`NetHost.reportLinks`).
        public internal(set) var links = LinkReport(window: 0, marks: [:])
    }

    /// What a client's table keeps of the network.
    public struct ClientSide: Sendable {
        /// The host went away: why (the status says so).
        public internal(set) var hostGone: String?
        /// The host plays a game or a house rule this version does not know: which (the status
        /// says so, and Leave is the way out; nothing is drawn wrong meanwhile).
        public internal(set) var unknownGame: String?
    }

    /// How to join this hosted game.
    public var invite: JoinInvite? { if case .host(let side) = net { side.invite } else { nil } }

    /// The host's seats that network players hold; none elsewhere.
    var remoteSeats: Set<String> { if case .host(let side) = net { side.remoteSeats } else { [] } }

    /// The mark on a remote player's connection, at a host.
    public func linkMark(of player: String) -> LinkQuality? { if case .host(let side) = net { side.links.marks[player] } else { nil } }

    /// A client whose host went away: why.
    public var hostGone: String? { if case .client(let side) = net { side.hostGone } else { nil } }

    /// A client whose host plays what this version does not know: what.
    public var unknownGame: String? { if case .client(let side) = net { side.unknownGame } else { nil } }
}
