/// What the signed-in clients have heard: the roster and the state last sent, the update's
/// sequence number, and the host's own events (players coming and going) waiting for the next
/// update. Sends only what changed.
struct NetPublisher: Sendable {
    private(set) var seq = 0
    /// Events to send with the next update (calls as they reach the host).
    private var pending: [NetEvent] = []
    private var lastRoster: [NetPlayer]?
    private var lastState: NetGameState??
    /// When the last updates left, by number: a call names the update it answered.
    private var sent: [(seq: Int, at: Double)] = []
    static let sentKept = 64

    /// An event of the host's for the next update.
    mutating func note(_ e: NetEvent) { pending.append(e) }

    /// A newcomer gets the roster and the whole state with the next publish.
    mutating func forceResend() {
        lastRoster = nil
        lastState = nil
    }

    /// The roster when it changed, and an update when something happened or the game changed.
    /// `events` are the table's since the last call.
    mutating func publish(roster: [NetPlayer], state: NetGameState?, events: [NetEvent],
                          to receivers: [NetHost.Connection], at t: Double) -> [NetHost.Outgoing] {
        var out: [NetHost.Outgoing] = []
        if roster != lastRoster {
            lastRoster = roster
            out += receivers.map { NetHost.Outgoing(connection: $0, message: .ready(players: roster)) }
        }
        let all = pending + events
        pending = []
        let changed = lastState.map { Self.differs($0, state) } ?? true
        guard !all.isEmpty || changed else { return out }
        lastState = .some(state)
        seq += 1
        sent.append((seq, t))
        if sent.count > Self.sentKept { sent.removeFirst() }
        out += receivers.map { NetHost.Outgoing(connection: $0, message: .update(seq: seq, events: all, state: state)) }
        return out
    }

    /// When update `seq` left, if it is one of the last ones.
    func sentAt(_ seq: Int) -> Double? { sent.last { $0.seq == seq }?.at }

    /// Whether clients must hear of the change: anything but the clock, the window (it slews a
    /// little every frame while a far player's connection changes: it goes with the next real
    /// update), and flights that landed (clients drop those by themselves; the deal alone would
    /// be 52 updates).
    static func differs(_ a: NetGameState?, _ b: NetGameState?) -> Bool {
        guard var a, var b else { return (a == nil) != (b == nil) }
        if b.flights.contains(where: { !a.flights.contains($0) }) { return true }
        a.clock = 0
        b.clock = 0
        a.window = 0
        b.window = 0
        a.flights = []
        b.flights = []
        return a != b
    }
}
