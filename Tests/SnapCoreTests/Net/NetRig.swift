import Foundation
@testable import SnapCore

/// A host's table, its `NetHost` and clients' tables joined in memory: what the transport does,
/// without sockets. Every message is encoded and decoded on the way, as on the wire.
struct NetRig {
    var host: TableSession
    var net: NetHost
    /// What each connection has been sent, decoded.
    var inbox: [Int: [NetServerMessage]] = [:]
    var closed: [Int: String] = [:]
    var now = 0.0
    /// seq -> digest of the host's game as that update sent it.
    var digests: [Int: UInt64] = [:]

    init(bots: BotLevel = .normal, seed: UInt64 = 7, headless: Bool = true, limits: NetLimits = .standard) throws {
        host = try snapSession(bots: bots, seed: seed)
        _ = host.handle(.net(.hosting(headless: headless)), at: 0)
        net = NetHost(code: "K7F2Q", seats: host.game!.seats.map { ($0.id, $0.seat) }, hostPlayer: headless ? nil : host.game!.me,
                      tokenSeed: 99, limits: limits)
    }

    /// One transport event at `now`, carried out: inputs to the table, then what the clients hear.
    @discardableResult
    mutating func event(_ e: NetHost.Event) -> NetHost.Output {
        let out = net.handle(e, at: now, table: host.game)
        carry(out)
        return out
    }

    mutating func carry(_ out: NetHost.Output) {
        for i in out.inputs { _ = host.handle(i, at: now) }
        deliver(out.send)
        for c in out.close { closed[c.connection] = c.reason }
        publish()
    }

    mutating func publish() {
        let events = host.takeNetEvents()
        let before = net.seq
        deliver(net.publish(table: host.game!, events: events, at: now))
        if net.seq != before, let g = host.game?.rules { digests[net.seq] = NetGameState(game: g).digest }
    }

    mutating func deliver(_ sends: [NetHost.Outgoing]) {
        for s in sends {
            // On the wire and back: what a client gets is what the JSON says.
            let decoded = try! NetServerMessage.decode(s.message.text())
            inbox[s.connection, default: []].append(decoded)
        }
    }

    @discardableResult
    mutating func send(_ c: Int, _ m: NetClientMessage) -> NetHost.Output { event(.text(c, m.text())) }

    /// A connection opens; each comes from an address of its own unless `peer` says otherwise.
    @discardableResult
    mutating func open(_ c: Int, from peer: String? = nil) -> NetHost.Output {
        event(.opened(c, peer: peer ?? "192.168.\(c / 250).\(c % 250 + 1)"))
    }

    @discardableResult
    mutating func join(_ c: Int, _ name: String, code: String = "K7F2Q", token: String? = nil, from peer: String? = nil) -> NetHost.Output {
        open(c, from: peer)
        return send(c, .hello(protocolVersion: NetProtocol.version, code: code, name: name, token: token))
    }

    /// Moves the clock, ticking the host and the table in steps.
    mutating func run(for d: Double, step: Double = 0.05) {
        let end = now + d
        while now < end {
            now = min(end, now + step)
            _ = host.handle(.tick, at: now)
            carry(net.handle(.tick, at: now, table: host.game))
        }
    }

    func roster(_ c: Int) -> [NetPlayer]? {
        (inbox[c] ?? []).compactMap { if case let .ready(p) = $0 { p } else { nil } }.last
    }

    func welcome(_ c: Int) -> (player: String, token: String, seat: Int)? {
        for m in inbox[c] ?? [] { if case let .welcome(p, tok, s) = m { return (p, tok, s) } }
        return nil
    }

    func errors(_ c: Int) -> [String] {
        (inbox[c] ?? []).compactMap { if case let .error(_, _, r) = $0 { r } else { nil } }
    }

    func refusal(_ c: Int) -> NetRefusal? {
        for m in inbox[c] ?? [] { if case let .refusal(r, _) = m { return r } }
        return nil
    }

    var rules: SnapGame? { host.game?.rules }
}

/// A client's table fed by what its connection received, as the client program does.
struct NetClientRig {
    var session: TableSession
    let me: String
    var offset: Double?
    var seen = 0
    /// seq -> digest of the state shown after that update.
    var digests: [Int: UInt64] = [:]

    init(me: String, roster: [NetPlayer]) throws {
        self.me = me
        let seating = try NetClientView(me: me, players: roster).seating()
        session = TableSession(.game(GameTable(seating: seating, bots: .off, seed: 1)), seating: seating,
                               windows: WindowSet(primaryOn: "A", preferred: "A", secondary: .auto, extra: .off))
        _ = session.handle(.displays([DisplayInfo(name: "A", bounds: Rect(x: 0, y: 0, w: 1280, h: 720))]), at: 0)
    }

    /// Applies what arrived since the last call; returns the intents the table sent back.
    mutating func absorb(_ messages: [NetServerMessage], at t: Double) {
        for m in messages.dropFirst(seen) {
            switch m {
            case .ready(let players): _ = session.handle(.net(.roster(me: me, players: players)), at: t)
            case let .update(seq, events, state):
                if offset == nil, let state { offset = t - state.clock }
                _ = session.handle(.net(.update(events: events, state: state, offset: offset ?? 0)), at: t)
                if let g = session.game?.rules { digests[seq] = NetGameState(game: g).digest }
            case .hostLeaving: _ = session.handle(.net(.hostGone("the host is leaving")), at: t)
            default: break
            }
        }
        seen = messages.count
    }
}
