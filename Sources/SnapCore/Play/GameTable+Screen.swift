/// What the Snap! table looks like now, for the scene builders.
extension GameTable {
    public func screen(at t: Double) -> GameScreen {
        // Made whenever the screen at rest may have changed (an input, a card landing): the
        // players looked up in one array, the flights counted without new arrays, and what is
        // unchanged passed on as it is (the open piles' arrays shared, not filtered into copies,
        // keep the pictures' check for a change cheap).
        var s = GameScreen()
        let rules = self.rules
        // A client's comes with the host's game; a table not dealt yet shows its own.
        s.caption = Self.caption(kind: rules?.kind ?? kind, house: rules?.house ?? house, words: words)
        let shown = rules?.displayTime ?? t
        let flights = rules?.flights.filter { $0.end > shown } ?? []
        s.game = rules?.kind ?? kind
        // Cards still flying to the pool or the centre pile are drawn as flights, not yet on it.
        if let pool = rules?.pool, !pool.isEmpty {
            let incoming = Set(flights.filter { $0.to == .centre }.map(\.card))
            s.pool = incoming.isEmpty ? pool : pool.filter { !incoming.contains($0) }
        }
        if s.game.hasCentrePile {
            let pile = rules?.centre ?? [], burned = rules?.burned ?? 0
            let incoming = Set(flights.filter { $0.to == .centre }.map(\.card))
            s.centre = GameScreen.CentrePile(faceUp: pile[burned...].filter { !incoming.contains($0) },
                                             burned: pile[..<burned].count { !incoming.contains($0) }, spread: s.game == .ratscrew)
        }
        let players = rules?.players ?? []
        let active = rules?.active
        let mine = seat(of: me)?.seat ?? 0
        s.seats.reserveCapacity(seats.count)
        for seat in seats {
            let player = players.first { $0.id == seat.id }
            // Cards still flying in are drawn as flights, not yet on their pile.
            var incomingClosed = 0
            var incomingOpen: Set<CardFace> = []
            for f in flights {
                if f.to == .closed(seat.id) { incomingClosed += 1 } else if f.to == .open(seat.id) { incomingOpen.insert(f.card) }
            }
            let open = player?.open ?? []
            var control: GameScreen.Control = .computer
            switch seat.control {
            case .local, .remote: control = .local
            case .pad(let id): control = .controller(colour: pads[id]?.colour ?? 0)
            case .computer, .waiting: control = .computer
            }
            s.seats.append(GameScreen.Seat(
                position: SeatPosition.relative(theirs: seat.seat, mine: mine), playerID: seat.id,
                name: seat.control == .waiting ? words.tr("{name} (free)", ["name": seat.name]) : seat.name,
                gamesWon: player?.gamesWon ?? seat.gamesWon,
                closedCount: max(0, (player?.closed.count ?? 0) - incomingClosed),
                openCards: incomingOpen.isEmpty ? open : open.filter { !incomingOpen.contains($0) },
                active: active == seat.id, out: player?.out ?? false,
                bubble: (bubbles[seat.id] ?? -1) > t, verdict: verdicts[seat.id].flatMap { $0.until > t ? $0.verdict : nil },
                control: control, link: seat.control == .remote ? linkMark(of: seat.id) : nil))
        }
        s.deckCount = rules?.phase == .dealing ? flights.filter { $0.from == .centre && $0.start > shown }.count : 0
        s.status = status
        s.words = words
        if net.isHost, seats.contains(where: { ($0.control == .computer || $0.control == .waiting) && !remoteSeats.contains($0.id) }) {
            s.invite = invite
        }
        let pressed = pressedButton
        s.buttons = buttons
        for i in s.buttons.indices { s.buttons[i].pressed = s.buttons[i].kind == pressed }
        switch overlay {
        case .paused: s.overlay = .paused
        case .confirmLeave: s.overlay = .confirmLeave
        case nil: if rules == nil { s.overlay = .start(joinHint: joinHint) }
        }
        addMoving(to: &s, flights, shown: shown, at: t)
        return s
    }

    /// What moves on `screen` at `t`: the cards in the air and the card in hand. A screen at rest
    /// known from before (`restKey`) gets only these, frame after frame.
    func addMoving(to screen: inout GameScreen, at t: Double) {
        let shown = rules?.displayTime ?? t
        addMoving(to: &screen, rules?.flights.filter { $0.end > shown } ?? [], shown: shown, at: t)
    }

