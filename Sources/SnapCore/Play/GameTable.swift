/// The game of Snap! on this machine's table: the seats (the local player, controllers, computer
/// players), the rules (`SnapGame`, created at the first deal), and what the players see besides
/// the rules: the start screen, Snap! bubbles and verdicts, the pause and leave overlays, the
/// buttons and the local player's card in hand. Every input reaches it through `TableSession`.
public struct GameTable: Sendable {
    public let me: String
    public internal(set) var seats: [GameSeat]
    /// The rules, from the first deal on; nil on the start screen.
    public internal(set) var rules: SnapGame?
    public internal(set) var pads: [Int: GamePad] = [:]
    public internal(set) var bots: BotLevel
    /// The house rules every round here is dealt with.
    public private(set) var house: HouseRules
    /// The game of the family dealt here.
    public private(set) var kind: GameKind
    let seed: UInt64
    /// Seats whose controller was unplugged: the next controller plugged in takes the first.
    public internal(set) var reserved: [String] = []
    /// When each player's Snap! bubble goes.
    var bubbles: [String: Double] = [:]
    /// The verdict on each player's last call and when it goes.
    var verdicts: [String: (verdict: GameScreen.Verdict, until: Double)] = [:]
    public internal(set) var overlay: Overlay?
    /// The button under a mouse press, until the release.
    var pressedButton: GameScreen.ButtonKind?
    /// The local player's top card as a draggable card: the same drag machine as the sandbox.
    var hand: Table
    /// Where the last dropped card was let go, so its turn-over flies from there.
    var dropped: (point: Point, time: Double)?
    /// Bumped on every change that is not a pure function of time, so the shell redraws.
    public internal(set) var revision = 0
    /// Bumped on those changes but the card in hand moving: what the screen shows at rest
    /// (`restKey`).
    var restRevision = 0
    /// This game through its copies, for `RestKey`.
    let identity = Identity()
    /// Network play: a host records what happens for its clients; a client's table only
    /// shows the host's game and sends its player's moves as intents.
    public internal(set) var net = NetRole.local
    /// The language of the labels, status and verdicts.
    public private(set) var words = Words.english
    /// Sounds due later on the game clock (each dealt card's tick as it lands), in time order.
    var soundsDue: [(time: Double, cue: SoundCue)] = []

    public enum Overlay: Equatable, Sendable {
        case paused
        case confirmLeave
    }

    public static let bubbleSeconds = 1.5
    public static let verdictSeconds = 1.6
    static let maxPads = FocusPlayers.maxPads

    /// The players of `seating` take their seats: the local one plays with the mouse and the
    /// keyboard, the others are computer players until a controller takes their seat (waiting
    /// seats when computer players are off).
    public init(seating: Seating, bots: BotLevel, seed: UInt64, kind: GameKind = .snap, house: HouseRules = .standard) {
        me = seating.me
        self.bots = bots
        self.kind = kind
        self.house = house
        self.seed = seed
        seats = seating.players.sorted { $0.seat < $1.seat }.map { p in
            GameSeat(seat: p.seat, id: p.id, name: p.name, control: p.id == seating.me ? .local : (bots == .off ? .waiting : .computer),
                     gamesWon: p.gamesWon)
        }
        hand = Self.makeHand(kind)
    }

    /// A table set up on the menu: each seat played as chosen, every score at zero.
    public init(seating: Seating, controls: [String: GameSeat.Control], bots: BotLevel, seed: UInt64, kind: GameKind = .snap,
                house: HouseRules = .standard) {
        self.init(seating: seating, bots: bots, seed: seed, kind: kind, house: house)
        for i in seats.indices {
            seats[i].gamesWon = 0
            if let c = controls[seats[i].id] { seats[i].control = c }
        }
    }

    /// New house rules or another game, while no round has been dealt (a lobby's table).
    mutating func setRules(_ k: GameKind, _ h: HouseRules) -> [ShellEffect] {
        guard rules == nil, h != house || k != kind else { return [] }
        kind = k
        house = h
        hand = Self.makeHand(k)
        revision += 1
        restRevision += 1
        return []
    }

