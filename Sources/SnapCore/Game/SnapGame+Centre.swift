/// Slapjack and Egyptian Ratscrew: every card is played onto one pile in the centre, and the
/// Snap! button slaps it.
extension SnapGame {
    /// The centre pile's top face-up card.
    public var centreTop: CardFace? { centre.count > burned ? centre.last : nil }

    /// The face-up cards at the top of the centre pile, top first (at most `n`).
    public func centreShowing(_ n: Int) -> [CardFace] {
        let up = centre.count - burned
        return (0..<min(n, up)).map { centre[centre.count - 1 - $0] }
    }

    /// What a slap now would take the centre pile for, if anything.
    public var slapReason: SlapReason? {
        guard let top = centreTop else { return nil }
        switch kind {
        case .slapjack:
            return top.rank == .jack ? .jack : nil
        case .ratscrew:
            let up = centre.count - burned
            let second = up >= 2 ? centre[centre.count - 2] : nil
            if let second, second.rank == top.rank { return .double }
            if house.sandwich, up >= 3, centre[centre.count - 3].rank == top.rank { return .sandwich }
            if house.marriage, let second, Set([top.rank, second.rank]) == [.king, .queen] { return .marriage }
            if house.topAndBottom, up >= 2, centre[burned].rank == top.rank { return .topAndBottom }
            return nil
        case .snap, .snapPool:
            return nil
        }
    }

    /// The first player after `i`, clockwise, still in and holding cards to play (`i` itself if
    /// nobody else is, nil if nobody holds any).
    func nextHolder(after i: Int) -> Int? {
        var k = 1
        while k <= players.count {
            let j = (i + k) % players.count
            if !players[j].out, !players[j].closed.isEmpty { return j }
            k += 1
        }
        return nil
    }

    /// The active player's top card goes face up onto the centre pile; then the turn or the
    /// challenge moves on.
    mutating func playToCentre(_ i: Int, at t: Double, into events: inout [GameEvent]) {
        guard !players[i].closed.isEmpty else { return }
        // Slapjack: a Jack covered was missed by everyone waiting to slap back in on it (not by
        // the player covering it with their last card: theirs is the next Jack).
        if kind == .slapjack, centreTop?.rank == .jack { missedJack(except: i, at: t, into: &events) }
        let card = players[i].closed.removeLast()
        let p = players[i].id
        centre.append(card)
        topBy = p
        turnCount += 1
        quietTurns += 1
        showingCount += 1
        let f = fly(card, from: .closed(p), to: .centre, at: t, duration: timing.flip, kind: .turn)
        events.append(GameEvent(time: t, kind: .turnedOver(player: p, flight: f)))
        botsReact(at: t)
        if kind == .ratscrew {
            answer(card, by: i, at: t, into: &events)
        } else if let next = nextHolder(after: i) {
            giveTurn(to: next, at: t, into: &events)
        } else {
            collect(by: i, at: t)
        }
        settleCentre(at: t, into: &events)
    }

    /// Egyptian Ratscrew: what the card `i` just played does to the challenge.
    private mutating func answer(_ card: CardFace, by i: Int, at t: Double, into events: inout [GameEvent]) {
        let p = players[i].id
        if let length = Challenge.length(of: card) {
            // A face card or an Ace: a new challenge on the next player who can answer it.
            challenge = nil
            guard let next = nextHolder(after: i), next != i else { return collect(by: i, at: t) }
            let c = Challenge(by: p, player: players[next].id, left: length)
            challenge = c
            active = c.player
            status = .challenge(player: c.player, left: c.left)
            events.append(GameEvent(time: t, kind: .turn(player: c.player)))
            events.append(GameEvent(time: t, kind: .challenge(c)))
        } else if var c = challenge {
            c.left -= 1
            if c.left == 0 || players[i].closed.isEmpty {
                challenge = nil
                collect(by: index(of: c.by) ?? i, won: true, at: t)
            } else {
                challenge = c
                status = .challenge(player: c.player, left: c.left)
                events.append(GameEvent(time: t, kind: .challenge(c)))
            }
        } else if let next = nextHolder(after: i) {
            giveTurn(to: next, at: t, into: &events)
        } else {
            collect(by: i, at: t)
        }
    }

