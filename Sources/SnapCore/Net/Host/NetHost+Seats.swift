/// Seats changing hands: sign-in, leaving, dropping out and coming back, seats freed. Each
/// change touches the connection, the seat and what the clients hear, so it is put together here.
extension NetHost {
    // MARK: - Sign-in

    mutating func hello(_ c: Connection, version: Int, code: String, name raw: String, token: String?, at t: Double, table: GameTable?) -> Output {
        let name: String
        switch signIn.check(version: version, code: code, name: raw) {
        case .success(let n): name = n
        case .failure(let r): return links.refuse(c, r.reason, r.message)
        }
        if let token { return comeBack(c, token: token, at: t) }
        guard let seat = seats.firstOpen(in: table) else {
            return links.refuse(c, .tableFull, "the table is full (\(seats.count + (hostPlayer == nil ? 0 : 1)) players)")
        }
        let token = signIn.newToken()
        seats.connect(seat.player, name: name, token: token, on: c)
        links.sign(c, as: seat.player)
        var out = Output()
        out.send(.welcome(playerID: seat.player, token: token, seat: seat.seat), to: c)
        out.append(ping(c, pings.extra(), at: t))
        out.inputs.append(.net(.joined(player: seat.player, name: name)))
        out.log.append("\(name) joined as \(seat.player) in seat \(seat.seat) (connection \(c))")
        publisher.note(NetEvent(.playerJoined, time: t, player: seat.player, name: name))
        publisher.forceResend()
        return out
    }

    /// A hello with a reconnect token: the seat is the client's again, on this connection.
    mutating func comeBack(_ c: Connection, token: String, at t: Double) -> Output {
        guard let was = seats.reconnect(token: token, on: c) else {
            return links.refuse(c, .unknownToken, "that reconnect token is unknown or its seat was given up (away too long, or freed by the host): join again without it")
        }
        var out = Output()
        if let old = was.state.connection {
            // The same client on a new connection (the old one half-open): the new one wins.
            links.sign(old, as: nil)
            out.close(old, because: "replaced by a new connection of \(was.player)")
        }
        links.sign(c, as: was.player)
        out.send(.welcome(playerID: was.player, token: token, seat: was.seat), to: c)
        out.append(ping(c, pings.extra(), at: t))
        out.log.append("\(was.state.name ?? was.player) is back (connection \(c))")
        if case .away = was.state {
            out.inputs.append(.net(.back(player: was.player)))
            publisher.note(NetEvent(.playerBack, time: t, player: was.player, name: was.state.name))
        }
        publisher.forceResend()
        return out
    }

    // MARK: - Intents

    /// The host is the only judge: the right player (the connection's own), and what the table
    /// says of the moment and the move.
    mutating func judge(_ intent: NetIntent, from p: String, connection c: Connection, at t: Double, table: GameTable?) -> Output {
        var out = Output()
        let refusal: String? = if let claimed = intent.player, claimed != p { "you play \(p), not \(claimed)" }
            else if let table { table.verdict(on: intent, from: p) }
            else { "the table is not ready" }
        if let refusal {
            out.send(.error(intent: intent.kind, id: intent.id, reason: refusal), to: c)
            return out
        }
        if intent.kind == .snap {
            out.inputs.append(.net(.call(player: p, fairCall(intent.claim, on: c, at: t))))
            return out
        }
        if let input = GameTable.input(for: intent.kind, from: p) {
            out.inputs.append(input)
            return out
        }
        // Leaving for good.
        seats.leave(p)
        _ = links.remove(c)
        out.inputs += [.net(.away(player: p)), .net(.released(player: p))]
        out.close(c, because: "\(p) left the table")
        out.log.append("\(p) left the table; a computer player takes the seat")
        publisher.note(NetEvent(.playerLeft, time: t, player: p))
        return out
    }

    // MARK: - Away seats

    /// The host frees the seat of a player who dropped out, before the grace runs out: the token
    /// stops working and anyone with the code may take the seat (a computer player plays it
    /// meanwhile, cards and all). Nil when no player is away from `seat`.
    public mutating func freeAwaySeat(seat: Int) -> Output? {
        guard let was = seats.free(seat: seat) else { return nil }
        return released(was, why: "freed by the host")
    }

    /// `was` (as it was before) is open again.
    mutating func released(_ was: SeatRoster.Seat, why: String) -> Output {
        var out = Output()
        out.log.append("\(was.state.name ?? was.player)'s seat is free again (\(why))")
        out.inputs.append(.net(.released(player: was.player)))
        publisher.forceResend()
        return out
    }

    // MARK: - Dropping out

    /// Closes a client that broke a limit; its seat waits for it like any dropped one.
    mutating func drop(_ c: Connection, at t: Double, reason: String) -> Output {
        var out = lost(c, at: t, reason: reason)
        out.close(c, because: reason)
        return out
    }

    /// A connection is gone: its player is away (a computer player plays until they are back).
    mutating func lost(_ c: Connection, at t: Double, reason: String) -> Output {
        var out = Output()
        guard let link = links.remove(c) else { return out }
        guard let p = link.player, let seat = seats.drop(p, on: c, at: t) else {
            out.log.append("connection \(c) closed: \(reason)")
            return out
        }
        out.inputs.append(.net(.away(player: p)))
        out.log.append("\(seat.state.name ?? p) dropped out (\(reason)); a computer player keeps the seat for \(Int(seats.grace)) s")
        publisher.note(NetEvent(.playerLeft, time: t, player: p))
        return out
    }
}
