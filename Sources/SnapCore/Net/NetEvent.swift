/// Something that happened at the table, as the host tells every client: what the game did,
/// and players coming and going. `time` is on the host's game clock. The state that comes with
/// the events is what counts; events say what to show (a bubble, a verdict, a log line).
public struct NetEvent: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable {
        case roundStarted, playStarted, turn, turnedOver, recycled
        /// A Snap! call reached the host (its verdict follows in `snapWon`, `wrongCall` or `lateCall`).
        case call
        case snapWon, wrongCall, lateCall, playerOut, roundWon, paused, resumed
        /// Snap pool: `player` and the one in `from` called together; `count` cards went to the pool.
        case tie
        /// Egyptian Ratscrew: `player` must play a face card within `count` cards, challenged by `from`.
        case challenge
        /// Slapjack, Egyptian Ratscrew: `player` took the centre pile's `count` cards without a slap.
        case pileTaken
        /// A player signed in to a seat.
        case playerJoined
        /// A player dropped out or left: a computer player plays the seat (`player` keeps its id).
        case playerLeft
        /// A player came back with their token: the seat is theirs again.
        case playerBack
    }

    public var type: Kind
    public var time: Double
    public var player: String?
    /// snapWon: whose piles; the others are in `player`.
    public var from: [String]?
    /// Cards taken (snapWon) or paid (wrongCall); the round (roundStarted); games won (roundWon).
    public var count: Int?
    /// playerJoined and playerBack: the name shown.
    public var name: String?

    public init(_ type: Kind, time: Double, player: String? = nil, from: [String]? = nil, count: Int? = nil, name: String? = nil) {
        self.type = type
        self.time = time
        self.player = player
        self.from = from
        self.count = count
        self.name = name
    }

    /// The network's view of a game event; nil for what a client does not need (each dealt card,
    /// seats taken by the host's own bookkeeping, inputs the rules turned down).
    public init?(_ e: GameEvent) {
        let t = e.time
        switch e.kind {
        case let .roundStarted(r, dealer): self.init(.roundStarted, time: t, player: dealer, count: r)
        case let .playStarted(p): self.init(.playStarted, time: t, player: p)
        case let .turn(p): self.init(.turn, time: t, player: p)
        case let .turnedOver(p, _): self.init(.turnedOver, time: t, player: p)
        case let .recycled(p, _): self.init(.recycled, time: t, player: p)
        case let .snapWon(p, n, from, _): self.init(.snapWon, time: t, player: p, from: from, count: n)
        case let .wrongCall(p, fs, _): self.init(.wrongCall, time: t, player: p, count: fs.count)
        case let .lateCall(p): self.init(.lateCall, time: t, player: p)
        case let .tie(ps, fs): self.init(.tie, time: t, player: ps.first, from: Array(ps.dropFirst()), count: fs.count)
        case let .challenge(c): self.init(.challenge, time: t, player: c.player, from: [c.by], count: c.left)
        case let .pileTaken(p, n, _): self.init(.pileTaken, time: t, player: p, count: n)
        case let .playerOut(p): self.init(.playerOut, time: t, player: p)
        case let .roundWon(p, n): self.init(.roundWon, time: t, player: p, count: n)
        case .paused: self.init(.paused, time: t)
        case .resumed: self.init(.resumed, time: t)
        case .dealt, .seatTaken, .seatHandedBack, .rejected: return nil
        }
    }

    /// An update's events, less those of a type this version does not know (a newer host's:
    /// the state that comes with them is what counts).
    struct Known: Decodable {
        var events: [NetEvent] = []
        init(from decoder: Decoder) throws {
            var c = try decoder.unkeyedContainer()
            while !c.isAtEnd {
                let raw = try c.decode(Raw.self)
                if let e = raw.event { events.append(e) }
            }
        }

        private struct Raw: Decodable {
            var event: NetEvent?
            init(from decoder: Decoder) throws {
                let type = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type)
                event = Kind(rawValue: type) == nil ? nil : try NetEvent(from: decoder)
            }
            enum CodingKeys: String, CodingKey { case type }
        }
    }

    public func shifted(by d: Double) -> NetEvent {
        var e = self
        e.time += d
        return e
    }
}
