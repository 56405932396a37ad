extension SnapGame {
    /// Judges a Snap! call by a player still in. Calls reach here in order of their own time,
    /// so the first call on a match wins and the ones after it find the piles gone.
    mutating func call(_ p: String, at t: Double, into events: inout [GameEvent]) {
        guard let c = index(of: p), !players[c].out else { return }
        if kind.hasCentrePile { return slap(c, at: t, into: &events) }
        let keys = matchingKeys, pooled = poolKey
        if phase == .playing, keys != 0 || pooled != nil {
            if kind == .snapPool, let other = tiedCaller(with: c, at: t) {
                tie(c, other, at: t, into: &events)
            } else {
                takePiles(c, keys: keys, pool: pooled, at: t, into: &events)
            }
        } else if isLate(at: t) {
            lastCall = SnapCall(player: p, correct: false, late: true, cards: 0, time: t)
            // The winner's "Snap! Cy takes 7 cards" stays up: the late caller's seat says "too
            // late"; a late call alone (no winner's line to keep) says so in the status too.
            if case .snap = status {} else { status = .late(player: p) }
            events.append(GameEvent(time: t, kind: .lateCall(player: p)))
            if journaling { journal.append(.verdict(at: t, player: p, kind: .late, cards: 0)) }
        } else if phase == .playing {
            if kind == .snapPool { putInPool(c, at: t, into: &events) } else { payPenalty(c, at: t, into: &events) }
        }
    }

    /// No match showing, and a call took the piles a moment ago: this call was meant for that one.
    func isLate(at t: Double) -> Bool {
        guard let w = lastWinTime else { return false }
        return t - w <= timing.lateWindow && !matchShowing
    }

    /// The caller takes every open pile whose top card matches another (theirs too), going
    /// clockwise from themselves, and puts each face down under their closed pile; in Snap pool
    /// (`pool`: the pool's top card's key, when a pile matches it) the pool too, last.
    mutating func takePiles(_ c: Int, keys: UInt32, pool poolKey: Int? = nil, at t: Double, into events: inout [GameEvent]) {
        quietTurns = 0
        let caller = players[c].id
        var from: [String] = []
        var fs: [CardFlight] = []
        for i in [c] + clockwise(after: c).dropLast() {
            guard let top = players[i].top, !players[i].out, keys & (1 << house.key(top)) != 0 || house.key(top) == poolKey else { continue }
            let pile = players[i].open
            players[i].open = []
            players[c].closed.insert(contentsOf: pile.reversed(), at: 0)
            from.append(players[i].id)
            fs += fly(pile, from: .open(players[i].id), to: .closed(caller), at: t, duration: timing.snapSlide, kind: .snap)
        }
        if poolKey != nil { fs += takePool(c, at: t) }
        lastCall = SnapCall(player: caller, correct: true, late: false, cards: fs.count, time: t)
        lastWinTime = t
        status = .snap(player: caller, cards: fs.count)
        events.append(GameEvent(time: t, kind: .snapWon(player: caller, cards: fs.count, from: from, flights: fs)))
        if journaling { journal.append(.verdict(at: t, player: caller, kind: .snap, cards: fs.count)) }
        settleAfterMove(at: t, into: &events)
    }

    /// A wrong call: one card from the bottom of the caller's closed pile (of the open pile when
    /// the closed one is empty, so the top card showing does not change) to each other player
    /// still in, clockwise, under their closed pile. Whoever runs out pays what they had.
    mutating func payPenalty(_ c: Int, at t: Double, into events: inout [GameEvent]) {
        quietTurns = 0
        let caller = players[c].id
        var fs: [CardFlight] = []
        var short = false
        for j in clockwise(after: c).dropLast() where !players[j].out {
            let card: CardFace, from: PilePlace
            if !players[c].closed.isEmpty {
                card = players[c].closed.removeFirst()
                from = .closed(caller)
            } else if !players[c].open.isEmpty {
                card = players[c].open.removeFirst()
                from = .open(caller)
                showingCount += 1
            } else {
                short = true
                break
            }
            players[j].closed.insert(card, at: 0)
            fs.append(fly(card, from: from, to: .closed(players[j].id), at: t, duration: timing.penaltySlide, kind: .penalty))
        }
        lastCall = SnapCall(player: caller, correct: false, late: false, cards: fs.count, time: t)
        status = .wrongCall(player: caller, paid: fs.count)
        events.append(GameEvent(time: t, kind: .wrongCall(player: caller, flights: fs, short: short)))
        if journaling { journal.append(.verdict(at: t, player: caller, kind: .wrong, cards: fs.count)) }
        settleAfterMove(at: t, into: &events)
    }
}
