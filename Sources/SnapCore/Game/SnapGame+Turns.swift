extension SnapGame {
    /// The active player's top closed card goes face up onto their open pile; the turn passes on.
    mutating func turnOver(_ p: String, at t: Double, into events: inout [GameEvent]) {
        guard let i = index(of: p) else { return }
        if kind.hasCentrePile { return playToCentre(i, at: t, into: &events) }
        recycleIfNeeded(i, at: t, into: &events)
        guard let card = players[i].closed.popLast() else { return }
        players[i].open.append(card)
        turnCount += 1
        quietTurns += 1
        showingCount += 1
        let f = fly(card, from: .closed(p), to: .open(p), at: t, duration: timing.flip, kind: .turn)
        events.append(GameEvent(time: t, kind: .turnedOver(player: p, flight: f)))
        botsReact(at: t)
        if let next = nextIn(after: i) { giveTurn(to: next, at: t, into: &events) }
    }

    /// Makes `i` the active player; one whose closed pile is empty turns their open pile over first.
    mutating func giveTurn(to i: Int, at t: Double, into events: inout [GameEvent]) {
        active = players[i].id
        status = .turn(player: players[i].id)
        events.append(GameEvent(time: t, kind: .turn(player: players[i].id)))
        recycleIfNeeded(i, at: t, into: &events)
    }

    /// A player with an empty closed pile turns the open pile over: its bottom card is now on top.
    mutating func recycleIfNeeded(_ i: Int, at t: Double, into events: inout [GameEvent]) {
        guard players[i].closed.isEmpty, !players[i].open.isEmpty else { return }
        let p = players[i].id
        let pile = players[i].open
        players[i].open = []
        players[i].closed = pile.reversed()
        showingCount += 1
        let fs = fly(pile, from: .open(p), to: .closed(p), at: t, duration: timing.recycle, kind: .recycle)
        events.append(GameEvent(time: t, kind: .recycled(player: p, flights: fs)))
    }

    /// After cards moved: whoever has none is out, the turn skips them, and a lone holder wins.
    mutating func settleAfterMove(at t: Double, into events: inout [GameEvent]) {
        for i in players.indices where !players[i].out && players[i].cardCount == 0 {
            players[i].out = true
            events.append(GameEvent(time: t, kind: .playerOut(player: players[i].id)))
        }
        let inPlayers = players.indices.filter { !players[$0].out }
        if inPlayers.count == 1, phase == .playing {
            let w = inPlayers[0]
            // Snap pool: the pool is the last player's too, so the winner holds every card.
            let fs = takePool(w, at: t)
            if !fs.isEmpty { events.append(GameEvent(time: t, kind: .snapWon(player: players[w].id, cards: fs.count, from: [], flights: fs))) }
            declareWinner(w, at: t, into: &events)
            return
        }
        if phase == .playing, let a = active, let ai = index(of: a), players[ai].out,
           let next = nextIn(after: ai) {
            giveTurn(to: next, at: t, into: &events)
        }
    }

    /// `w` holds every card: the round is theirs.
    mutating func declareWinner(_ w: Int, at t: Double, into events: inout [GameEvent]) {
        players[w].gamesWon += 1
        phase = .roundOver
        winner = players[w].id
        active = nil
        status = .roundWon(player: players[w].id)
        events.append(GameEvent(time: t, kind: .roundWon(player: players[w].id, gamesWon: players[w].gamesWon)))
    }

    /// Records a card's flight, replacing the one it was on (it flies on from where it was going).
    @discardableResult
    mutating func fly(_ card: CardFace, from: PilePlace, to: PilePlace, at t: Double, duration: Double,
                      kind: CardFlight.Kind) -> CardFlight {
        fly([card], from: from, to: to, at: t, duration: duration, kind: kind)[0]
    }

    /// The same for a whole pile at once (one pass over the flights, not one per card).
    mutating func fly(_ cards: [CardFace], from: PilePlace, to: PilePlace, at t: Double, duration: Double,
                      kind: CardFlight.Kind) -> [CardFlight] {
        var moving = 0 as UInt64
        for c in cards { moving |= 1 << UInt64(c.index) }
        dropFlights { moving & (1 << UInt64($0.card.index)) != 0 }
        let fs = cards.map { CardFlight(card: $0, from: from, to: to, start: t, duration: duration, kind: kind) }
        flights += fs
        return fs
    }

    /// Removes the flights `gone` picks, keeping the others in order. A plain loop: this runs
    /// on every step and generic `removeAll(where:)` dominates unoptimized (test) builds.
    mutating func dropFlights(_ gone: (CardFlight) -> Bool) {
        var kept = 0, i = 0
        while i < flights.count {
            if !gone(flights[i]) {
                if kept != i { flights[kept] = flights[i] }
                kept += 1
            }
            i += 1
        }
        if kept < flights.count { flights.removeLast(flights.count - kept) }
    }
}
