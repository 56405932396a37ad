/// The whole game of Snap! as a value: seats, piles, turns, calls, computer players and the
/// cards in flight, on a clock the caller moves. Nothing here reads a clock or draws.
///
/// Time: `handle` and `advance` carry the caller's time. Every input and every computer player's
/// move is held for the arbitration `window` (`timing.arbitrationWindow`, longer while network
/// players' calls may still be in flight) and then applied in order of its own time, so the game
/// at any moment describes the instant `time` = latest clock minus the window. A builder should
/// draw flights at `displayTime`.
public struct SnapGame: Sendable, Equatable {
    /// Seat order (increasing seat = clockwise).
    public internal(set) var players: [GamePlayer]
    public internal(set) var round = 0
    public internal(set) var phase = GamePhase.dealing
    public internal(set) var dealer: String
    /// Whose turn it is; nil while dealing and after the round.
    public internal(set) var active: String?
    public internal(set) var lastCall: SnapCall?
    public internal(set) var winner: String?
    /// Cards still moving, at most one per card. Their logical place is already `to`.
    public internal(set) var flights: [CardFlight] = []
    public internal(set) var status: GameStatus
    /// Set while the game is paused: the game instant it stopped at.
    public internal(set) var pausedAt: Double?
    public let bots: BotLevel
    public let timing: GameTiming
    /// What counts as a match (`HouseRules`).
    public let house: HouseRules
    /// Which game of the family: Snap! or Snap pool.
    public let kind: GameKind
    /// Snap pool's pool in the middle, face up, bottom first (empty in Snap!).
    public internal(set) var pool: [CardFace] = []
    /// Slapjack's and Egyptian Ratscrew's centre pile, bottom first. Its first `burned` cards lie
    /// face down (burned by wrong slaps); the rest were played face up.
    public internal(set) var centre: [CardFace] = []
    public internal(set) var burned = 0
    /// Who played the centre pile's top face-up card.
    public internal(set) var topBy: String?
    /// Egyptian Ratscrew: the challenge on now.
    public internal(set) var challenge: Challenge?
    /// Who takes the centre pile when `collectPause` is over (a challenge was lost, or nobody is
    /// left to play): until then anyone may still slap it.
    public internal(set) var collecting: String?
    /// Counts centre piles taken: a pending `collect` is for the pile it was set for.
    var pileCount = 0
    /// The latest time the caller has shown the game.
    public internal(set) var clock: Double
    /// The arbitration window as it follows `aimWindow` (`timing.arbitrationWindow` until then).
    var windowCurve: GameWindow

    /// With `journal: true`, what the rules were given and decided since the caller last
    /// emptied it (`GameJournal`).
    public internal(set) var journal: [GameJournal.Entry] = []
    let journaling: Bool

    var agenda = GameAgenda()
    var rng: SplitMix64
    /// Counts turn-overs: a computer player's pending turn belongs to one turn and lapses after it.
    var turnCount = 0
    /// Turns since a card last changed hands (a snap won, a penalty paid, a deal).
    var quietTurns = 0
    /// Counts changes to the cards showing other than won piles (turn-overs, recycles, penalties
    /// paid from an open pile): a computer player's pending call lapses when what it saw changed.
    /// (A won pile does not count: a call on it is then "too late", as a person's would be.)
    var showingCount = 0
    /// When the last correct call took its piles (for "too late").
    var lastWinTime: Double?

    /// The most inputs waiting for their window at once; more are rejected (a stuck or flooding source).
    public static let maxPendingInputs = 256
    /// The most inputs and timers one `advance` runs, so a huge time jump cannot stall the caller;
    /// the rest run on the next call.
    public static let maxStepsPerAdvance = 100_000

