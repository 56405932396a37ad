#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// The state JSON's `game` object: `{"kind", "rules", ("pool"; "centre", "challenge"), "round", "phase", "turn", "piles": [{"player", "closed",
/// "open", "top", "out"}], "lastCall": {"player", "correct", "late", "cards"} or null, "winner"}`.
/// Counts are logical (a flying card counts where it is going). Nulls are written out.
public struct GameStateJSON: Encodable, Sendable, Equatable {
    public struct Pile: Encodable, Sendable, Equatable {
        public var player: String, closed: Int, open: Int, top: String?, out: Bool
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.player: player, .closed: closed, .open: open, .top: top, .out: out])
        }
        enum Key: String, CodingKey { case player, closed, open, top, out }
    }

    public struct Call: Encodable, Sendable, Equatable {
        public var player: String, correct: Bool, late: Bool, cards: Int
    }

    /// Which game of the family: "snap", "snapPool", "slapjack" or "ratscrew".
    public var kind: String
    /// Snap pool's pool: `{"count", "top"}` (absent in Snap!).
    public var pool: Pool?
    public struct Pool: Encodable, Sendable, Equatable {
        public var count: Int, top: String?
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.count: count, .top: top])
        }
        enum Key: String, CodingKey { case count, top }
    }
    /// Slapjack's and Egyptian Ratscrew's centre pile: `{"count", "burned", "top", "under",
    /// "bottom", "topBy", "slap"}`: `under` the face-up cards below the top, nearest first, at
    /// most two; `bottom` the bottom face-up card; `topBy` who played the top; `slap` what a slap
    /// now takes the pile for, or null (absent in the other games).
    public var centre: Centre?
    public struct Centre: Encodable, Sendable, Equatable {
        public var count: Int, burned: Int, top: String?, under: [String]
        public var bottom: String? = nil, topBy: String? = nil, slap: String? = nil
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.count: count, .burned: burned, .top: top, .under: under, .bottom: bottom, .topBy: topBy, .slap: slap])
        }
        enum Key: String, CodingKey { case count, burned, top, under, bottom, topBy, slap }
    }
    /// Egyptian Ratscrew's challenge: `{"by", "player", "left"}` or null (absent in the other games).
    public var challenge: Challenge??
    /// The house rules by name, on or off (`HouseRules.byName`).
    public var rules: [String: Bool]
    public var round: Int
    public var phase: String
    public var turn: String?
    public var piles: [Pile]
    public var lastCall: Call?
    public var winner: String?

    public init(game: SnapGame) {
        kind = game.kind.rawValue
        pool = game.kind == .snapPool ? Pool(count: game.pool.count, top: game.pool.last?.code) : nil
        rules = game.house.byName(for: game.kind)
        if game.kind.hasCentrePile {
            let showing = game.centreShowing(3).map(\.code)
            centre = Centre(count: game.centre.count, burned: game.burned, top: showing.first, under: Array(showing.dropFirst()),
                            bottom: game.centre.count > game.burned ? game.centre[game.burned].code : nil, topBy: game.topBy,
                            slap: game.slapReason?.rawValue)
        }
        if game.kind == .ratscrew { challenge = .some(game.challenge) }
        round = game.round
        phase = game.phase.rawValue
        turn = game.active
        piles = game.players.map { Pile(player: $0.id, closed: $0.closed.count, open: $0.open.count, top: $0.top?.code, out: $0.out) }
        lastCall = game.lastCall.map { Call(player: $0.player, correct: $0.correct, late: $0.late, cards: $0.cards) }
        winner = game.winner
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        if let pool { try c.encode(pool, forKey: .pool) }
        if let centre { try c.encode(centre, forKey: .centre) }
        if let challenge { try c.encodeAll([.challenge: challenge]) }
        try c.encodeAll([.kind: kind, .rules: rules, .round: round, .phase: phase, .turn: turn, .piles: piles, .lastCall: lastCall, .winner: winner])
    }
    enum Key: String, CodingKey { case kind, rules, pool, centre, challenge, round, phase, turn, piles, lastCall, winner }

    /// Pretty-printed with sorted keys, so the same game always writes the same bytes.
    public func jsonData() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(self)
    }
}
