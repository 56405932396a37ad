/// Network play on the Snap! table: the host's seats changing hands, and a client's table that
/// shows the host's game and sends its own player's moves as intents.
extension GameTable {
    mutating func net(_ input: NetTableInput, at t: Double) -> [ShellEffect] {
        switch input {
        case .hosting(let headless, let invite, let recording):
            net = .host(HostSide(invite: invite, recording: recording))
            // A network game starts every score from nothing (the demo seating comes with some).
            for i in seats.indices { seats[i].gamesWon = 0 }
            // Nobody plays at a headless host: its own seat is a computer player's until a client takes it.
            if headless, let i = seats.firstIndex(where: { $0.id == me }) { seats[i].control = bots == .off ? .waiting : .computer }
            changed()
            return []
        case let .joined(p, name):
            guard let i = seats.firstIndex(where: { $0.id == p }) else { return [] }
            seats[i].name = name
            holdsRemotely(p, true)
            return remoteTakes(i, at: t)
        case .back(let p):
            guard let i = seats.firstIndex(where: { $0.id == p }) else { return [] }
            return remoteTakes(i, at: t)
        case .away(let p):
            guard let i = seats.firstIndex(where: { $0.id == p }) else { return [] }
            seats[i].control = bots == .off ? .waiting : .computer
            changed()
            guard var g = rules, g.player(p) != nil else { return [] }
            let events = g.handle(.handBack(player: p), at: t)
            rules = g
            return react(to: events)
        case .released(let p):
            // The seat is open again: the TV's corner shows the code (a new picture).
            holdsRemotely(p, false)
            changed()
            return []
        case .deal:
            return deal(at: t)
        case let .call(p, fair):
            return play(.callSnap(player: p), stamped: fair.judged, at: t, fair: fair)
        case .links(let report):
            guard case .host(var side) = net else { return [] }
            let marksChanged = side.links.marks != report.marks
            side.links = report
            net = .host(side)
            if marksChanged { changed() }
            guard var g = rules else { return [] }
            let events = g.aimWindow(report.window, at: t)
            rules = g
            return react(to: events)
        case let .roster(me, players):
            return roster(me: me, players, at: t)
        case let .update(events, state, offset):
            return mirror(events, state, offset: offset, at: t)
        case .refused(let why):
            return [.log(.info, "the host did not take that: \(why)")]
        case .reconnected:
            if net.isClient { net = .client(ClientSide()) }
            changed()
            return [.log(.notice, "the connection to the host is back")]
        case .hostGone(let why):
            guard net.isClient else { return [] }
            // The table stays up with the news in the middle; Leave (bottom left) quits.
            net = .client(ClientSide(hostGone: why))
            overlay = nil
            hand.cancelAll(time: t)
            changed()
            return [.log(.warning, "the host went away: \(why)")]
        }
    }

    private mutating func remoteTakes(_ i: Int, at t: Double) -> [ShellEffect] {
        seats[i].control = .remote
        changed()
        let p = seats[i].id
        guard var g = rules, g.player(p) != nil else { return [] }
        let events = g.handle(.takeSeat(player: p), at: t)
        rules = g
        return react(to: events)
    }

    /// A client's seats from the host's roster (their absolute seats; the screen rotates them).
    private mutating func roster(me: String, _ players: [NetPlayer], at t: Double) -> [ShellEffect] {
        guard me == self.me else { return [.problem(Problem(kind: "net roster", "the host's roster is for \(me), this table plays \(self.me)"))] }
        if !net.isClient { net = .client(ClientSide()) }
        seats = players.sorted { $0.seat < $1.seat }.map { p in
            let control: GameSeat.Control = switch p.kind {
            case _ where p.id == me: .local
            case .host, .remote: .remote
            case .computer, .away: .computer
            case .free: .waiting
            }
            return GameSeat(seat: p.seat, id: p.id, name: p.kind == .away ? "\(p.name) (away)" : p.name, control: control,
                            gamesWon: seat(of: p.id)?.gamesWon ?? 0)
        }
        changed()
        return []
    }