    /// Sets up the players and deals round 1 at `start`. The dealer defaults to the last player in
    /// seat order, so the first card goes to (and the first turn is) the first seat's.
    public init(players: [GamePlayer], dealer: String? = nil, seed: UInt64, bots: BotLevel = .normal,
                timing: GameTiming = .standard, kind: GameKind = .snap, house: HouseRules = .standard, start: Double = 0,
                window: Double? = nil, journal: Bool = false) throws {
        guard (2...4).contains(players.count) else { throw GameSetupError.playerCount(players.count) }
        var bySeat: [Int: String] = [:]
        var ids: Set<String> = []
        for (i, p) in players.enumerated() {
            guard !p.id.isEmpty else { throw GameSetupError.emptyID(index: i) }
            guard ids.insert(p.id).inserted else { throw GameSetupError.duplicateID(p.id) }
            guard (0...3).contains(p.seat) else { throw GameSetupError.seatOutOfRange(player: p.id, seat: p.seat) }
            if let other = bySeat[p.seat] { throw GameSetupError.seatTaken(player: p.id, seat: p.seat, by: other) }
            bySeat[p.seat] = p.id
        }
        // Only who sits where counts: piles come from the deal.
        let seated = players.sorted { $0.seat < $1.seat }.map {
            GamePlayer(id: $0.id, seat: $0.seat, control: $0.control, gamesWon: $0.gamesWon)
        }
        if let dealer, !ids.contains(dealer) { throw GameSetupError.unknownDealer(dealer) }
        if let bad = timing.invalidField { throw GameSetupError.timing(field: bad) }
        let house = house.only(for: kind)
        guard start.isFinite else { throw GameSetupError.start(start) }
        self.players = seated
        self.dealer = dealer ?? seated.last!.id
        self.bots = bots
        self.timing = timing
        self.house = house
        self.kind = kind
        self.rng = SplitMix64(seed: seed)
        self.clock = start
        // A game dealt while far players sit starts with their window (no slow climb to it).
        let w = max(timing.arbitrationWindow, min(FairCall.cap, window.flatMap { $0.isFinite ? $0 : nil } ?? 0))
        self.windowCurve = GameWindow(w, at: start)
        self.journaling = journal
        if journal {
            let seats = seated.map { GameJournal.Began.Seat(id: $0.id, seat: $0.seat, control: $0.control, gamesWon: $0.gamesWon) }
            self.journal = [.began(GameJournal.Began(players: seats, dealer: dealer ?? seated.last!.id, seed: seed, bots: bots, start: start,
                                                     window: w, house: house.isStandard ? nil : house,
                                                     kind: kind == .snap ? nil : kind))]
        }
        self.status = .dealing(round: 1)
        var dealt: [GameEvent] = []
        startRound(at: start, dealerMoves: false, into: &dealt)
        pendingStartEvents = dealt
    }

    /// The deal of round 1 happened in `init`; its events come out of the first `handle` or `advance`.
    var pendingStartEvents: [GameEvent] = []

    /// How long inputs are held now.
    public var window: Double { windowCurve.value(at: clock) }
    /// The instant the state describes: the clock less the arbitration window.
    public var time: Double { clock - window }
    /// The instant to draw flights at: `time`, frozen while paused.
    public var displayTime: Double { pausedAt ?? time }
    public var isPaused: Bool { pausedAt != nil }

    // MARK: - The two entry points

    /// Takes an input made at `t` (the event's own timestamp) and runs the clock to `t`.
    public mutating func handle(_ input: GameInput, at t: Double) -> [GameEvent] {
        handle(input, stamped: t, at: t)
    }

    /// Takes an input judged to have been made at `stamp` (a call from the network, timed by
    /// the caller's reaction: `FairCall`) that arrived at `t`, and runs the clock to `t`.
    public mutating func handle(_ input: GameInput, stamped stamp: Double, at t: Double, fair: FairCall? = nil) -> [GameEvent] {
        guard t.isFinite, stamp.isFinite else {
            return takeStartEvents() + [GameEvent(time: time, kind: .rejected(input, reason: "time \(t) is not a finite number"))]
        }
        guard agenda.inputCount < Self.maxPendingInputs else {
            return takeStartEvents() + [GameEvent(time: time, kind: .rejected(input, reason: "more than \(Self.maxPendingInputs) inputs waiting"))]
        }
        // An input older than what has already been applied cannot go before it: it happens now.
        let placed = max(min(stamp, t), time)
        if journaling { journal.append(.input(at: t, stamp: stamp, placed: placed, input: input, fair: fair)) }
        agenda.add(.input(input, stamped: stamp), at: placed)
        return advance(to: t)
    }

