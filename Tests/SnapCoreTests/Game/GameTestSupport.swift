@testable import SnapCore

/// Games for rule tests: people at every seat (so nothing moves unless the test says so).
enum GameFixture {
    static func people(_ ids: [String], seed: UInt64 = 1, dealer: String? = nil, bots: BotLevel = .hard,
                       house: HouseRules = .standard) throws -> SnapGame {
        try SnapGame(players: ids.enumerated().map { GamePlayer(id: $1, seat: $0, control: .person) },
                     dealer: dealer, seed: seed, bots: bots, house: house)
    }

    /// A game past its deal (phase playing), at clock 4.
    static func playing(_ ids: [String], seed: UInt64 = 1, dealer: String? = nil, bots: BotLevel = .hard,
                        house: HouseRules = .standard) throws -> SnapGame {
        var g = try people(ids, seed: seed, dealer: dealer, bots: bots, house: house)
        _ = g.advance(to: 4)
        return g
    }
}

/// "QH" -> the queen of hearts.
func card(_ code: String) -> CardFace {
    CardFace.all.first { $0.code == code }!
}

func cards(_ codes: String) -> [CardFace] {
    codes.split(separator: " ").map { card(String($0)) }
}

extension SnapGame {
    /// Sets piles for a rule test (bottom first) and forgets flights. The remaining cards of the
    /// deck go to `rest`'s closed pile, bottom, so all 52 stay accounted for. `pool`: Snap pool's;
    /// `centre`: Slapjack's and Ratscrew's centre pile, its first `burned` cards face down.
    mutating func arrange(_ piles: [String: (closed: String, open: String)], rest: String, pool: String = "", centre: String = "", burned: Int = 0) {
        self.pool = cards(pool)
        self.centre = cards(centre)
        self.burned = burned
        var used = Set(self.pool + self.centre)
        for i in players.indices {
            let p = piles[players[i].id] ?? (closed: "", open: "")
            players[i].closed = cards(p.closed)
            players[i].open = cards(p.open)
            used.formUnion(players[i].closed + players[i].open)
        }
        let r = players.firstIndex { $0.id == rest }!
        players[r].closed.insert(contentsOf: CardFace.all.filter { !used.contains($0) }, at: 0)
        flights = []
    }

    /// Applies an input made at `t` and runs the clock past its window.
    mutating func act(_ input: GameInput, at t: Double) -> [GameEvent] {
        handle(input, at: t) + advance(to: t + timing.arbitrationWindow)
    }

    func closed(_ p: String) -> [CardFace] { player(p)!.closed }
    func open(_ p: String) -> [CardFace] { player(p)!.open }
}

extension [GameEvent] {
    var kinds: [GameEvent.Kind] { map(\.kind) }
    var rejections: [String] {
        compactMap { if case let .rejected(_, why) = $0.kind { why } else { nil } }
    }
}
