/// The whole game as the host has it, for a client to show exactly: every pile card by card,
/// the turn, the last call, the cards in flight. Times are on the host's game clock.
/// (Face-down cards are included: the protocol is for a trusted table, not against cheating.)
public struct NetGameState: Sendable, Equatable, Codable {
    public struct Pile: Sendable, Equatable, Codable {
        public var id: String
        public var seat: Int
        /// "person" or "bot".
        public var control: String
        public var gamesWon: Int
        /// Bottom first, as card codes ("QH", "10S").
        public var closed: [String]
        public var open: [String]
        public var out: Bool
    }

    public struct Call: Sendable, Equatable, Codable {
        public var player: String, correct: Bool, late: Bool, cards: Int, time: Double
    }

    public struct Flight: Sendable, Equatable, Codable {
        /// Card code; `from` and `to` are "centre", "closed:ID" or "open:ID".
        public var card: String, from: String, to: String
        public var start: Double, duration: Double
        /// deal, turn, recycle, snap or penalty.
        public var kind: String
    }

    public struct Status: Sendable, Equatable, Codable {
        /// dealing, turn, snap, wrongCall, late, roundWon; Snap pool: pooled, tie.
        public var kind: String
        public var player: String?
        /// Cards taken (snap, slap, pileTaken), paid (wrongCall, wrongSlap) or put in the pool
        /// (pooled, tie); cards left (challenge); the round when dealing.
        public var count: Int?
        /// tie: the other player who called; wrongSlap: who was paid; challenge: who challenged.
        public var with: String? = nil
        /// slap: what was slapped ("jack", "double", "sandwich", "topAndBottom", "marriage").
        public var reason: String? = nil
    }

    /// Slapjack's and Egyptian Ratscrew's centre pile.
    public struct Centre: Sendable, Equatable, Codable {
        /// Bottom first, as card codes; the first `burned` lie face down.
        public var cards: [String]
        public var burned: Int
        /// Who played the top face-up card.
        public var topBy: String?
        /// Who takes the pile when the pause after a lost challenge is over.
        public var collecting: String?
        /// What a slap now would take the pile for ("jack", "double", ...), or absent: said by
        /// the host so that no client judges the house rules again.
        public var slap: String? = nil
    }

    /// Which game of the family: "snap". Optional in protocol version 1 (hosts before house
    /// rules left it out: Snap!).
    public var kind: String?
    /// The house rules by name, on or off (`HouseRules.byName`); absent: all off.
    public var rules: [String: Bool]?
    /// Snap pool's pool, bottom first (absent in Snap!).
    public var pool: [String]?
    /// Slapjack's and Egyptian Ratscrew's centre pile (absent in the other games).
    public var centre: Centre?
    /// Egyptian Ratscrew's challenge on now.
    public var challenge: Challenge?
    /// The host's game clock when this was taken.
    public var clock: Double
    public var round: Int
    /// dealing, playing or roundOver.
    public var phase: String
    public var dealer: String
    public var active: String?
    public var winner: String?
    public var pausedAt: Double?
    public var status: Status
    public var lastCall: Call?
    public var players: [Pile]
    public var flights: [Flight]
    /// The arbitration window (the game shows the instant `clock - window`).
    public var window: Double

    public init(game g: SnapGame) {
        kind = g.kind.rawValue
        rules = g.house.byName(for: g.kind)
        pool = g.kind == .snapPool ? g.pool.map(\.code) : nil
        centre = g.kind.hasCentrePile ? Centre(cards: g.centre.map(\.code), burned: g.burned, topBy: g.topBy, collecting: g.collecting,
                                                             slap: g.slapReason?.rawValue) : nil
        challenge = g.challenge
        clock = g.clock
        round = g.round
        phase = g.phase.rawValue
        dealer = g.dealer
        active = g.active
        winner = g.winner
        pausedAt = g.pausedAt
        status = Status(g.status)
        lastCall = g.lastCall.map { Call(player: $0.player, correct: $0.correct, late: $0.late, cards: $0.cards, time: $0.time) }
        players = g.players.map {
            Pile(id: $0.id, seat: $0.seat, control: $0.control.rawValue, gamesWon: $0.gamesWon,
                 closed: $0.closed.map(\.code), open: $0.open.map(\.code), out: $0.out)
        }
        flights = g.flights.map {
            Flight(card: $0.card.code, from: $0.from.code, to: $0.to.code, start: $0.start, duration: $0.duration, kind: $0.kind.rawValue)
        }
        window = g.window
    }

    /// The game or house rule in play that this version does not know ("the game \"ratscrew\""),
    /// or nil. A rule left off is no matter.
    public var unknownToThisVersion: String? {
        if let kind, GameKind(rawValue: kind) == nil { return "the game \"\(kind)\"" }
        var house = HouseRules.standard
        for (name, on) in (rules ?? [:]).sorted(by: { $0.key < $1.key }) where on {
            do throws(HouseRuleError) { try house.set(name, on: true) } catch { return "the house rule \"\(name)\"" }
        }
        return nil
    }

    /// The house rules the state names (the known ones; see `unknownToThisVersion`).
    var house: HouseRules {
        var h = HouseRules.standard
        for (name, on) in rules ?? [:] { try? h.set(name, on: on) }
        return h
    }

    /// The same state with every time moved by `d` (host clock to a client's clock).
    public func shifted(by d: Double) -> NetGameState {
        var s = self
        s.clock += d
        s.pausedAt = pausedAt.map { $0 + d }
        s.lastCall?.time += d
        for i in s.flights.indices { s.flights[i].start += d }
        return s
    }