    /// From `t` on, the window moves towards `target` (bounded by the table's own window and
    /// `FairCall.cap`), never faster than `GameWindow.rate`.
    public mutating func aimWindow(_ target: Double, at t: Double) -> [GameEvent] {
        let events = advance(to: t)
        guard target.isFinite else { return events }
        windowCurve.aim(at: max(timing.arbitrationWindow, min(FairCall.cap, target)), clock: clock)
        if journaling { journal.append(.window(at: t, target: target)) }
        return events
    }

    /// Runs the clock to `t`: applies held inputs whose window has passed, computer players'
    /// moves and the end of the deal, and drops flights that have landed.
    public mutating func advance(to t: Double) -> [GameEvent] {
        var events = takeStartEvents()
        guard t.isFinite else { return events }
        clock = max(clock, t)
        var steps = 0
        let window = self.window
        while steps < Self.maxStepsPerAdvance, let e = agenda.popNext(clock: clock, window: window, paused: isPaused) {
            run(e, into: &events)
            steps += 1
        }
        if let p = pausedAt {
            dropFlights { $0.end <= p }
        } else {
            let now = clock
            dropFlights { $0.end + window <= now }
        }
        return events
    }

    /// The next clock value at which a held input or timer comes due, or nil when the game waits
    /// for a person. (Flights land on their own schedule: a shell animating them draws anyway.)
    public var nextDueTime: Double? {
        agenda.nextTime(paused: isPaused).map { $0 + window }
    }

    mutating func takeStartEvents() -> [GameEvent] {
        defer { pendingStartEvents = [] }
        return pendingStartEvents
    }

    // MARK: - Lookups

    public func player(_ id: String) -> GamePlayer? { players.first { $0.id == id } }
    func index(of id: String) -> Int? { players.firstIndex { $0.id == id } }

    /// Players after `i` in clockwise order, `i` itself last.
    func clockwise(after i: Int) -> [Int] {
        (1...players.count).map { (i + $0) % players.count }
    }

    /// The first player after `i`, clockwise, still in the round (`i` itself if nobody else is).
    func nextIn(after i: Int) -> Int? {
        var k = 1
        while k <= players.count {
            let j = (i + k) % players.count
            if !players[j].out { return j }
            k += 1
        }
        return nil
    }

    /// Ranks showing on two or more open piles of players still in that match (`house`: on
    /// rank, or on rank and colour).
    public var matchingRanks: [Rank] {
        let keys = matchingKeys
        var ranks: [Rank] = []
        for p in players where !p.out {
            if let c = p.top, keys & (1 << house.key(c)) != 0, !ranks.contains(c.rank) { ranks.append(c.rank) }
        }
        return ranks.sorted { $0.rawValue < $1.rawValue }
    }

    /// The match keys (`HouseRules.key`) showing on two or more open piles of players still in,
    /// as bits (checked often: no allocation).
    var matchingKeys: UInt32 {
        var seen: UInt32 = 0, twice: UInt32 = 0
        var i = 0
        while i < players.count {
            if !players[i].out, let c = players[i].open.last {
                let bit = UInt32(1) << house.key(c)
                twice |= seen & bit
                seen |= bit
            }
            i += 1
        }
        return twice
    }

    /// Two open piles of players still in show a match, or (Snap pool) one matches the pool;
    /// in Slapjack and Egyptian Ratscrew, the centre pile may be slapped.
    public var matchShowing: Bool { kind.hasCentrePile ? slapReason != nil : matchingKeys != 0 || poolKey != nil }

    /// Where a card is (its destination if it is flying), and whether it is still flying.
    public func place(of card: CardFace) -> (place: PilePlace, flying: Bool)? {
        let flying = flights.contains { $0.card == card }
        for p in players {
            if p.closed.contains(card) { return (.closed(p.id), flying) }
            if p.open.contains(card) { return (.open(p.id), flying) }
        }
        return nil
    }

