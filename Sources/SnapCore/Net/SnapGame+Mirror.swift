/// A client's copy of the host's game: built from the host's state, with no computer players or
/// timers of its own, so it only ever shows what the host sent (clients never diverge).
extension SnapGame {
    public init(mirror s: NetGameState) throws(NetMessageError) {
        func card(_ code: String) throws(NetMessageError) -> CardFace {
            guard let c = CardFace(code: code) else { throw NetMessageError("state: \"\(code)\" is not a card") }
            return c
        }
        func place(_ code: String) throws(NetMessageError) -> PilePlace {
            if code == "centre" { return .centre }
            if code.hasPrefix("closed:") { return .closed(String(code.dropFirst(7))) }
            if code.hasPrefix("open:") { return .open(String(code.dropFirst(5))) }
            throw NetMessageError("state: \"\(code)\" is not a pile")
        }
        // A game or a rule this table does not know would be drawn and judged wrong: say so.
        if let unknown = s.unknownToThisVersion { throw NetMessageError("state: \(unknown) is not one this version of SnapTable knows") }
        let house = s.house
        guard let phase = GamePhase(rawValue: s.phase) else { throw NetMessageError("state: phase \"\(s.phase)\" is unknown") }
        guard let status = s.status.gameStatus else { throw NetMessageError("state: status \"\(s.status.kind)\" is incomplete") }
        guard (1...4).contains(s.players.count) else { throw NetMessageError("state: \(s.players.count) players") }
        var players: [GamePlayer] = []
        for p in s.players {
            var g = GamePlayer(id: p.id, seat: p.seat, control: PlayerControl(rawValue: p.control) ?? .bot, gamesWon: p.gamesWon)
            for c in p.closed { g.closed.append(try card(c)) }
            for c in p.open { g.open.append(try card(c)) }
            g.out = p.out
            players.append(g)
        }
        var flights: [CardFlight] = []
        for f in s.flights {
            guard let kind = CardFlight.Kind(rawValue: f.kind) else { throw NetMessageError("state: flight kind \"\(f.kind)\" is unknown") }
            flights.append(CardFlight(card: try card(f.card), from: try place(f.from), to: try place(f.to), start: f.start, duration: f.duration, kind: kind))
        }
        var timing = GameTiming.standard
        timing.arbitrationWindow = s.window
        let times = [s.clock, s.window, s.pausedAt ?? 0, s.lastCall?.time ?? 0] + s.flights.flatMap { [$0.start, $0.duration] }
        guard times.allSatisfy(\.isFinite), timing.invalidField == nil else { throw NetMessageError("state: a time is not a sound number") }
        self.players = players
        self.round = s.round
        self.phase = phase
        self.dealer = s.dealer
        self.active = s.active
        self.lastCall = s.lastCall.map { SnapCall(player: $0.player, correct: $0.correct, late: $0.late, cards: $0.cards, time: $0.time) }
        self.winner = s.winner
        self.flights = flights
        self.status = status
        self.pausedAt = s.pausedAt
        self.bots = .off
        self.timing = timing
        self.house = house
        self.kind = s.kind.flatMap(GameKind.init(rawValue:)) ?? .snap
        self.pool = try (s.pool ?? []).map(card)
        if let c = s.centre {
            guard (0...c.cards.count).contains(c.burned) else { throw NetMessageError("state: \(c.burned) burned cards in a centre pile of \(c.cards.count)") }
            self.centre = try c.cards.map(card)
            self.burned = c.burned
            self.topBy = c.topBy
            self.collecting = c.collecting
        }
        if let c = s.challenge {
            guard (1...4).contains(c.left) else { throw NetMessageError("state: a challenge with \(c.left) cards left") }
            self.challenge = c
        }
        self.clock = s.clock
        self.windowCurve = GameWindow(s.window, at: s.clock)
        self.rng = SplitMix64(seed: 0)
        self.journaling = false
    }
}

extension CardFace {
    /// The card a code names ("QH", "10S"), or nil.
    public init?(code: String) {
        guard let suitChar = code.last, let s = ["S", "H", "D", "C"].firstIndex(of: String(suitChar)),
              let r = Rank.allCases.first(where: { $0.label == String(code.dropLast()) }) else { return nil }
        self.init(rank: r, suit: Suit(rawValue: s)!)
    }
}
