/// A place a card can be in or fly between.
public enum PilePlace: Sendable, Equatable, Hashable {
    /// The middle of the table, where the deal starts.
    case centre
    /// A player's face-down pile.
    case closed(String)
    /// A player's face-up pile.
    case open(String)

    public var player: String? {
        switch self {
        case .centre: nil
        case let .closed(p), let .open(p): p
        }
    }

    /// "centre", "closed:Ann", "open:Ann": for logs and JSON.
    public var code: String {
        switch self {
        case .centre: "centre"
        case let .closed(p): "closed:\(p)"
        case let .open(p): "open:\(p)"
        }
    }
}

/// One card moving between two places, as data a builder can tween. The card already belongs
/// to `to` (the rules never wait for an animation); it counts as flying until `start + duration`.
public struct CardFlight: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case deal, turn, recycle, snap, penalty
        /// Egyptian Ratscrew: a wrong slap's card, face down under the centre pile.
        case burn
    }

    public var card: CardFace
    public var from: PilePlace
    public var to: PilePlace
    /// On the game clock; may be in the future (a staggered deal).
    public var start: Double
    public var duration: Double
    public var kind: Kind

    public init(card: CardFace, from: PilePlace, to: PilePlace, start: Double, duration: Double, kind: Kind) {
        self.card = card
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.kind = kind
    }

    public var end: Double { start + duration }

    /// 0 before the start, 1 once landed.
    public func progress(at t: Double) -> Double {
        guard duration > 0 else { return t >= start ? 1 : 0 }
        return min(1, max(0, (t - start) / duration))
    }
}
