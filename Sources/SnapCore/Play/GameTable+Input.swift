/// The players' inputs on the Snap! table: the mouse on the local player's piles and buttons,
/// the keys, the controllers, and the replay verbs for any player.
extension GameTable {
    // MARK: - Rules inputs, from anyone

    /// A rules input at the input's own time `t` (fairness is decided by it).
    mutating func play(_ input: GameInput, at t: Double) -> [ShellEffect] { play(input, stamped: t, at: t) }

    /// A rules input judged at `stamp` that arrived at `t` (a network call, `FairCall`).
    mutating func play(_ input: GameInput, stamped stamp: Double, at t: Double, fair: FairCall? = nil) -> [ShellEffect] {
        if net.isClient { return intent(for: input, at: t) }
        guard var g = rules else { return [.log(.info, "Snap!: \(input) before the first deal")] }
        if case .callSnap(let p) = input, seat(of: p)?.control != .computer {
            // A person's call shows and sounds at once; the verdict follows when the rules have judged it.
            bubbles[p] = t + Self.bubbleSeconds
            changed()
            net.record([NetEvent(.call, time: t, player: p)])
            let shout = seat(of: p).map { [ShellEffect.sound(.call(seat: $0.seat))] } ?? []
            let events = g.handle(input, stamped: stamp, at: t, fair: fair)
            rules = g
            return shout + react(to: events)
        }
        let events = g.handle(input, stamped: stamp, at: t)
        rules = g
        return react(to: events)
    }

    /// The local player turns their top card over.
    mutating func turnOver(at t: Double) -> [ShellEffect] { play(.turnOver(player: me), at: t) }

    /// True when the local player may turn a card over now.
    var myTurn: Bool { rules?.phase == .playing && rules?.active == me && overlay == nil && rules?.isPaused == false }

    // MARK: - Mouse (board coordinates of the player's own view)

    mutating func pointer(_ action: MouseAction, _ p: Point?, at t: Double) -> [ShellEffect] {
        guard let p else {
            // Outside every window: a carried card goes home, a pressed button is let go.
            pressedButton = nil
            hand.cancel(.mouse, time: t)
            changed()
            return []
        }
        switch action {
        case .down:
            if let b = button(at: p) {
                pressedButton = b.kind
                changed()
                return []
            }
            guard overlay == nil, (seat(of: me)?.control == .local), let g = rules, g.phase == .playing,
                  (g.player(me)?.closed.isEmpty == false || g.player(me)?.open.isEmpty == false),
                  GameLayout.closedPile(.bottom).contains(p) else { return [] }
            hand.pointerDown(.mouse, at: p, time: t)
            return []
        case .move:
            // A card in hand follows the pointer: every move is a new picture, of the card alone.
            guard hand.drag(of: .mouse) != .idle else { return [] }
            hand.pointerMove(.mouse, to: p, time: t)
            handMoved()
            return []
        case .up:
            if let kind = pressedButton {
                pressedButton = nil
                changed()
                guard button(at: p)?.kind == kind else { return [] }
                return press(kind, at: t)
            }
            switch hand.drag(of: .mouse) {
            case .idle:
                return []
            case .pressed(let press):
                hand.pointerUp(.mouse, at: p, time: t)
                // A click on the closed pile turns the top card over.
                guard !press.wandered, GameLayout.closedPile(.bottom).contains(p), myTurn else { return [] }
                return turnOver(at: t)
            case .dragging:
                guard myTurn, case .move(2)? = hand.pendingDrop(of: .mouse, at: t)?.outcome else {
                    hand.cancel(.mouse, time: t)     // anywhere else, or not our turn: it slides back
                    return []
                }
                let pose = hand.pose(of: hand.drag(of: .mouse).heldCard ?? 0, at: t)
                dropped = (pose?.center ?? p, t)
                hand = Self.makeHand(rules?.kind ?? kind)
                return turnOver(at: t)
            }
        }
    }

    /// The enabled button under `p`, of those on screen now.
    func button(at p: Point) -> GameScreen.Button? {
        buttons.first { $0.enabled && GameLayout.button($0.kind).contains(p) }
    }

