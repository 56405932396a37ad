/// Snap pool: what goes into the pool in the middle, and when two calls are judged together.
extension SnapGame {
    /// The longest gap between two players' calls judged together as a tie. Shorter than any
    /// arbitration window, so the second call is already held when the first is judged.
    static let tieWindow = 0.02

    /// The match key (`HouseRules.key`) of the pool's top card when the open pile of a player
    /// still in shows the same: a call now wins the pool.
    var poolKey: Int? {
        guard kind == .snapPool, let top = pool.last else { return nil }
        let k = house.key(top)
        var i = 0
        while i < players.count {
            if !players[i].out, let c = players[i].open.last, house.key(c) == k { return k }
            i += 1
        }
        return nil
    }

    /// Another player still in whose call comes within `tieWindow` after `t` (held for its
    /// window, or a computer player's call on the same cards): the two are judged together.
    func tiedCaller(with c: Int, at t: Double) -> Int? {
        for e in agenda.entries where e.time >= t && e.time <= t + min(Self.tieWindow, window) {
            let p: String
            switch e.item {
            case let .input(.callSnap(q), _): p = q
            case let .botCall(q, seen) where seen == showingCount: p = q
            default: continue
            }
            if let j = index(of: p), j != c, !players[j].out { return j }
        }
        return nil
    }

    /// A wrong call in Snap pool: the caller's open pile goes face up onto the pool, its top
    /// card on top (with no open pile, the top card of the face-down one: a wrong call always costs).
    mutating func putInPool(_ c: Int, at t: Double, into events: inout [GameEvent]) {
        quietTurns = 0
        let caller = players[c].id
        let fs = movePileToPool(c, at: t)
        lastCall = SnapCall(player: caller, correct: false, late: false, cards: fs.count, time: t)
        status = .pooled(player: caller, cards: fs.count)
        events.append(GameEvent(time: t, kind: .wrongCall(player: caller, flights: fs, short: false)))
        if journaling { journal.append(.verdict(at: t, player: caller, kind: .wrong, cards: fs.count)) }
        settleAfterMove(at: t, into: &events)
    }

    /// Two calls judged together: both callers' open piles go onto the pool and nobody wins.
    /// The second call is spent with the first.
    mutating func tie(_ a: Int, _ b: Int, at t: Double, into events: inout [GameEvent]) {
        quietTurns = 0
        let ids = [players[a].id, players[b].id]
        agenda.removeCall(by: ids[1])
        let fs = movePileToPool(a, at: t, closedIfEmpty: false) + movePileToPool(b, at: t, closedIfEmpty: false)
        lastCall = SnapCall(player: ids[0], correct: false, late: false, cards: fs.count, time: t)
        status = .tie(players: ids, cards: fs.count)
        events.append(GameEvent(time: t, kind: .tie(players: ids, flights: fs)))
        if journaling { for p in ids { journal.append(.verdict(at: t, player: p, kind: .tie, cards: fs.count)) } }
        settleAfterMove(at: t, into: &events)
    }

    /// The open pile of `c` onto the pool, bottom first so its top card is the pool's top.
    private mutating func movePileToPool(_ c: Int, at t: Double, closedIfEmpty: Bool = true) -> [CardFlight] {
        let id = players[c].id
        if players[c].open.isEmpty {
            guard closedIfEmpty, let card = players[c].closed.popLast() else { return [] }
            pool.append(card)
            return [fly(card, from: .closed(id), to: .centre, at: t, duration: timing.penaltySlide, kind: .penalty)]
        }
        let pile = players[c].open
        players[c].open = []
        pool += pile
        showingCount += 1
        return fly(pile, from: .open(id), to: .centre, at: t, duration: timing.penaltySlide, kind: .penalty)
    }

    /// The pool to `c`'s face-down pile, under it (a call won it, or `c` is the last player in).
    mutating func takePool(_ c: Int, at t: Double) -> [CardFlight] {
        guard !pool.isEmpty else { return [] }
        let cards = pool
        pool = []
        players[c].closed.insert(contentsOf: cards.reversed(), at: 0)
        return fly(cards, from: .centre, to: .closed(players[c].id), at: t, duration: timing.snapSlide, kind: .snap)
    }
}
