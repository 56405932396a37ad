extension SnapGame {
    /// After a card is turned, each computer player still in decides, from the game's seeded
    /// generator, whether and when to call: a match is seen after a reaction time unless missed;
    /// with no match a careless one may call anyway. The call lapses if the cards showing change first.
    mutating func botsReact(at t: Double) {
        guard bots != .off else { return }
        let profile = bots.profile
        let match = matchShowing
        // People see the game a window late; while it is longer than the table's own, a
        // computer player waits as much more, so far players do not make it quicker than people.
        // (The window at the event's own time, not the clock's: a replay steps the clock
        // differently.)
        let late = windowCurve.value(at: t) - timing.arbitrationWindow
        for p in players where p.control == .bot && !p.out {
            let chance = uniform()
            let calls = match ? chance >= profile.missChance : chance < profile.wrongChance
            guard calls else { continue }
            agenda.add(.botCall(player: p.id, seen: showingCount), at: t + late + draw(mean: profile.reaction))
        }
        // The piles can cycle for ever with no match showing (the rules allow it, as in War):
        // after a long while with no card changing hands the first computer player still in
        // loses patience and calls anyway; the penalty it pays reorders the piles.
        // In Snap pool the last cards can cycle faster than a reaction (one card each, the rest
        // in the pool, a match showing only for the instant before the next player's recycle):
        // that call comes with a match showing or not, and stands whatever shows by then (`seen` -1).
        // Slapjack and Egyptian Ratscrew can cycle as Beggar-my-neighbour does: the same.
        if !match || kind != .snap, quietTurns >= Self.patienceTurns, let p = players.first(where: { $0.control == .bot && !$0.out }) {
            agenda.add(.botCall(player: p.id, seen: kind == .snap ? showingCount : -1), at: t + late + draw(mean: profile.reaction))
        }
    }

    /// Turns with no card changing hands before a computer player calls to break the cycle:
    /// far longer than any round that is going somewhere goes quiet.
    static let patienceTurns = 300

    /// A computer player whose turn it is turns over after a short think (once per turn).
    mutating func scheduleBotTurn(at t: Double) {
        guard phase == .playing, !isPaused, let a = active, isBot(a) else { return }
        guard !agenda.hasBotTurn(player: a, turn: turnCount) else { return }
        agenda.add(.botTurn(player: a, turn: turnCount), at: t + draw(mean: bots.profile.think))
    }

    /// Uniform in 0.6...1.4 times the mean.
    mutating func draw(mean: Double) -> Double { mean * (0.6 + 0.8 * uniform()) }

    /// Uniform in 0..<1 from the game's own generator.
    mutating func uniform() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
}
