extension SnapGame {
    /// What is wrong with the game's bookkeeping, if anything: every one of the 52 cards is in
    /// exactly one pile, each flight's card is at the flight's destination, no card flies twice,
    /// players out have no cards and players in have some, the active player is in. Empty when sound.
    /// Cheap enough to run after every step of a long simulation.
    public func audit() -> [String] {
        var problems: [String] = []
        // Where each card is, by card index: -1 nowhere, else player index * 2 (+1 for open).
        var at = [Int](repeating: -1, count: 52)
        func name(_ code: Int) -> String { code < 0 ? "no pile" : pileName(code) }
        var i = 0, placed = 0
        while i < players.count {
            let p = players[i]
            // Index loops: this runs after every step of the property test, in debug builds.
            for (pile, code) in [(p.closed, 2 * i), (p.open, 2 * i + 1)] {
                var k = 0
                while k < pile.count {
                    let c = pile[k].index
                    if at[c] >= 0 { problems.append("\(pile[k].code) is in \(pileName(at[c])) and in \(pileName(code))") }
                    at[c] = code
                    placed += 1
                    k += 1
                }
            }
            i += 1
            if p.out, p.cardCount > 0 { problems.append("\(p.id) is out but holds \(p.cardCount) cards") }
            // Slapjack's and Ratscrew's players with no cards may still slap back in.
            if !p.out, p.cardCount == 0, phase != .dealing, !kind.hasCentrePile { problems.append("\(p.id) holds no cards but is not out") }
            if kind.hasCentrePile, !p.open.isEmpty { problems.append("\(p.id) has an open pile in a centre-pile game") }
        }
        // Snap pool's pool or the centre pile, as one more place (past every player's two piles).
        for card in pool + centre {
            let c = card.index
            if at[c] >= 0 { problems.append("\(card.code) is in \(pileName(at[c])) and in the centre") }
            at[c] = Self.poolCode
            placed += 1
        }
        if kind != .snapPool, !pool.isEmpty { problems.append("a pool in a game of \(kind.id)") }
        if !kind.hasCentrePile, !centre.isEmpty { problems.append("a centre pile in a game of \(kind.id)") }
        if burned > centre.count { problems.append("\(burned) burned cards in a centre pile of \(centre.count)") }
        if let c = collecting, player(c)?.out != false { problems.append("\(c) collects the centre pile but is not in") }
        if let c = challenge {
            if active != c.player { problems.append("\(c.player) is challenged but \(active ?? "nobody") is to play") }
            if !(1...4).contains(c.left) { problems.append("a challenge with \(c.left) cards left") }
        }
        if placed < 52 || problems.count > 0, at.contains(-1) {
            let missing = CardFace.all.filter { at[$0.index] < 0 }.map(\.code)
            problems.append("missing cards: \(missing.joined(separator: " "))")
        }
        var flying = [Bool](repeating: false, count: 52)
        var f = 0
        while f < flights.count {
            let flight = flights[f]
            let k = flight.card.index
            if flying[k] { problems.append("\(flight.card.code) has two flights") }
            flying[k] = true
            if at[k] < 0 || !isPile(at[k], flight.to) {
                problems.append("\(flight.card.code) flies to \(flight.to.code) but is in \(name(at[k]))")
            }
            f += 1
        }
        if phase == .playing {
            if let a = active {
                if player(a)?.out != false { problems.append("active player \(a) is out") }
                if kind.hasCentrePile, player(a)?.closed.isEmpty == true { problems.append("active player \(a) has no card to play") }
            } else if collecting == nil {
                problems.append("playing with no active player")
            }
        }
        if phase == .roundOver, case let inCount = players.count(where: { !$0.out }), inCount != 1 { problems.append("round over with \(inCount) players in") }
        return problems
    }

    private func isPile(_ code: Int, _ place: PilePlace) -> Bool {
        switch place {
        case .centre: code == Self.poolCode
        case let .closed(id): code % 2 == 0 && players[code / 2].id == id
        case let .open(id): code % 2 == 1 && players[code / 2].id == id
        }
    }

    private static let poolCode = 8

    private func pilePlace(_ code: Int) -> PilePlace {
        guard code != Self.poolCode else { return .centre }
        let id = players[code / 2].id
        return code % 2 == 0 ? .closed(id) : .open(id)
    }

    private func pileName(_ code: Int) -> String { pilePlace(code).code }
}

extension CardFace {
    /// 0..<52, the position in `CardFace.all`.
    var index: Int { suit.rawValue &* 13 &+ rank.rawValue &- 1 }
}