    public var phase: GamePhase? { rules?.phase }
    public var isPaused: Bool { overlay != nil }

    public func seat(of id: String) -> GameSeat? { seats.first { $0.id == id } }

    /// This screen's position of an absolute seat: the local player at the bottom.
    public func position(ofSeat s: Int) -> SeatPosition {
        SeatPosition.relative(theirs: s, mine: seat(of: me)?.seat ?? 0)
    }

    public func position(of id: String) -> SeatPosition? { seat(of: id).map { position(ofSeat: $0.seat) } }

    public func name(of id: String) -> String { seat(of: id)?.name ?? id }

    /// Shows every label in `w` from now on.
    public mutating func speak(_ w: Words) {
        guard w != words else { return }
        words = w
        changed()
    }

    mutating func changed() {
        revision += 1
        restRevision += 1
    }

    /// Only the card in hand moved: the screen at rest is the same.
    mutating func handMoved() { revision += 1 }

    /// What the screen at rest shows, without making it: two equal keys mean the same screen
    /// at rest (`GamePictures` then works out what moves alone).
    struct RestKey: Equatable {
        let identity: Identity
        let revision: Int
        /// Cards in the air change the screen at rest with time alone: a pile's count as each
        /// lands, the deck's as each leaves it. Between two changes the cards in the air only
        /// land, in order, so how many are still up (or still to leave) says which have.
        let inAir: Int
        let waiting: Int

        static func == (a: RestKey, b: RestKey) -> Bool {
            a.identity === b.identity && a.revision == b.revision && a.inAir == b.inAir && a.waiting == b.waiting
        }
    }

    /// The key of the screen at rest as the rules' clock stands.
    var restKey: RestKey {
        var inAir = 0, waiting = 0
        if let rules {
            let shown = rules.displayTime
            for f in rules.flights where f.end > shown {
                inAir += 1
                if f.start > shown { waiting += 1 }
            }
        }
        return RestKey(identity: identity, revision: restRevision, inAir: inAir, waiting: waiting)
    }

    // MARK: - Time

    /// Runs the rules' clock and the indicators to `t`.
    public mutating func advance(to t: Double) -> [ShellEffect] {
        hand.advance(to: t)
        if bubbles.keepOnly({ $0 > t }) { changed() }
        if verdicts.keepOnly({ $0.until > t }) { changed() }
        // Changed in place (bound to a name first, the rules would be copied every input).
        guard let events = rules?.advance(to: t) else { return dueSounds(at: t) }
        return react(to: events) + dueSounds(at: t)
    }

    /// True while something moves by itself: the shell keeps drawing frames.
    public func isAnimating(at t: Double) -> Bool {
        if let rules, !rules.isPaused, rules.flights.contains(where: { $0.end + rules.window > t }) { return true }
        return hand.isAnimating(at: t)
    }

    /// The next time the picture or the rules change by themselves (a computer player's move, a
    /// bubble going), for the shell's sleep.
    public func nextChange(after t: Double) -> Double? {
        let times = [rules?.nextDueTime, soundsDue.first?.time].compactMap { $0 } + bubbles.values.map { $0 } + verdicts.values.map(\.until)
        return times.filter { $0 > t }.min()
    }

    // MARK: - The rules' events

    /// What the players see of what the rules did: bubbles, verdicts, a fresh hand.
    mutating func react(to events: [GameEvent]) -> [ShellEffect] {
        guard !events.isEmpty else { return [] }
        var out: [ShellEffect] = []
        net.record(events.compactMap(NetEvent.init))
        for e in events {
            for (time, cue) in Self.sounds(of: e.kind, at: e.time, seat: { seat(of: $0)?.seat }, computer: isComputer) { schedule(cue, at: time) }
            switch e.kind {
            case let .snapWon(p, _, _, _): show(.smiley, for: p, at: e.time)
            case let .wrongCall(p, fs, _): show((rules?.kind ?? kind) == .ratscrew && !fs.isEmpty ? .burned : .wrong, for: p, at: e.time)
            case let .pileTaken(p, _, _): show(.pileWon, for: p, at: e.time, bubble: false)
            case let .tie(ps, _): for p in ps { show(.wrong, for: p, at: e.time) }
            case let .lateCall(p): show(.late, for: p, at: e.time)
            case let .roundWon(p, n):
                if let i = seats.firstIndex(where: { $0.id == p }) { seats[i].gamesWon = n }
            case .paused:
                // The deal stops in the air: so do its ticks, until it goes on.
                soundsDue.removeAll { $0.cue == .dealTick }
            case .resumed:
                for f in rules?.flights ?? [] where f.kind == .deal && f.end > e.time { schedule(.dealTick, at: f.end) }
            case let .rejected(input, reason):
                out.append(.log(.info, "Snap!: \(input) not taken: \(reason)"))
            default: break
            }
        }
        changed()
        return out + dueSounds(at: events.map(\.time).max()!)
    }