    /// What must agree between the host and every client: the cards, the turn, the calls and
    /// the scores (not the clock, which each side keeps in its own time), as one number.
    public var digest: UInt64 {
        var h = FNV1a()
        h.add("\(round)|\(phase)|\(dealer)|\(active ?? "-")|\(winner ?? "-")|\(pausedAt == nil)")
        if let c = lastCall { h.add("call \(c.player) \(c.correct) \(c.late) \(c.cards)") }
        if let c = centre { h.add("centre \(c.cards.joined(separator: ",")) \(c.burned) \(c.collecting ?? "-")") }
        if let c = challenge { h.add("challenge \(c.by) \(c.player) \(c.left)") }
        for p in players { h.add("\(p.id) \(p.seat) \(p.control) \(p.gamesWon) \(p.out) \(p.closed.joined(separator: ",")) / \(p.open.joined(separator: ","))") }
        return h.value
    }

    /// The matches showing (while playing): each pair of players still in whose open piles'
    /// top cards match (the same rank; under the colour house rule the same colour too), as
    /// "ID:CARD|ID:CARD"; a centre pile to slap as "centre:COUNT:TOP" (the phone page keys them alike).
    public var matchPairs: Set<String> {
        guard phase == "playing" else { return [] }
        // The rules' own match key; a code that is no card matches nothing.
        let house = self.house
        func key(_ card: String) -> Int? { CardFace(code: card).map(house.key) }
        let tops = players.filter { !$0.out }.compactMap { p in p.open.last.map { (p.id, $0) } }
        var out: Set<String> = []
        for (i, a) in tops.enumerated() {
            for b in tops[(i + 1)...] where key(a.1) != nil && key(a.1) == key(b.1) { out.insert("\(a.0):\(a.1)|\(b.0):\(b.1)") }
        }
        // Slapjack, Egyptian Ratscrew: a centre pile that may be slapped, once per card on it.
        if let c = centre, c.slap != nil, let top = c.cards.last { out.insert("centre:\(c.cards.count):\(top)") }
        // Snap pool: an open top matching the pool's top card.
        if let top = pool?.last, let k = key(top) { for a in tops where key(a.1) == k { out.insert("\(a.0):\(a.1)|pool:\(top)") } }
        return out
    }

    /// Cards in all piles: a full deck, each card once, in a sound state.
    public var cardsConserved: Bool {
        let all = players.flatMap { $0.closed + $0.open } + (pool ?? []) + (centre?.cards ?? [])
        return all.count == CardFace.all.count && Set(all).count == all.count
    }
}

extension NetGameState.Status {
    init(_ s: GameStatus) {
        switch s {
        case let .dealing(r): self.init(kind: "dealing", player: nil, count: r)
        case let .turn(p): self.init(kind: "turn", player: p, count: nil)
        case let .snap(p, n): self.init(kind: "snap", player: p, count: n)
        case let .wrongCall(p, n): self.init(kind: "wrongCall", player: p, count: n)
        case let .late(p): self.init(kind: "late", player: p, count: nil)
        case let .roundWon(p): self.init(kind: "roundWon", player: p, count: nil)
        case let .pooled(p, n): self.init(kind: "pooled", player: p, count: n)
        case let .tie(ps, n): self.init(kind: "tie", player: ps.first, count: n, with: ps.dropFirst().first)
        case let .slap(p, n, r): self.init(kind: "slap", player: p, count: n, reason: r.rawValue)
        case let .wrongSlap(p, to, n): self.init(kind: "wrongSlap", player: p, count: n, with: to)
        case let .lateSlap(p): self.init(kind: "lateSlap", player: p, count: nil)
        case let .challenge(p, n): self.init(kind: "challenge", player: p, count: n)
        case let .collecting(p): self.init(kind: "collecting", player: p, count: nil)
        case let .takingBack(p): self.init(kind: "takingBack", player: p, count: nil)
        case let .pileTaken(p, n): self.init(kind: "pileTaken", player: p, count: n)
        }
    }

    var gameStatus: GameStatus? {
        switch (kind, player, count) {
        case let ("dealing", _, r?): .dealing(round: r)
        case let ("turn", p?, _): .turn(player: p)
        case let ("snap", p?, n?): .snap(player: p, cards: n)
        case let ("wrongCall", p?, n?): .wrongCall(player: p, paid: n)
        case let ("late", p?, _): .late(player: p)
        case let ("roundWon", p?, _): .roundWon(player: p)
        case let ("pooled", p?, n?): .pooled(player: p, cards: n)
        case let ("tie", p?, n?): with.map { .tie(players: [p, $0], cards: n) }
        case let ("slap", p?, n?): reason.flatMap(SlapReason.init(rawValue:)).map { .slap(player: p, cards: n, reason: $0) }
        case let ("wrongSlap", p?, n): .wrongSlap(player: p, to: with, paid: n ?? 1)
        case let ("lateSlap", p?, _): .lateSlap(player: p)
        case let ("challenge", p?, n?): .challenge(player: p, left: n)
        case let ("collecting", p?, _): .collecting(player: p)
        case let ("takingBack", p?, _): .takingBack(player: p)
        case let ("pileTaken", p?, n?): .pileTaken(player: p, cards: n)
        default: nil
        }
    }
}

/// FNV-1a, 64 bit: a stable hash (Swift's own is seeded per process).
struct FNV1a {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ s: String) {
        for b in s.utf8 {
            value ^= UInt64(b)
            value = value &* 0x100_0000_01b3
        }
        value ^= 0x0a
        value = value &* 0x100_0000_01b3
    }
}