    /// The host's game replaces this table's copy; its events show as bubbles and verdicts.
    private mutating func mirror(_ events: [NetEvent], _ state: NetGameState?, offset: Double, at t: Double) -> [ShellEffect] {
        var out: [ShellEffect] = []
        if let state, let unknown = state.unknownToThisVersion {
            // Shown as it is, the table would be wrong: it stays as it was and says why.
            if case .client(var side) = net, side.unknownGame == nil {
                side.unknownGame = unknown
                net = .client(side)
                changed()
                out.append(.log(.warning, "the host plays \(unknown), which this version of SnapTable does not know"))
            }
            return out
        } else if let state {
            do {
                let g = try SnapGame(mirror: state.shifted(by: offset))
                if rules?.round != g.round {
                    hand = Self.makeHand(g.kind)
                    // A new deal: its cards tick as they land, as at the host.
                    for f in g.flights where f.kind == .deal && f.end > t { schedule(.dealTick, at: f.end) }
                }
                rules = g
                for p in g.players { if let i = seats.firstIndex(where: { $0.id == p.id }) { seats[i].gamesWon = p.gamesWon } }
            } catch {
                out.append(.problem(Problem(kind: "net state", "the host's state could not be shown: \(error)")))
            }
        } else {
            rules = nil
        }
        for e in events.map({ $0.shifted(by: offset) }) {
            // This table's own call sounded when it was made.
            if !(e.type == .call && e.player == me) {
                for (time, cue) in Self.sounds(of: e, seat: { seat(of: $0)?.seat }, computer: isComputer) { schedule(cue, at: time) }
            }
            guard let p = e.player else { continue }
            switch e.type {
            case .call: bubbles[p] = max(bubbles[p] ?? 0, e.time + Self.bubbleSeconds)
            case .snapWon: show(.smiley, for: p, at: e.time)
            case .wrongCall: show(rules?.kind == .ratscrew && (e.count ?? 0) > 0 ? .burned : .wrong, for: p, at: e.time)
            case .pileTaken: show(.pileWon, for: p, at: e.time, bubble: false)
            case .tie: for q in [p] + (e.from ?? []) { show(.wrong, for: q, at: e.time) }
            case .lateCall: show(.late, for: p, at: e.time)
            default: break
            }
        }
        changed()
        return out + dueSounds(at: t)
    }

    /// A client's move becomes an intent for the host; its own call shows at once.
    mutating func intent(for input: GameInput, at t: Double) -> [ShellEffect] {
        switch input {
        case .turnOver(let p): return [.netIntent(NetIntent(.turnOver, player: p))]
        case .callSnap(let p):
            if p == me, let s = seat(of: p) {
                bubbles[p] = t + Self.bubbleSeconds
                changed()
                return [.sound(.call(seat: s.seat)), .netIntent(NetIntent(.snap, player: p))]
            }
            return [.netIntent(NetIntent(.snap, player: p))]
        case .nextRound: return [.netIntent(NetIntent(.nextRound))]
        case .pause, .resume, .takeSeat, .handBack: return [.log(.info, "Snap!: \(input) is the host's to decide")]
        }
    }

    /// A hosted game's journal since the last call, for `--record`.
    mutating func takeJournal() -> [GameJournal.Entry] {
        guard let j = rules?.journal, !j.isEmpty else { return [] }
        rules?.emptyJournal()
        return j
    }

    mutating func takeNetEvents() -> [NetEvent] {
        guard case .host(var side) = net, !side.events.isEmpty else { return [] }
        let events = side.events
        side.events = []
        net = .host(side)
        return events
    }

    /// A network player takes (or gives up for good) a seat at the host.
    private mutating func holdsRemotely(_ p: String, _ held: Bool) {
        guard case .host(var side) = net else { return }
        net = .local
        if held { side.remoteSeats.insert(p) } else { side.remoteSeats.remove(p) }
        net = .host(side)
    }
}
