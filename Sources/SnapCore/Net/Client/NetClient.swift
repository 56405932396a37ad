/// A client's side of network play after the welcome, as a value: what the host's messages
/// mean for the table, the clock offset to the host, lost updates, and getting back after the
/// connection drops (dialling again with the seat's token, within the host's grace). It does no
/// I/O: the shell hands it what the link heard, with the time, and carries out what it answers.
public struct NetClient: Sendable {
    /// What the link heard.
    public enum Heard: Sendable, Equatable {
        case message(NetServerMessage)
        /// A frame that was not a message.
        case unreadable(String)
        /// The connection ended (or a new try never started): why.
        case closed(String)
    }

    /// What the shell does.
    public enum Effect: Sendable, Equatable {
        /// For the table, through `TableSession.handle`.
        case table(NetTableInput)
        /// Answer ping `n`, which came at `received` on this machine's clock (the shell adds when
        /// the pong leaves) with the typical update-to-drawn time.
        case pong(Int, received: Double, drawLag: Double?)
        /// Dial the host again with the seat's token.
        case redial
        /// An update came: its number, for the network log (which records the game it left).
        case updated(seq: Int)
        /// The host is gone for good and the run started at the menu: the join screen says why.
        case backToMenu(Parting)
        case log(LogLevel, String)
    }

    /// How long a client keeps trying to get back after its connection dropped: within the
    /// host's 120 s grace for the seat.
    public static let reconnectSeconds = 110.0

    public let me: String
    /// Leave returns to the menu (the run started there).
    let menuHome: Bool
    /// The host's clock minus this one's, from the first state.
    public private(set) var offset: Double?
    /// When the first state arrived (a replay on a client starts from it).
    public private(set) var firstState: Double?
    private(set) var lastSeq = 0
    /// The host said it is leaving, or will not take us back: no more tries.
    public private(set) var gone = false
    /// While dialling back: until when, the next try and how many so far.
    private(set) var retryUntil: Double?
    private(set) var nextTry = 0.0
    private(set) var tries = 0
    /// Tests only (`--reflex-lies`): every call claims a reaction of 0 ms.
    public var lies = false
    /// When the host's updates reached the screen, for a call's account of itself.
    public private(set) var screen = ClientScreen()

    public init(me: String, menuHome: Bool) {
        self.me = me
        self.menuHome = menuHome
    }

    /// Moves go to the host only while it is there to take them.
    public var connected: Bool { !gone && retryUntil == nil }

    /// When the shell must wake for the next try, while dialling back.
    public var nextDue: Double? { retryUntil == nil ? nil : nextTry }

    /// A frame showing every update heard so far was presented at `t` (headless: taken in).
    public mutating func presented(at t: Double) { screen.presented(at: t) }

    /// `intent` as it goes to the host: a call says what it answered (docs/protocol.md, "Fair
    /// races"), pressed at `t`.
    public func account(_ intent: NetIntent, pressed t: Double) -> NetIntent {
        guard intent.kind == .snap, let shown = screen.seen(pressed: t) else { return intent }
        var i = intent
        // A lying client (tests of the bound) claims it pressed the moment the match showed.
        i.claim = CallClaim(seen: shown.seq, drawn: shown.drawn, pressed: lies ? shown.drawn : t)
        return i
    }

    /// One thing the link heard at `t`. After `.backToMenu` nothing more is for this table.
    public mutating func hear(_ heard: Heard, at t: Double) -> [Effect] {
        switch heard {
        case .message(let m): message(m, at: t)
        case .unreadable(let why): [.log(.warning, "the host sent something unreadable: \(why)")]
        case .closed(let why): closed(why, at: t)
        }
    }

    /// Time passing: the next try when one is due.
    public mutating func tick(at t: Double) -> [Effect] {
        guard retryUntil != nil, t >= nextTry else { return [] }
        tries += 1
        nextTry = t + min(5, Double(1 << min(tries, 3)))
        return [.redial]
    }

    private mutating func message(_ m: NetServerMessage, at t: Double) -> [Effect] {
        switch m {
        case .ready(let players):
            return [.table(.roster(me: me, players: players))]
        case let .update(seq, events, state):
            if offset == nil, let state { offset = t - state.clock }
            screen.heard(seq, pairs: state?.matchPairs ?? [], at: t)
            var out: [Effect] = [.table(.update(events: events, state: state, offset: offset ?? 0))]
            if state != nil, firstState == nil { firstState = t }
            if seq != lastSeq + 1, lastSeq != 0 { out.append(.log(.warning, "update \(seq) after \(lastSeq): updates were lost")) }
            lastSeq = seq
            return out + [.updated(seq: seq)]
        case .error(_, _, let reason):
            return [.table(.refused(reason))]
        case .ping(let n, _):
            return [.pong(n, received: t, drawLag: screen.drawLag)]
        case .hostLeaving:
            gone = true
            retryUntil = nil
            return menuHome ? [.backToMenu(.hostLeft)] : [.table(.hostGone("it closed the game"))]
        case .welcome(let p, _, _):
            guard retryUntil != nil, p == me else { return [] }
            retryUntil = nil
            lastSeq = 0
            return [.log(.notice, "back at the table after \(tries) tries"), .table(.reconnected)]
        case .refusal(.busy, let message) where retryUntil != nil:
            // A flood at the host closed this try to make room: the next one may get in.
            return [.log(.notice, "the host is busy: \(message)")]
        case .refusal(_, let message):
            // The host is there but will not give the seat back: nothing more to try.
            retryUntil = nil
            gone = true
            return [.log(.warning, "the host did not take us back: \(message)")]
        }
    }

    private mutating func closed(_ why: String, at t: Double) -> [Effect] {
        guard !gone else { return [] }
        guard let until = retryUntil else {
            // Said at once; dialling back goes on quietly in case it was the network.
            retryUntil = t + Self.reconnectSeconds
            tries = 0
            nextTry = t + 1
            return [.table(.hostGone(why))]
        }
        guard t >= until else { return [] }
        retryUntil = nil
        gone = true
        let out: [Effect] = [.log(.warning, "gave up reconnecting after \(tries) tries")]
        return menuHome ? out + [.backToMenu(.lost(why))] : out
    }
}
