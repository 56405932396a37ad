/// The host's open WebSockets: where each comes from, since when, who signed in on it, and the
/// bounds on them — room for newcomers (`NetAdmission` picks whom to close), the frame size and
/// rate limits, and the hello and silence timeouts.
struct NetLinks: Sendable {
    typealias Connection = NetHost.Connection

    struct Link: Sendable {
        var peer: String
        var openedAt: Double
        var player: String?
        var lastHeard: Double
        /// Arrival times of the last messages, for the rate limit.
        var recent: [Double] = []
        /// Its clock and delay, from the pongs (signed-in connections are pinged).
        var clock = LinkClock()
    }

    /// Why a connection is past its time.
    enum Overdue: Equatable {
        case noHello, silent
    }

    let limits: NetLimits
    private(set) var byConnection: [Connection: Link] = [:]
    /// Connections closed to make room since the last log line about them (a flood would
    /// otherwise write a line each).
    private var evictedUnlogged = 0
    private var lastEvictionLog: Double?
    /// Frames the transport handed over and not judged yet, per connection: a hello already
    /// received is judged before its connection could be closed to make room.
    private(set) var framesWaiting: [Connection: Int] = [:]

    init(limits: NetLimits) { self.limits = limits }

    var count: Int { byConnection.count }
    /// Connections that have not signed in (yet).
    var pendingCount: Int { byConnection.values.count { $0.player == nil } }
    func isOpen(_ c: Connection) -> Bool { byConnection[c] != nil }
    func player(on c: Connection) -> String? { byConnection[c]?.player }
    /// Connections with a player signed in, in order.
    var signedIn: [Connection] { byConnection.filter { $0.value.player != nil }.keys.sorted() }
    var all: [Connection] { byConnection.keys.sorted() }

    // MARK: - Room for newcomers

    /// A new connection always gets in: when the bounds on connections that have not signed in
    /// are reached, the oldest of those makes room (`NetAdmission`). Signed-in players are never
    /// closed for room, so a flood of silent connections holds no seat and keeps nobody out.
    mutating func admit(_ c: Connection, peer: String, at t: Double) -> NetHost.Output {
        var out = NetHost.Output()
        let waiting = byConnection.filter { $0.value.player == nil }.mapValues { NetAdmission.Waiting(peer: $0.peer, since: $0.openedAt) }
        let room = min(limits.maxPending, limits.maxConnections - (byConnection.count - waiting.count))
        for v in NetAdmission.makeRoom(in: waiting, for: peer, perAddress: limits.maxPendingPerAddress, total: room,
                                       spared: Set(framesWaiting.keys)) {
            out.append(evict(v.id, v.why))
        }
        guard byConnection.count < limits.maxConnections else {
            // Only signed-in players are left (a limit smaller than the table): nothing to close.
            out.send(.refusal(.busy, message: "the host has \(byConnection.count) players connected: try again later"), to: c)
            out.close(c, because: "refused (busy): \(limits.maxConnections) connections are open")
            out.log.append("connection \(c) from \(peer) refused: \(limits.maxConnections) connections are open")
            return out
        }
        byConnection[c] = Link(peer: peer, openedAt: t, lastHeard: t)
        return out
    }

    /// Closes a connection that has not signed in, to make room; it hears why (and may retry).
    private mutating func evict(_ c: Connection, _ why: String) -> NetHost.Output {
        var out = NetHost.Output()
        byConnection[c] = nil
        out.send(.refusal(.busy, message: "the host is busy (\(why)): try again"), to: c)
        out.close(c, because: "closed to make room: \(why)")
        evictedUnlogged += 1
        return out
    }

    /// One line for the connections closed to make room, at most every 5 s.
    mutating func evictionLog(at t: Double) -> String? {
        guard evictedUnlogged > 0, t - (lastEvictionLog ?? -.infinity) >= 5 else { return nil }
        defer {
            evictedUnlogged = 0
            lastEvictionLog = t
        }
        return "\(evictedUnlogged) connections that had not signed in were closed to make room"
    }

    // MARK: - Frames

    /// Frames from these connections have arrived and will be handled next, in order.
    mutating func framesArrived(from connections: [Connection]) {
        for c in connections { framesWaiting[c, default: 0] += 1 }
    }

    /// One frame from `c` is being judged: once its last is, `c` may make room again.
    mutating func frameHandled(from c: Connection) {
        guard let n = framesWaiting[c] else { return }
        framesWaiting[c] = n > 1 ? n - 1 : nil
    }

    /// Why a frame of `bytes` closes `c` (too long, or one too many this second), or nil when
    /// it is within the limits; it counts for the rate.
    mutating func limitBroken(by c: Connection, bytes: Int, at t: Double) -> String? {
        guard bytes <= limits.maxFrameBytes else { return "a frame of \(bytes) bytes (over \(limits.maxFrameBytes))" }
        guard var l = byConnection[c] else { return nil }
        l.recent = l.recent.filter { $0 > t - 1 } + [t]
        byConnection[c] = l
        return l.recent.count <= limits.maxMessagesPerSecond ? nil : "more than \(limits.maxMessagesPerSecond) messages in a second"
    }

    /// A message from `c` answers the pings.
    mutating func heard(_ c: Connection, at t: Double) { byConnection[c]?.lastHeard = t }

    mutating func pinged(_ c: Connection, _ n: Int, at t: Double) { byConnection[c]?.clock.pinged(n, at: t) }

    mutating func ponged(_ c: Connection, _ n: Int, times: NetPongTimes?, at t: Double) {
        byConnection[c]?.clock.ponged(n, received: times?.received, sent: times?.sent, drawLag: times?.drawLag, at: t)
    }

    func clock(of c: Connection) -> LinkClock { byConnection[c]?.clock ?? LinkClock() }

    // MARK: - Sign-in and closing

    /// `player` is signed in on `c` (nil: nobody any more, the connection is on its way out).
    mutating func sign(_ c: Connection, as player: String?) { byConnection[c]?.player = player }

    /// Forgets `c`; returns what it was.
    mutating func remove(_ c: Connection) -> Link? { byConnection.removeValue(forKey: c) }

    /// Turns `c` away: it hears why and is closed.
    mutating func refuse(_ c: Connection, _ r: NetRefusal, _ message: String) -> NetHost.Output {
        var out = NetHost.Output()
        out.send(.refusal(r, message: message), to: c)
        out.close(c, because: "refused (\(r.rawValue)): \(message)")
        out.log.append("connection \(c) refused: \(message)")
        byConnection[c] = nil
        return out
    }

    // MARK: - Time

    /// Connections that said no hello in time, or whose player went silent, in order.
    func overdue(at t: Double) -> [(Connection, Overdue)] {
        byConnection.sorted { $0.key < $1.key }.compactMap { c, l in
            if l.player == nil, t - l.openedAt > limits.helloTimeout { return (c, .noHello) }
            if l.player != nil, t - l.lastHeard > limits.pongTimeout { return (c, .silent) }
            return nil
        }
    }

    /// When the next timeout or eviction log line is due, if any.
    func nextDue(after t: Double) -> Double? {
        var due = byConnection.values.map { $0.player == nil ? $0.openedAt + limits.helloTimeout : $0.lastHeard + limits.pongTimeout }
        if evictedUnlogged > 0 { due.append((lastEvictionLog ?? t) + 5) }
        return due.min()
    }
}
