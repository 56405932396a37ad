/// The host's side of network play as a value: connections, sign-in with the join code, seats,
/// reconnect tokens, the judgement of every intent and the limits. It does no I/O: the transport
/// hands it what happened on a connection (with the time), and it answers with messages to send,
/// connections to close and inputs for the table, which go through `TableSession.handle` like
/// every local input. Intents are stamped with their arrival time, so calls are ordered by when
/// they reached the host.
///
/// It composes parts with one job each: `NetLinks` (the connections and their limits),
/// `NetSignIn` (hellos and tokens), `SeatRoster` (who holds which seat), `NetPublisher` (what
/// the clients heard) and `NetPings`; the table judges intents (`GameTable.verdict`).
public struct NetHost: Sendable {
    public let limits: NetLimits
    /// The player at the hosting screen (nil when headless): never given to a client.
    public let hostPlayer: String?
    var signIn: NetSignIn
    var links: NetLinks
    var seats: SeatRoster
    var publisher = NetPublisher()
    var pings: NetPings
    /// The window and marks the table heard last (`reportLinks`).
    var linksReported: LinkReport?

    /// `seats`: the table's players (id, absolute seat); `tokenSeed` makes the reconnect tokens
    /// (the shell passes a random one).
    public init(code: String, seats: [(id: String, seat: Int)], hostPlayer: String?, tokenSeed: UInt64, limits: NetLimits = .standard) {
        self.limits = limits
        self.hostPlayer = hostPlayer
        signIn = NetSignIn(code: code, tokenSeed: tokenSeed)
        links = NetLinks(limits: limits)
        self.seats = SeatRoster(seats: seats, hostPlayer: hostPlayer, limits: limits)
        pings = NetPings(interval: limits.pingInterval)
    }

    public var code: String { signIn.code }
    /// The number of the last update sent.
    public var seq: Int { publisher.seq }
    /// The players signed in now (connected or away within their grace).
    public var signedIn: [String] { seats.signedIn }
    public var connectionCount: Int { links.count }
    /// Connections that have not signed in (yet).
    public var pendingCount: Int { links.pendingCount }
    public func connection(of player: String) -> Connection? { seats.connection(of: player) }

    /// Seats a newcomer could take now: nobody signed in to them (a dropped client's seat waits
    /// for its token) and no controller at the host took them. What the network announcement says.
    public func freeSeats(in table: GameTable?) -> Int { seats.freeSeats(in: table) }

    /// The seats of players who dropped out and may still come back, for the host's screen.
    public var awaySeats: [(player: String, seat: Int, name: String?)] { seats.away.map { ($0.player, $0.seat, $0.state.name) } }

    /// The seats as clients see them (absolute seats).
    public func roster(of table: GameTable) -> [NetPlayer] { seats.players(at: table, hostPlayer: hostPlayer) }

    // MARK: - The one entry point

    /// The transport holds these frames (one connection per frame, in order) and hands them to
    /// `handle` next: until its frames are judged, none of these connections is closed to make
    /// room for a newcomer (a hello that reached the host is answered, never cut off).
    public mutating func framesArriving(_ events: [Event]) {
        links.framesArrived(from: events.compactMap(\.frameConnection))
    }

    /// `table` is the host's table as it is now (for judging intents).
    public mutating func handle(_ event: Event, at t: Double, table: GameTable?) -> Output {
        if table?.rules != nil { seats.dealt = true }
        if let c = event.frameConnection { links.frameHandled(from: c) }
        var out = expire(at: t)
        switch event {
        case let .opened(c, peer):
            out.append(links.admit(c, peer: peer, at: t))
        case .text(let c, let text):
            guard links.isOpen(c) else { break }
            out.append(frame(c, text, at: t, table: table))
        case .binary(let c, let bytes):
            guard links.isOpen(c) else { break }
            if let why = links.limitBroken(by: c, bytes: bytes, at: t) {
                out.append(drop(c, at: t, reason: why))
            } else {
                out.send(.error(intent: nil, id: nil, reason: "binary frames are not part of the protocol: send JSON text"), to: c)
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
    public mutating func publish(table: GameTable, events: [NetEvent], at t: Double) -> [Outgoing] {
        if table.rules != nil { seats.dealt = true }
        return publisher.publish(roster: roster(of: table), state: table.rules.map(NetGameState.init(game:)), events: events,
                                 to: seats.receivers, at: t)
    }

    /// The host is shutting down: every client is told, then closed.
    public func farewell() -> Output {
        var out = Output()
        for c in links.all {
            out.send(.hostLeaving, to: c)
            out.close(c, because: "the host is leaving")
        }
        return out
    }

    /// When `handle(.tick)` next has something to do (a ping, a timeout), for the shell's sleep.
    public func nextDue(after t: Double) -> Double {
        max(t, min(pings.nextDue(after: t), links.nextDue(after: t) ?? .infinity, seats.nextExpiry ?? .infinity))
    }

    // MARK: - Frames

    mutating func frame(_ c: Connection, _ text: String, at t: Double, table: GameTable?) -> Output {
        var out = Output()
        if let why = links.limitBroken(by: c, bytes: text.utf8.count, at: t) { return drop(c, at: t, reason: why) }
        links.heard(c, at: t)
        let message: NetClientMessage
        do { message = try NetClientMessage.decode(text) } catch {
            guard links.player(on: c) != nil else { return links.refuse(c, .badHello, "the first message must be a hello: \(error)") }
            out.send(.error(intent: nil, id: nil, reason: "message not understood: \(error)"), to: c)
            return out
        }
        switch message {
        case let .hello(version, code, name, token):
            guard links.player(on: c) == nil else {
                out.send(.error(intent: nil, id: nil, reason: "already signed in: hello is only the first message"), to: c)
                return out
            }
            return hello(c, version: version, code: code, name: name, token: token, at: t, table: table)
        case .intent(let intent):
            guard let p = links.player(on: c) else { return links.refuse(c, .badHello, "the first message must be a hello, not an intent") }
            return judge(intent, from: p, connection: c, at: t, table: table)
        case let .pong(n, times):
            links.ponged(c, n, times: times, at: t)
            return out
        }
    }

    // MARK: - Time

    /// Pings, silent clients, hello timeouts and seats whose grace ran out.
    mutating func expire(at t: Double) -> Output {
        var out = Output()
        for (c, why) in links.overdue(at: t) {
            switch why {
            case .noHello: out.append(links.refuse(c, .badHello, "no hello within \(Int(limits.helloTimeout)) s"))
            case .silent: out.append(drop(c, at: t, reason: "no answer for \(Int(limits.pongTimeout)) s"))
            }
        }
        let grace = seats.grace
        for was in seats.expire(at: t) { out.append(released(was, why: "away over \(Int(grace)) s")) }
        if let line = links.evictionLog(at: t) { out.log.append(line) }
        if let n = pings.due(at: t) {
            for c in links.signedIn { out.append(ping(c, n, at: t)) }
        }
        out.append(reportLinks(at: t))
        return out
    }
}