    /// `bubble`: the verdict is on a call, which the seat's bubble shows.
    mutating func show(_ v: GameScreen.Verdict, for p: String, at t: Double, bubble: Bool = true) {
        verdicts[p] = (v, t + Self.verdictSeconds)
        guard bubble else { return }
        bubbles[p] = max(bubbles[p] ?? 0, t + Self.bubbleSeconds)
    }

    // MARK: - Dealing

    /// The players who would be dealt in now.
    public var playing: [GameSeat] { seats.filter(\.plays) }

    public var canDeal: Bool { playing.count >= 2 && (rules == nil || rules?.phase == .roundOver) }

    /// Deals the first round, or the next one; a new deal when who plays has changed.
    mutating func deal(at t: Double) -> [ShellEffect] {
        if net.isClient { return [.netIntent(NetIntent(.nextRound))] }
        guard canDeal else { return [] }
        let ids = playing.map(\.id)
        if var g = rules, g.players.map(\.id) == ids {
            let events = g.handle(.nextRound, at: t)
            rules = g
            return react(to: events)
        }
        // Someone joined or left between rounds: a fresh game, scores kept, the deal moving on.
        let previousDealer = rules?.dealer
        let players = playing.map { s in
            GamePlayer(id: s.id, seat: s.seat, control: s.control == .computer ? .bot : .person, gamesWon: s.gamesWon)
        }
        let dealer = previousDealer.flatMap { d in Self.nextDealer(after: d, seats: seats, playing: ids) }
        do {
            let host: HostSide? = if case .host(let side) = net { side } else { nil }
            var g = try SnapGame(players: players, dealer: dealer, seed: seed &+ UInt64(rules?.round ?? 0), bots: bots, kind: kind, house: house, start: t,
                                 window: host?.links.window, journal: host?.recording == true)
            // What the last game decided and nobody wrote out yet goes first, with its end.
            if let old = rules, old.journaling { g.journal = old.journal + [.ended(at: old.clock)] + g.journal }
            let events = g.advance(to: t)
            rules = g
            hand = Self.makeHand(rules?.kind ?? kind)
            return react(to: events) + [.log(.info, "Snap!: dealing to \(ids.joined(separator: ", "))")]
        } catch {
            return [.problem(Problem(kind: "snap deal", "cannot deal: \(error)"))]
        }
    }

    /// The dealer moves one seat clockwise from the last one, skipping seats nobody plays.
    static func nextDealer(after d: String, seats: [GameSeat], playing: [String]) -> String? {
        guard let from = seats.first(where: { $0.id == d })?.seat else { return playing.last }
        for k in 1...4 {
            let s = (from + k) % 4
            if let id = seats.first(where: { $0.seat == s && playing.contains($0.id) })?.id { return id }
        }
        return playing.last
    }

    /// The local player's closed pile as a one-card board: slot 1 is the pile, slot 2 where a
    /// card is played (`GameLayout.playTarget`).
    static func makeHand(_ game: GameKind) -> Table {
        var board = Board(seed: 1)
        board.addSlot(Slot(id: 1, rect: GameLayout.closedPile(.bottom)))
        board.addSlot(Slot(id: 2, rect: GameLayout.playTarget(game)))
        var t = Table(board: board, cardSize: GameLayout.cardSize)
        t.deal(faceUp: false, into: 1)
        return t
    }
}