    // MARK: - Running one held input or timer

    mutating func run(_ e: GameAgenda.Entry, into events: inout [GameEvent]) {
        let t = e.time
        switch e.item {
        case let .input(input, _):
            apply(input, at: t, into: &events)
        case let .botTurn(p, turn):
            guard turn == turnCount, phase == .playing, active == p, isBot(p) else { break }
            // About to call Snap! on what is showing: call first, then think again.
            if let call = agenda.entries.first(where: { $0.item == .botCall(player: p, seen: showingCount) }) {
                agenda.add(.botTurn(player: p, turn: turn), at: call.time + draw(mean: bots.profile.think))
                break
            }
            turnOver(p, at: t, into: &events)
        case let .botCall(p, seen):
            // Snap pool: a call seen on a match stands while one still shows (the last single
            // cards turn and recycle faster than a reaction, and every turn changes what shows).
            guard seen == showingCount || seen < 0 || (kind == .snapPool && matchShowing), isBot(p), player(p)?.out == false else { break }
            call(p, at: t, into: &events)
        case let .dealDone(r):
            guard r == round, phase == .dealing else { break }
            beginPlay(at: t, into: &events)
        case let .collect(pile):
            finishCollect(pile: pile, at: t, into: &events)
        }
        scheduleBotTurn(at: t)
    }

    mutating func apply(_ input: GameInput, at t: Double, into events: inout [GameEvent]) {
        func reject(_ why: String) { events.append(GameEvent(time: t, kind: .rejected(input, reason: why))) }
        if let p = input.player, index(of: p) == nil { return reject("no player \"\(p)\" in this game") }
        if isPaused, !Self.allowedWhilePaused(input) { return reject("the game is paused") }
        switch input {
        case let .turnOver(p):
            guard phase == .playing else { return reject("no turns while \(phase.rawValue)") }
            guard active == p else { return reject("it is \(active ?? "nobody")'s turn, not \(p)'s") }
            turnOver(p, at: t, into: &events)
        case let .callSnap(p):
            guard player(p)?.out == false else { return reject("\(p) is out of this round") }
            guard phase != .dealing else { return reject("the cards are still being dealt") }
            if phase == .roundOver, !isLate(at: t) { return reject("the round is over") }
            call(p, at: t, into: &events)
        case .nextRound:
            guard phase == .roundOver else { return reject("the round is not over (\(phase.rawValue))") }
            startRound(at: t, dealerMoves: true, into: &events)
        case .pause:
            guard pausedAt == nil else { return reject("already paused") }
            pausedAt = t
            events.append(GameEvent(time: t, kind: .paused))
        case .resume:
            guard let since = pausedAt else { return reject("not paused") }
            resume(after: t - since)
            events.append(GameEvent(time: t, kind: .resumed))
        case let .takeSeat(p):
            setControl(p, .person)
            events.append(GameEvent(time: t, kind: .seatTaken(player: p)))
        case let .handBack(p):
            setControl(p, .bot)
            events.append(GameEvent(time: t, kind: .seatHandedBack(player: p)))
        }
    }

    static func allowedWhilePaused(_ input: GameInput) -> Bool {
        switch input {
        case .resume, .pause, .takeSeat, .handBack: true
        case .turnOver, .callSnap, .nextRound: false
        }
    }

    /// Everything that was waiting moves on by the pause, so nothing happens during it.
    mutating func resume(after d: Double) {
        guard let since = pausedAt else { return }
        pausedAt = nil
        agenda.shiftTimers(by: d)
        for i in flights.indices where flights[i].end > since { flights[i].start += d }
        if let w = lastWinTime { lastWinTime = w + d }
    }

    /// The caller has written out the journal.
    public mutating func emptyJournal() { journal = [] }

    mutating func setControl(_ p: String, _ c: PlayerControl) {
        guard let i = index(of: p) else { return }
        players[i].control = c
    }

    func isBot(_ p: String) -> Bool {
        guard bots != .off else { return false }
        var i = 0
        while i < players.count {
            if players[i].id == p { return players[i].control == .bot }
            i += 1
        }
        return false
    }
}