    private func addMoving(to s: inout GameScreen, _ flights: [CardFlight], shown: Double, at t: Double) {
        s.flights.removeAll(keepingCapacity: true)
        for f in flights {
            var flight = GameScreen.Flight(card: f.card, from: pile(f.from), to: f.kind == .burn ? .burned : pile(f.to),
                                           progress: f.progress(at: shown), faceUpFrom: Self.faceUp(f.from, f.kind), faceUpTo: Self.faceUp(f.to, f.kind))
            // A card the local player dropped on the open pile flies on from where it was let go.
            if f.kind == .turn, f.from == .closed(me), let d = dropped, abs(f.start - d.time) < 0.2 { flight.fromPoint = d.point }
            s.flights.append(flight)
        }
        s.held = heldCard(at: t, turning: flights.contains { $0.kind == .turn && $0.from == .closed(me) })
    }

    /// The local player's card in hand at `t`, or the one let go on the open pile until the
    /// rules turn it over (`turning`: its turn-over is in the air).
    func heldCard(at t: Double, turning: Bool) -> GameScreen.HeldCard? {
        if let d = dropped, !turning, t < d.time + (rules?.window ?? 0) + 0.1 {
            // Let go on the open pile: it rests there until the rules turn it over from that spot.
            return GameScreen.HeldCard(pose: CardPose(center: d.point), lifted: false, overOpenPile: true)
        }
        guard let card = hand.board.slot(1)?.card, let pose = hand.pose(of: card, at: t),
              hand.holder(of: card) != nil || hand.motions[card] != nil else { return nil }
        let over: Bool = if case .move(2)? = hand.pendingDrop(of: .mouse, at: t)?.outcome { myTurn } else { false }
        return GameScreen.HeldCard(pose: pose, lifted: SceneBuilder.isLifted(pose, held: hand.holder(of: card) != nil), overOpenPile: over)
    }

    /// "Snap pool", "Snap! · Match: rank and colour", "Egyptian Ratscrew · Slap marriages": nil
    /// for plain Snap!.
    static func caption(kind: GameKind, house: HouseRules, words: Words) -> String? {
        let house = house.only(for: kind)
        guard kind != .snap || !house.isStandard else { return nil }
        // The rules set apart from the usual ones, in the phone page's words.
        var parts = [kind.name(words)]
        if house.colour { parts.append(words.tr("Match: rank and colour")) }
        // TRANSLATORS: Egyptian Ratscrew's house rule turned off: a rank, one card, the same rank may not be slapped.
        if !house.sandwich { parts.append(words.tr("No sandwiches")) }
        // TRANSLATORS: Egyptian Ratscrew's house rule turned off: a player with no cards is out.
        if !house.slapBackIn { parts.append(words.tr("No slapping back in")) }
        // TRANSLATORS: Egyptian Ratscrew's house rule: the top card of the rank of the bottom card may be slapped.
        if house.topAndBottom { parts.append(words.tr("Slap top and bottom")) }
        // TRANSLATORS: Egyptian Ratscrew's house rule: a King and a Queen together may be slapped.
        if house.marriage { parts.append(words.tr("Slap marriages")) }
        return parts.joined(separator: " \u{00B7} ")
    }

    /// The centre label.
    public var status: String {
        if hostGone != nil { return words.tr("The host went away: Leave quits") }
        if unknownGame != nil { return words.tr("A game this version does not know: Leave quits") }
        guard let rules else {
            return canDeal ? words.tr("Press Deal to start") : words.tr("Waiting for a second player")
        }
        if overlay == .paused { return words.tr("Paused") }
        // `name(of:)` looked up here through the seats alone: passed as `name(of:)` (or called in
        // the closure) it copied the whole table every frame (callgrind).
        let seats = self.seats
        return rules.status.text(words) { id in seats.first { $0.id == id }?.name ?? id }
    }

    var joinHint: String {
        let free = seats.contains { $0.control == .computer || $0.control == .waiting } || seats.count < 4
        return free ? words.tr("Controllers: press A to join") : words.tr("Every seat is taken")
    }

    func pile(_ p: PilePlace) -> GameScreen.Pile {
        switch p {
        case .centre: .centre
        case .closed(let id): .closed(position(of: id) ?? .bottom)
        case .open(let id): .open(position(of: id) ?? .bottom)
        }
    }

    /// Open piles are face up, closed ones face down; the middle is the deck while dealing
    /// (face down), Snap pool's pool or the centre pile after (face up, but for burned cards).
    static func faceUp(_ p: PilePlace, _ kind: CardFlight.Kind) -> Bool {
        switch p {
        case .open: true
        case .closed: false
        case .centre: kind != .deal && kind != .burn
        }
    }
}
