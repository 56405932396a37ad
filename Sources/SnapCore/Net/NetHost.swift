/// The host's side of network play as a value: connections, sign-in with the join code, seats,
/// reconnect tokens, the judgement of every intent and the limits. It does no I/O: the transport
/// hands it what happened on a connection (with the time), and it answers with messages to send,
/// connections to close and inputs for the table, which go through `TableSession.handle` like
/// every local input. Intents are stamped with their arrival time, so calls are ordered by when
/// they reached the host.
public struct NetHost: Sendable {
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
    }

    public struct Outgoing: Sendable, Equatable {
        public var connection: Connection
        public var message: NetServerMessage
    }

    public struct Closing: Sendable, Equatable {
        public var connection: Connection
        public var reason: String
    }

    /// One seat a client may take.
    struct Member: Sendable {
        var player: String
        var seat: Int
        var name: String?
        var token: String?
        var connection: Connection?
        /// Set while the client is away: its seat waits until `awaySince + grace`.
        var awaySince: Double?
    }

    struct Link: Sendable {
        var peer: String
        var openedAt: Double
        var player: String?
        var lastHeard: Double
        /// Arrival times of the last messages, for the rate limit.
        var recent: [Double] = []
        var refused = false
    }

    public let code: String
    public let limits: NetLimits
    /// The player at the hosting screen (nil when headless): never given to a client.
    public let hostPlayer: String?
    var members: [Member]
    var links: [Connection: Link] = [:]
    var rng: SplitMix64
    var nextPing = 0
    var lastPingAt: Double?
    /// Events to send with the next update (calls as they reach the host).
    var pendingEvents: [NetEvent] = []
    public private(set) var seq = 0
    var lastRoster: [NetPlayer]?
    var lastState: NetGameState??
    /// The first round was dealt: from then on a dropped player's seat keeps its cards.
    var dealt = false
    /// Connections closed to make room since the last log line about them (a flood would
    /// otherwise write a line each).
    var evictedUnlogged = 0
    var lastEvictionLog: Double?

    /// `seats`: the table's players (id, absolute seat); `tokenSeed` makes the reconnect tokens
    /// (the shell passes a random one).
    public init(code: String, seats: [(id: String, seat: Int)], hostPlayer: String?, tokenSeed: UInt64, limits: NetLimits = .standard) {
        self.code = code
        self.limits = limits
        self.hostPlayer = hostPlayer
        members = seats.filter { $0.id != hostPlayer }.sorted { $0.seat < $1.seat }.map { Member(player: $0.id, seat: $0.seat) }
        rng = SplitMix64(seed: tokenSeed)
    }

    /// The players signed in now (connected or away within their grace).
    public var signedIn: [String] { members.filter { $0.token != nil }.map(\.player) }
    public var connectionCount: Int { links.count }
    /// Connections that have not signed in (yet).
    public var pendingCount: Int { links.values.filter { $0.player == nil }.count }
    public func connection(of player: String) -> Connection? { members.first { $0.player == player }?.connection }

    /// Seats a newcomer could take now: nobody signed in to them (a dropped client's seat waits
    /// for its token) and no controller at the host took them. What the network announcement says.
    public func freeSeats(in table: GameTable?) -> Int { members.count { Self.isOpen($0, table: table) } }

    /// A seat a controller at the host has taken is not open.
    static func isOpen(_ m: Member, table: GameTable?) -> Bool {
        m.token == nil && [.computer, .waiting].contains(table?.seat(of: m.player)?.control ?? .computer)
    }

    // MARK: - The one entry point

    /// `table` is the host's table as it is now (for judging intents).
    public mutating func handle(_ event: Event, at t: Double, table: GameTable?) -> Output {
        if table?.rules != nil { dealt = true }
        var out = expire(at: t)
        switch event {
        case let .opened(c, peer):
            out.append(admit(c, peer: peer, at: t))
        case .text(let c, let text):
            guard links[c] != nil else { break }
            out.append(frame(c, text, at: t, table: table))
        case .binary(let c, let bytes):
            guard links[c] != nil else { break }
            if bytes > limits.maxFrameBytes {
                out.append(drop(c, at: t, reason: "a frame of \(bytes) bytes (over \(limits.maxFrameBytes))"))
            } else if countAndCheckRate(c, at: t) {
                out.send.append(Outgoing(connection: c, message: .error(intent: nil, id: nil, reason: "binary frames are not part of the protocol: send JSON text")))
            } else {
                out.append(drop(c, at: t, reason: "more than \(limits.maxMessagesPerSecond) messages in a second"))
            }
        case .closed(let c):
            out.append(lost(c, at: t, reason: "the connection closed"))
        case .tick:
            break
        }
        return out
    }

    /// What the clients must hear after the table moved: who sits where when that changed, and
    /// an update when something happened or the game changed. `events` are the table's since the
    /// last call (`TableSession.takeNetEvents`).
    public mutating func publish(table: GameTable, events: [NetEvent]) -> [Outgoing] {
        if table.rules != nil { dealt = true }
        var out: [Outgoing] = []
        let roster = roster(of: table)
        let receivers = members.compactMap { $0.token != nil ? $0.connection : nil }
        if roster != lastRoster {
            lastRoster = roster
            out += receivers.map { Outgoing(connection: $0, message: .ready(players: roster)) }
        }
        let all = pendingEvents + events
        pendingEvents = []
        let state = table.rules.map(NetGameState.init(game:))
        let changed = lastState.map { Self.differs($0, state) } ?? true
        guard !all.isEmpty || changed else { return out }
        lastState = .some(state)
        seq += 1
        out += receivers.map { Outgoing(connection: $0, message: .update(seq: seq, events: all, state: state)) }
        return out
    }

    /// The host is shutting down: every client is told, then closed.
    public func farewell() -> Output {
        var out = Output()
        for c in links.keys.sorted() {
            out.send.append(Outgoing(connection: c, message: .hostLeaving))
            out.close.append(Closing(connection: c, reason: "the host is leaving"))
        }
        return out
    }

    /// The seats as clients see them (absolute seats).
    public func roster(of table: GameTable) -> [NetPlayer] {
        table.seats.map { s in
            let kind: NetPlayer.Kind
            if s.id == hostPlayer, s.control == .local { kind = .host }
            else if let m = members.first(where: { $0.player == s.id }), m.token != nil { kind = m.connection == nil ? .away : .remote }
            else { kind = s.control == .waiting ? .free : .computer }
            return NetPlayer(id: s.id, name: s.name, seat: s.seat, kind: kind)
        }
    }

    /// Whether clients must hear of the change: anything but the clock, and flights that landed
    /// (clients drop those by themselves; the deal alone would be 52 updates).
    static func differs(_ a: NetGameState?, _ b: NetGameState?) -> Bool {
        guard var a, var b else { return (a == nil) != (b == nil) }
        if b.flights.contains(where: { !a.flights.contains($0) }) { return true }
        a.clock = 0
        b.clock = 0
        a.flights = []
        b.flights = []
        return a != b
    }

    // MARK: - Frames

    mutating func frame(_ c: Connection, _ text: String, at t: Double, table: GameTable?) -> Output {
        var out = Output()
        let bytes = text.utf8.count
        guard bytes <= limits.maxFrameBytes else {
            return drop(c, at: t, reason: "a frame of \(bytes) bytes (over \(limits.maxFrameBytes))")
        }
        guard countAndCheckRate(c, at: t) else {
            return drop(c, at: t, reason: "more than \(limits.maxMessagesPerSecond) messages in a second")
        }
        links[c]?.lastHeard = t
        let message: NetClientMessage
        do { message = try NetClientMessage.decode(text) } catch {
            guard links[c]?.player != nil else { return refuse(c, .badHello, "the first message must be a hello: \(error)") }
            out.send.append(Outgoing(connection: c, message: .error(intent: nil, id: nil, reason: "message not understood: \(error)")))
            return out
        }
        switch message {
        case let .hello(version, code, name, token):
            guard links[c]?.player == nil else {
                out.send.append(Outgoing(connection: c, message: .error(intent: nil, id: nil, reason: "already signed in: hello is only the first message")))
                return out
            }
            return hello(c, version: version, code: code, name: name, token: token, at: t, table: table)
        case .intent(let intent):
            guard let p = links[c]?.player else { return refuse(c, .badHello, "the first message must be a hello, not an intent") }
            return judge(intent, from: p, connection: c, at: t, table: table)
        case .pong:
            return out
        }
    }

    /// True while the connection stays within the rate; counts this message.
    mutating func countAndCheckRate(_ c: Connection, at t: Double) -> Bool {
        guard var l = links[c] else { return false }
        l.recent = l.recent.filter { $0 > t - 1 } + [t]
        links[c] = l
        return l.recent.count <= limits.maxMessagesPerSecond
    }

    // MARK: - Sign-in

    mutating func hello(_ c: Connection, version: Int, code given: String, name raw: String, token: String?, at t: Double, table: GameTable?) -> Output {
        guard version == NetProtocol.version else {
            return refuse(c, .badVersion, "this host speaks protocol \(NetProtocol.version), not \(version)")
        }
        guard given.uppercased() == code.uppercased() else { return refuse(c, .wrongCode, "wrong join code \"\(given.prefix(16))\"") }
        let name = String(raw.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !name.isEmpty else { return refuse(c, .badHello, "the name is empty") }
        if let why = TextLimit.name.excess(name) { return refuse(c, .badHello, "the name \(why)") }
        var out = Output()
        if let token {
            guard let i = members.firstIndex(where: { $0.token == token }) else {
                return refuse(c, .unknownToken, "that reconnect token is unknown or its seat was given up (away too long, or freed by the host): join again without it")
            }
            if let old = members[i].connection {
                // The same client on a new connection (the old one half-open): the new one wins.
                links[old]?.player = nil
                out.close.append(Closing(connection: old, reason: "replaced by a new connection of \(members[i].player)"))
            }
            let wasAway = members[i].awaySince != nil
            members[i].connection = c
            members[i].awaySince = nil
            links[c]?.player = members[i].player
            out.send.append(Outgoing(connection: c, message: .welcome(playerID: members[i].player, token: token, seat: members[i].seat)))
            out.log.append("\(members[i].name ?? members[i].player) is back (connection \(c))")
            if wasAway {
                out.inputs.append(.net(.back(player: members[i].player)))
                pendingEvents.append(NetEvent(.playerBack, time: t, player: members[i].player, name: members[i].name))
            }
            forceResend()
            return out
        }
        guard let i = members.firstIndex(where: { Self.isOpen($0, table: table) }) else {
            return refuse(c, .tableFull, "the table is full (\(members.count + (hostPlayer == nil ? 0 : 1)) players)")
        }
        let tok = newToken()
        members[i].token = tok
        members[i].name = name
        members[i].connection = c
        links[c]?.player = members[i].player
        out.send.append(Outgoing(connection: c, message: .welcome(playerID: members[i].player, token: tok, seat: members[i].seat)))
        out.inputs.append(.net(.joined(player: members[i].player, name: name)))
        out.log.append("\(name) joined as \(members[i].player) in seat \(members[i].seat) (connection \(c))")
        pendingEvents.append(NetEvent(.playerJoined, time: t, player: members[i].player, name: name))
        forceResend()
        return out
    }

    /// A newcomer gets the roster and the whole state with the next publish.
    mutating func forceResend() {
        lastRoster = nil
        lastState = nil
    }

    mutating func newToken() -> String {
        let a = rng.next(), b = rng.next()
        return String(a, radix: 16).leftPadded(16) + String(b, radix: 16).leftPadded(16)
    }

    mutating func refuse(_ c: Connection, _ r: NetRefusal, _ message: String) -> Output {
        var out = Output()
        links[c]?.refused = true
        out.send.append(Outgoing(connection: c, message: .refusal(r, message: message)))
        out.close.append(Closing(connection: c, reason: "refused (\(r.rawValue)): \(message)"))
        out.log.append("connection \(c) refused: \(message)")
        links[c] = nil
        return out
    }

    // MARK: - Judgement

    /// The host is the only judge: the right player, at the right moment, a legal move.
    mutating func judge(_ intent: NetIntent, from p: String, connection c: Connection, at t: Double, table: GameTable?) -> Output {
        var out = Output()
        if let reason = Self.verdict(on: intent, from: p, table: table) {
            out.send.append(Outgoing(connection: c, message: .error(intent: intent.kind, id: intent.id, reason: reason)))
            return out
        }
        switch intent.kind {
        case .turnOver: out.inputs.append(.play(.turnOver(player: p)))
        case .snap:
            out.inputs.append(.play(.callSnap(player: p)))
        case .nextRound: out.inputs.append(.net(.deal))
        case .leave:
            if let i = members.firstIndex(where: { $0.player == p }) {
                members[i].token = nil
                members[i].connection = nil
                members[i].awaySince = nil
            }
            links[c]?.player = nil
            out.inputs += [.net(.away(player: p)), .net(.released(player: p))]
            out.close.append(Closing(connection: c, reason: "\(p) left the table"))
            out.log.append("\(p) left the table; a computer player takes the seat")
            pendingEvents.append(NetEvent(.playerLeft, time: t, player: p))
            links[c] = nil
        }
        return out
    }

    /// Why an intent is not taken now, or nil when it is.
    public static func verdict(on intent: NetIntent, from p: String, table: GameTable?) -> String? {
        if let claimed = intent.player, claimed != p { return "you play \(p), not \(claimed)" }
        guard let table else { return "the table is not ready" }
        if intent.kind == .leave { return nil }
        if table.isPaused || table.rules?.isPaused == true { return "the game is paused" }
        switch intent.kind {
        case .turnOver:
            guard let g = table.rules, g.phase == .playing else { return "no turns now (\(table.rules?.phase.rawValue ?? "before the first deal"))" }
            guard g.active == p else { return "it is \(g.active.map(table.name(of:)) ?? "nobody")'s turn, not yours" }
            return nil
        case .snap:
            guard let g = table.rules else { return "no calls before the first deal" }
            guard g.player(p) != nil else { return "you are not dealt in this round" }
            guard g.player(p)?.out == false else { return "you are out of this round" }
            switch g.phase {
            case .dealing: return "the cards are still being dealt"
            case .roundOver: return "the round is over"
            case .playing: return nil
            }
        case .nextRound:
            guard table.canDeal else {
                return table.rules == nil ? "not enough players to deal" : "the round is not over (\(table.rules!.phase.rawValue))"
            }
            return nil
        case .leave:
            return nil
        }
    }

    // MARK: - Room for newcomers

    /// A new connection always gets in: when the bounds on connections that have not signed in
    /// are reached, the oldest of those makes room (`NetAdmission`). Signed-in players are never
    /// closed for room, so a flood of silent connections holds no seat and keeps nobody out.
    mutating func admit(_ c: Connection, peer: String, at t: Double) -> Output {
        var out = Output()
        let waiting = links.filter { $0.value.player == nil }.mapValues { NetAdmission.Waiting(peer: $0.peer, since: $0.openedAt) }
        let room = min(limits.maxPending, limits.maxConnections - (links.count - waiting.count))
        for v in NetAdmission.makeRoom(in: waiting, for: peer, perAddress: limits.maxPendingPerAddress, total: room) {
            out.append(evict(v.id, v.why))
        }
        guard links.count < limits.maxConnections else {
            // Only signed-in players are left (a limit smaller than the table): nothing to close.
            out.send.append(Outgoing(connection: c, message: .refusal(.busy, message: "the host has \(links.count) players connected: try again later")))
            out.close.append(Closing(connection: c, reason: "refused (busy): \(limits.maxConnections) connections are open"))
            out.log.append("connection \(c) from \(peer) refused: \(limits.maxConnections) connections are open")
            return out
        }
        links[c] = Link(peer: peer, openedAt: t, lastHeard: t)
        return out
    }

    /// Closes a connection that has not signed in, to make room; it hears why (and may retry).
    mutating func evict(_ c: Connection, _ why: String) -> Output {
        var out = Output()
        links[c] = nil
        out.send.append(Outgoing(connection: c, message: .refusal(.busy, message: "the host is busy (\(why)): try again")))
        out.close.append(Closing(connection: c, reason: "closed to make room: \(why)"))
        evictedUnlogged += 1
        return out
    }

    // MARK: - Away seats

    /// How long a dropped player's seat waits for its token: long once there are cards to keep.
    var grace: Double { dealt ? limits.reconnectGrace : limits.lobbyGrace }

    /// The host frees the seat of a player who dropped out, before the grace runs out: the token
    /// stops working and anyone with the code may take the seat (a computer player plays it
    /// meanwhile, cards and all). Nil when no player is away from `seat`.
    public mutating func freeAwaySeat(seat: Int) -> Output? {
        guard let i = members.firstIndex(where: { $0.seat == seat && $0.token != nil && $0.connection == nil }) else { return nil }
        return release(i, why: "freed by the host")
    }

    /// The seats of players who dropped out and may still come back, for the host's screen.
    public var awaySeats: [(player: String, seat: Int, name: String?)] {
        members.filter { $0.token != nil && $0.connection == nil }.map { ($0.player, $0.seat, $0.name) }
    }

    mutating func release(_ i: Int, why: String) -> Output {
        var out = Output()
        out.log.append("\(members[i].name ?? members[i].player)'s seat is free again (\(why))")
        members[i].token = nil
        members[i].awaySince = nil
        members[i].name = nil
        out.inputs.append(.net(.released(player: members[i].player)))
        forceResend()
        return out
    }

    // MARK: - Dropping out

    /// Closes a client that broke a limit; its seat waits for it like any dropped one.
    mutating func drop(_ c: Connection, at t: Double, reason: String) -> Output {
        var out = lost(c, at: t, reason: reason)
        out.close.append(Closing(connection: c, reason: reason))
        return out
    }

    /// A connection is gone: its player is away (a computer player plays until they are back).
    mutating func lost(_ c: Connection, at t: Double, reason: String) -> Output {
        var out = Output()
        guard let link = links.removeValue(forKey: c) else { return out }
        guard let p = link.player, let i = members.firstIndex(where: { $0.player == p && $0.connection == c }) else {
            out.log.append("connection \(c) closed: \(reason)")
            return out
        }
        members[i].connection = nil
        members[i].awaySince = t
        out.inputs.append(.net(.away(player: p)))
        out.log.append("\(members[i].name ?? p) dropped out (\(reason)); a computer player keeps the seat for \(Int(grace)) s")
        pendingEvents.append(NetEvent(.playerLeft, time: t, player: p))
        return out
    }

    /// Pings, silent clients, hello timeouts and seats whose grace ran out.
    mutating func expire(at t: Double) -> Output {
        var out = Output()
        for (c, l) in links.sorted(by: { $0.key < $1.key }) {
            if l.player == nil, t - l.openedAt > limits.helloTimeout {
                out.append(refuse(c, .badHello, "no hello within \(Int(limits.helloTimeout)) s"))
            } else if l.player != nil, t - l.lastHeard > limits.pongTimeout {
                out.append(drop(c, at: t, reason: "no answer for \(Int(limits.pongTimeout)) s"))
            }
        }
        for i in members.indices {
            if let since = members[i].awaySince, t - since > grace {
                out.append(release(i, why: "away over \(Int(grace)) s"))
            }
        }
        if evictedUnlogged > 0, t - (lastEvictionLog ?? -.infinity) >= 5 {
            out.log.append("\(evictedUnlogged) connections that had not signed in were closed to make room")
            evictedUnlogged = 0
            lastEvictionLog = t
        }
        if t - (lastPingAt ?? -.infinity) >= limits.pingInterval {
            lastPingAt = t
            nextPing += 1
            for (c, l) in links.sorted(by: { $0.key < $1.key }) where l.player != nil {
                out.send.append(Outgoing(connection: c, message: .ping(nextPing)))
            }
        }
        return out
    }

    /// When `handle(.tick)` next has something to do (a ping, a timeout), for the shell's sleep.
    public func nextDue(after t: Double) -> Double {
        var due = (lastPingAt ?? t) + limits.pingInterval
        for l in links.values { due = min(due, l.player == nil ? l.openedAt + limits.helloTimeout : l.lastHeard + limits.pongTimeout) }
        for m in members { if let s = m.awaySince { due = min(due, s + grace) } }
        if evictedUnlogged > 0 { due = min(due, (lastEvictionLog ?? t) + 5) }
        return max(t, due)
    }
}

extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