    /// `i` will take the centre pile after `collectPause`, unless a slap takes it first: a
    /// challenge `won`, or nobody else left to play on it (then the pile goes to `i`, or to the
    /// next player still in when `i` is out).
    private mutating func collect(by i: Int, won: Bool = false, at t: Double) {
        challenge = nil
        guard !centre.isEmpty, let c = players[i].out ? nextIn(after: i) : i else { return }
        collecting = players[c].id
        active = nil
        status = won ? .collecting(player: players[c].id) : .takingBack(player: players[c].id)
        agenda.add(.collect(pile: pileCount), at: t + timing.collectPause)
    }

    /// The pause is over: the centre pile goes to whoever was collecting it, who plays next.
    mutating func finishCollect(pile: Int, at t: Double, into events: inout [GameEvent]) {
        guard pile == pileCount, phase == .playing, let p = collecting, let i = index(of: p) else { return }
        collecting = nil
        // A slap that misses this pile by a hair is "too late", as after a slap.
        if slapReason != nil { lastWinTime = t }
        let fs = takeCentre(i, at: t)
        giveTurn(to: i, at: t, into: &events)
        status = .pileTaken(player: p, cards: fs.count)
        events.append(GameEvent(time: t, kind: .pileTaken(player: p, cards: fs.count, flights: fs)))
        settleCentre(at: t, into: &events)
    }

    /// A slap by `c`: a right one takes the centre pile, a wrong one costs a card.
    mutating func slap(_ c: Int, at t: Double, into events: inout [GameEvent]) {
        let p = players[c].id
        if phase == .playing, let reason = slapReason {
            quietTurns = 0
            if reason == .jack { missedJack(except: c, at: t, into: &events) }
            challenge = nil
            collecting = nil
            let fs = takeCentre(c, at: t)
            lastCall = SnapCall(player: p, correct: true, late: false, cards: fs.count, time: t)
            lastWinTime = t
            giveTurn(to: c, at: t, into: &events)
            status = .slap(player: p, cards: fs.count, reason: reason)
            events.append(GameEvent(time: t, kind: .snapWon(player: p, cards: fs.count, from: [], flights: fs)))
            if journaling { journal.append(.verdict(at: t, player: p, kind: .snap, cards: fs.count)) }
        } else if isLate(at: t) {
            lastCall = SnapCall(player: p, correct: false, late: true, cards: 0, time: t)
            if case .slap = status {} else { status = .lateSlap(player: p) }
            events.append(GameEvent(time: t, kind: .lateCall(player: p)))
            if journaling { journal.append(.verdict(at: t, player: p, kind: .late, cards: 0)) }
        } else if phase == .playing {
            wrongSlap(c, at: t, into: &events)
        }
        settleCentre(at: t, into: &events)
    }

