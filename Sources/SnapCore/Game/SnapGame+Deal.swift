extension SnapGame {
    /// A fresh shuffle dealt one card at a time clockwise, starting with the player after the
    /// dealer. Every card is on its pile at once; the flights are staggered so the deal is seen.
    mutating func startRound(at t: Double, dealerMoves: Bool, into events: inout [GameEvent]) {
        if dealerMoves, let d = index(of: dealer) { dealer = players[(d + 1) % players.count].id }
        round += 1
        quietTurns = 0
        phase = .dealing
        active = nil
        winner = nil
        lastCall = nil
        lastWinTime = nil
        flights = []
        pool = []
        centre = []
        burned = 0
        topBy = nil
        challenge = nil
        collecting = nil
        for i in players.indices {
            players[i].closed = []
            players[i].open = []
            players[i].out = false
        }
        status = .dealing(round: round)
        events.append(GameEvent(time: t, kind: .roundStarted(round: round, dealer: dealer)))

        var deck = CardFace.all
        // Fisher-Yates with the game's own generator: the standard one cannot be seeded.
        for i in stride(from: deck.count - 1, to: 0, by: -1) {
            deck.swapAt(i, Int(rng.next() % UInt64(i + 1)))
        }
        let first = (index(of: dealer) ?? 0) + 1
        for (k, card) in deck.enumerated() {
            let to = (first + k) % players.count
            players[to].closed.append(card)
            let f = CardFlight(card: card, from: .centre, to: .closed(players[to].id),
                               start: t + Double(k) * timing.dealInterval, duration: timing.dealFlight, kind: .deal)
            flights.append(f)
            events.append(GameEvent(time: t, kind: .dealt(f)))
        }
        agenda.add(.dealDone(round: round), at: t + Double(deck.count - 1) * timing.dealInterval + timing.dealFlight)
    }

    /// The deal has landed: the player after the dealer starts.
    mutating func beginPlay(at t: Double, into events: inout [GameEvent]) {
        phase = .playing
        let d = index(of: dealer) ?? 0
        guard let first = nextIn(after: d) else { return }
        events.append(GameEvent(time: t, kind: .playStarted(first: players[first].id)))
        giveTurn(to: first, at: t, into: &events)
    }
}