    /// The buttons on screen now.
    var buttons: [GameScreen.Button] {
        if overlay == .confirmLeave {
            return [GameScreen.Button(kind: .confirmLeave), GameScreen.Button(kind: .cancelLeave)]
        }
        var out = [GameScreen.Button(kind: .exit)]
        guard let rules else { return out + [GameScreen.Button(kind: .deal, enabled: canDeal)] }
        let seated = seat(of: me)?.control == .local && rules.player(me)?.out == false
        out.append(GameScreen.Button(kind: .snap, enabled: seated && rules.phase == .playing && overlay == nil && hostGone == nil))
        if rules.phase == .roundOver { out.append(GameScreen.Button(kind: .nextRound, enabled: canDeal)) }
        return out
    }

    mutating func press(_ kind: GameScreen.ButtonKind, at t: Double) -> [ShellEffect] {
        switch kind {
        case .snap: return play(.callSnap(player: me), at: t)
        case .exit: return setOverlay(.confirmLeave, at: t)
        case .confirmLeave:
            let leave: [ShellEffect] = net.isClient ? [.netIntent(NetIntent(.leave))] : []
            return leave + [.log(.notice, "the local player left the game"), .leaveGame]
        case .cancelLeave: return setOverlay(nil, at: t)
        case .deal, .nextRound: return deal(at: t)
        }
    }

    /// Opens or closes an overlay; the game stands still while one is up.
    mutating func setOverlay(_ o: Overlay?, at t: Double) -> [ShellEffect] {
        guard o != overlay else { return [] }
        let wasPaused = overlay != nil
        overlay = o
        hand.cancelAll(time: t)
        changed()
        // A client cannot stop the host's game: its overlay covers only its own screen.
        guard !net.isClient, var g = rules, wasPaused != (o != nil) else { return [] }
        let events = g.handle(o == nil ? .resume : .pause, at: t)
        rules = g
        return react(to: events)
    }

    // MARK: - Keys

    mutating func key(_ key: KeyName, at t: Double) -> [ShellEffect] {
        switch (key, overlay) {
        case (.escape, .confirmLeave), (.escape, .paused): return setOverlay(nil, at: t)
        case (.escape, nil): return setOverlay(.paused, at: t)
        case (.enter, .confirmLeave): return press(.confirmLeave, at: t)
        // Paused, Enter asks to leave: the way out with the keyboard alone.
        case (.enter, .paused): return setOverlay(.confirmLeave, at: t)
        case (.m, _): return [.toggleMute]
        case (_, .some): return []
        case (.enter, nil):
            if canDeal { return deal(at: t) }
            return myTurn ? turnOver(at: t) : []
        case (.s, nil):
            return buttons.contains { $0.kind == .snap && $0.enabled } ? play(.callSnap(player: me), at: t) : []
        default:
            return []
        }
    }

    // MARK: - Controllers

    mutating func pad(_ command: PadCommand, at t: Double) -> [ShellEffect] {
        switch command {
        case .add(let id, let profile):
            guard pads[id] == nil else { return [.problem(Problem(kind: "pad already connected", "pad \(id) is already connected"))] }
            guard pads.count < Self.maxPads else {
                return [.problem(Problem(kind: "too many pads", "pad \(id): \(Self.maxPads) controllers are already at the table; this one is ignored"))]
            }
            let used = Set(pads.values.map(\.colour))
            pads[id] = GamePad(id: id, profile: profile, colour: (0...).first { !used.contains($0) }!)
            changed()
            // A controller unplugged mid-game left its seat waiting: the next one plugged in takes it back.
            guard !reserved.isEmpty else { return [] }
            return seat(pad: id, on: reserved.removeFirst(), at: t)
        case .remove(let id):
            guard let pad = pads.removeValue(forKey: id) else { return [.problem(Problem(kind: "unknown pad", "pad \(id) is not connected"))] }
            changed()
            guard let p = pad.player, let i = seats.firstIndex(where: { $0.id == p }) else { return [] }
            seats[i].control = bots == .off ? .waiting : .computer
            reserved.append(p)
            guard var g = rules, g.player(p) != nil else { return [] }
            let events = g.handle(.handBack(player: p), at: t)
            rules = g
            return [.log(.notice, "the controller playing \(seats[i].name) went away; \(bots == .off ? "the seat waits for it" : "a computer player takes over until it is back")")]
                + react(to: events)
        case .button(let id, let b, let down):
            guard let pad = pads[id] else { return [.problem(Problem(kind: "unknown pad", "pad \(id) is not connected"))] }
            guard down else { return [] }
            return padButton(pad, b, at: t)
        case .axis(let id, _, _, _):
            return pads[id] == nil ? [.problem(Problem(kind: "unknown pad", "pad \(id) is not connected"))] : []
        }
    }