    /// A wrong slap: the slapper's top card to whoever played the card slapped (Slapjack), or face
    /// down under the centre pile (Egyptian Ratscrew, or nobody else's card to pay for). A
    /// slapper with no card to pay is out, unless a pile is on its way to them or nobody else is in.
    private mutating func wrongSlap(_ c: Int, at t: Double, into events: inout [GameEvent]) {
        quietTurns = 0
        let p = players[c].id
        var fs: [CardFlight] = []
        var to: String?
        if let card = players[c].closed.popLast() {
            if kind == .slapjack, let owner = topBy, owner != p, let o = index(of: owner), !players[o].out {
                to = owner
                players[o].closed.insert(card, at: 0)
                fs.append(fly(card, from: .closed(p), to: .closed(owner), at: t, duration: timing.penaltySlide, kind: .penalty))
            } else {
                centre.insert(card, at: 0)
                burned += 1
                fs.append(fly(card, from: .closed(p), to: .centre, at: t, duration: timing.penaltySlide, kind: .burn))
            }
        } else if p != collecting, p != challenge?.by, players.contains(where: { $0.id != p && !$0.out }) {
            players[c].out = true
            events.append(GameEvent(time: t, kind: .playerOut(player: p)))
        }
        lastCall = SnapCall(player: p, correct: false, late: false, cards: fs.count, time: t)
        status = .wrongSlap(player: p, to: to, paid: fs.count)
        events.append(GameEvent(time: t, kind: .wrongCall(player: p, flights: fs, short: fs.isEmpty)))
        if journaling { journal.append(.verdict(at: t, player: p, kind: .wrong, cards: fs.count)) }
    }

    /// The whole centre pile, turned face down, under `c`'s pile.
    private mutating func takeCentre(_ c: Int, at t: Double) -> [CardFlight] {
        guard !centre.isEmpty else { return [] }
        let cards = centre
        centre = []
        burned = 0
        topBy = nil
        pileCount += 1
        showingCount += 1
        players[c].closed.insert(contentsOf: cards.reversed(), at: 0)
        return fly(cards, from: .centre, to: .closed(players[c].id), at: t, duration: timing.snapSlide, kind: .snap)
    }

    /// Slapjack: players waiting with no cards let a Jack go (covered, or slapped by `except`): out.
    private mutating func missedJack(except c: Int?, at t: Double, into events: inout [GameEvent]) {
        for i in players.indices where i != c && !players[i].out && players[i].closed.isEmpty {
            players[i].out = true
            events.append(GameEvent(time: t, kind: .playerOut(player: players[i].id)))
        }
    }

    /// After cards moved in a centre-pile game: who is out, whether the round is won, and whose
    /// turn it is when the player whose turn it was has nothing left to play.
    mutating func settleCentre(at t: Double, into events: inout [GameEvent]) {
        guard phase == .playing else { return }
        // Without slapping back in, no cards is out (unless a pile is on its way to them).
        if kind == .ratscrew, !house.slapBackIn {
            for i in players.indices where !players[i].out && players[i].closed.isEmpty
                && players[i].id != collecting && players[i].id != challenge?.by {
                players[i].out = true
                events.append(GameEvent(time: t, kind: .playerOut(player: players[i].id)))
            }
        }
        let inPlayers = players.indices.filter { !players[$0].out }
        let holders = inPlayers.filter { !players[$0].closed.isEmpty }
        if inPlayers.count == 1 || (holders.count == 1 && centre.isEmpty) {
            let w = inPlayers.count == 1 ? inPlayers[0] : holders[0]
            let fs = takeCentre(w, at: t)
            if !fs.isEmpty { events.append(GameEvent(time: t, kind: .pileTaken(player: players[w].id, cards: fs.count, flights: fs))) }
            for i in players.indices where i != w && !players[i].out {
                players[i].out = true
                events.append(GameEvent(time: t, kind: .playerOut(player: players[i].id)))
            }
            challenge = nil
            collecting = nil
            declareWinner(w, at: t, into: &events)
            return
        }
        // The player to play has no cards left (a wrong slap took their last): a challenge on
        // them is lost; otherwise the next holder plays, and with nobody to play the last card's
        // player takes the pile.
        guard collecting == nil, let a = active, let ai = index(of: a), players[ai].closed.isEmpty || players[ai].out else { return }
        if let c = challenge, c.player == a {
            challenge = nil
            collect(by: index(of: c.by) ?? ai, won: true, at: t)
        } else if let next = nextHolder(after: ai) {
            giveTurn(to: next, at: t, into: &events)
        } else {
            collect(by: topBy.flatMap(index(of:)) ?? ai, at: t)
        }
    }
}