    private mutating func padButton(_ pad: GamePad, _ b: PadButton, at t: Double) -> [ShellEffect] {
        // At a network client every controller plays this machine's one player.
        guard let player = pad.player ?? (net.isClient ? me : nil) else {
            // Not seated: A or Start takes the next free seat, on the start screen and between rounds.
            guard b == .a || b == .pause, rules == nil || rules?.phase == .roundOver, overlay == nil else { return [] }
            guard let free = nextFreeSeat() ?? addSeat() else { return [.log(.info, "pad \(pad.id): every seat is taken")] }
            return seat(pad: pad.id, on: free, at: t)
        }
        switch b {
        case .pause:
            return setOverlay(overlay == nil ? .paused : nil, at: t)
        case .a:
            // On the leave question A leaves, as Enter does.
            if overlay == .confirmLeave { return press(.confirmLeave, at: t) }
            guard overlay == nil else { return [] }
            // A seated controller deals, the first round as the next: a couch needs no mouse.
            if rules?.phase == .roundOver || rules == nil { return canDeal ? deal(at: t) : [] }
            return play(.turnOver(player: player), at: t)
        case .x, .y:
            guard overlay == nil, rules != nil else { return [] }
            return play(.callSnap(player: player), at: t)
        case .b:
            // B asks to leave, and on the question stays: the way back with a controller alone.
            if overlay == .confirmLeave { return setOverlay(nil, at: t) }
            return overlay == nil ? setOverlay(.confirmLeave, at: t) : []
        default:
            return []
        }
    }

    /// The first seat clockwise from the local player that a computer plays or nobody does; else
    /// a new player in the first empty seat.
    func nextFreeSeat() -> String? {
        let mine = seat(of: me)?.seat ?? 0
        // A seat the menu kept for a controller first, clockwise, this machine's own seat last.
        for k in [1, 2, 3, 0] {
            if let s = seats.first(where: { $0.seat == (mine + k) % 4 && $0.control == .waiting && !remoteSeats.contains($0.id) }),
               k != 0 || !(net.isHost || net.isClient) {
                return s.id
            }
        }
        for k in 1...3 {
            if let s = seats.first(where: { $0.seat == (mine + k) % 4 && ($0.control == .computer || $0.control == .waiting) && !remoteSeats.contains($0.id) }) {
                return s.id
            }
        }
        return nil
    }

    /// Seats a controller as `player` (making the player when the seat was empty).
    mutating func seat(pad id: Int, on player: String, at t: Double) -> [ShellEffect] {
        guard let i = seats.firstIndex(where: { $0.id == player }) else { return [] }
        seats[i].control = .pad(id)
        pads[id]?.player = player
        changed()
        var out: [ShellEffect] = [.log(.notice, "a controller takes \(seats[i].name)'s seat")]
        if var g = rules, g.player(player) != nil {
            out += react(to: g.handle(.takeSeat(player: player), at: t))
            rules = g
        }
        return out
    }

    /// Adds a player in the first seat nobody sits in, for a controller joining a table with
    /// fewer than four players.
    mutating func addSeat() -> String? {
        let taken = Set(seats.map(\.seat))
        guard let s = (0...3).first(where: { !taken.contains($0) }) else { return nil }
        let id = "Player \(s + 1)"
        seats.append(GameSeat(seat: s, id: id, name: words.tr("Player {n}", ["n": String(s + 1)]), control: .waiting))
        seats.sort { $0.seat < $1.seat }
        return id
    }

    // MARK: - Ending

    /// Focus lost or the program ending: the card in hand goes back, a pressed button is let go.
    mutating func cancelGestures(at t: Double) {
        hand.cancelAll(time: t)
        pressedButton = nil
        changed()
    }

    mutating func settle(at t: Double) {
        cancelGestures(at: t)
        hand.settleAll()
    }
}
