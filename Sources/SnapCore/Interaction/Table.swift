/// The playable table: the board plus everything in motion, driven by pointer input at given
/// times. Every transition is a function of (state, input, time); nothing here reads a clock.
public struct Table: Sendable, Equatable {
    public private(set) var board: Board
    public let cardSize: Size
    public let feel: Feel
    public private(set) var drags: [Actor: DragState] = [:]
    /// Cards easing after a drop, a cancel or a pick-up that ended; absent means at rest in its slot.
    public private(set) var motions: [CardID: CardMotion] = [:]
    public private(set) var fading: [FadingCard] = []
    /// Bumped on every change that is not a pure function of time, so the shell knows to redraw.
    public private(set) var revision = 0
    /// Bumped on those changes but a card in hand following its pointer: two equal values mean
    /// the same cards at rest (the still layer), however far the cards in hand moved.
    public private(set) var restRevision = 0

    public init(board: Board, cardSize: Size, feel: Feel = .standard) {
        self.board = board
        self.cardSize = cardSize
        self.feel = feel
    }

    // MARK: - Reading

    public func drag(of actor: Actor) -> DragState { drags[actor] ?? .idle }

    /// Which actor holds the card, if any.
    public func holder(of card: CardID) -> Actor? {
        drags.first { $0.value.heldCard == card }?.key
    }

    public func pose(of cardID: CardID, at t: Double) -> CardPose? {
        guard let card = board.cards[cardID] else { return nil }
        if let actor = holder(of: cardID), case .dragging(let d) = drags[actor] {
            return dragPose(d, at: t)
        }
        if let m = motions[cardID] { return m.pose(at: t) }
        return CardPose(center: board.slot(card.slot)?.rect.center ?? .zero)
    }

    public func rect(of cardID: CardID, at t: Double) -> Rect? {
        pose(of: cardID, at: t).map { Rect(center: $0.center, size: cardSize) }
    }

    /// Bottom to top: cards at rest in slot order, then cards in motion, then cards in hand.
    public func drawOrder(at t: Double) -> [CardID] { restingOrder + movingOrder }

    /// The bottom of `drawOrder`: the cards at rest, in slot order (what the still layer draws).
    public var restingOrder: [CardID] {
        let held = Set(drags.values.compactMap(\.heldCard))
        var resting: [CardID] = []
        for s in board.slots {
            if let c = s.card, motions[c] == nil, !held.contains(c) { resting.append(c) }
        }
        return resting
    }

    /// The top of `drawOrder`: cards in motion, then cards in hand (what a frame of a drag draws).
    public var movingOrder: [CardID] {
        guard !motions.isEmpty || !drags.isEmpty else { return [] }
        let held = Set(drags.values.compactMap(\.heldCard))
        let moving = motions.filter { !held.contains($0.key) && board.cards[$0.key] != nil }
            .sorted { ($0.value.position.start, $0.key) < ($1.value.position.start, $1.key) }
            .map(\.key)
        let inHand = drags.sorted { $0.key.description < $1.key.description }.compactMap(\.value.heldCard)
        return moving + inHand
    }

    /// The topmost card under a point, ignoring cards someone holds.
    public func card(at p: Point, at t: Double) -> CardID? {
        let held = Set(drags.values.compactMap(\.heldCard))
        for id in drawOrder(at: t).reversed() where !held.contains(id) {
            if let r = rect(of: id, at: t), r.contains(p) { return id }
        }
        return nil
    }

    /// What letting go now would do, for the highlight under a dragged card.
    public func pendingDrop(of actor: Actor, at t: Double) -> (card: CardID, outcome: DropOutcome)? {
        guard case .dragging(let d) = drag(of: actor) else { return nil }
        return (d.card, DropRule.outcome(for: d.card, at: intendedRect(d), on: board, feel: feel))
    }

    /// Where the hand puts the card: under the grabbed point. Drops are judged here, not where the
    /// 0.1 s pick-up ease happens to be drawing it, so a quick flick lands where it was aimed.
    private func intendedRect(_ d: DragState.Drag) -> Rect {
        Rect(center: d.pointer + d.grabOffset, size: cardSize)
    }

    /// True while something moves by itself: the shell keeps drawing frames until this is false.
    public func isAnimating(at t: Double) -> Bool {
        if !fading.isEmpty || motions.values.contains(where: { !$0.isFinished(at: t) }) { return true }
        return drags.values.contains {
            if case .dragging(let d) = $0 { return t < d.start + feel.settleDuration }
            return false
        }
    }

    public var isSettled: Bool { motions.isEmpty && fading.isEmpty && drags.values.allSatisfy { $0 == .idle } }

    // MARK: - Input

    public mutating func pointerDown(_ actor: Actor, at p: Point, time t: Double) {
        // A lost button-up must not leave a card stuck to the pointer: a new press first ends the
        // old gesture where it was last seen.
        endGesture(actor, at: nil, time: t)
        advance(to: t)
        let hit = card(at: p, at: t)
        drags[actor] = .pressed(.init(point: p, card: hit, cardCenter: hit.flatMap { pose(of: $0, at: t)?.center }, time: t))
        changed()
    }

    public mutating func pointerMove(_ actor: Actor, to p: Point, time t: Double) {
        switch drag(of: actor) {
        case .idle:
            return
        case .pressed(var press):
            guard p.distance(to: press.point) > feel.dragThreshold else { return }
            guard let cardID = press.card, holder(of: cardID) == nil, let pose = pose(of: cardID, at: t) else {
                if !press.wandered {
                    press.wandered = true
                    drags[actor] = .pressed(press)
                }
                return
            }
            motions[cardID] = nil
            drags[actor] = .dragging(.init(
                card: cardID, grabOffset: (press.cardCenter ?? pose.center) - press.point, from: pose.center,
                fromRotation: pose.rotation, start: t, pointer: p))
        case .dragging(var d):
            d.pointer = p
            drags[actor] = .dragging(d)
            revision += 1
            return
        }
        changed()
    }

    public mutating func pointerUp(_ actor: Actor, at p: Point, time t: Double) {
        endGesture(actor, at: p, time: t)
    }

    /// Ends a press or drag; `p` is where the button came up, nil when that is unknown.
    private mutating func endGesture(_ actor: Actor, at p: Point?, time t: Double) {
        let state = drag(of: actor)
        drags[actor] = nil
        switch state {
        case .idle:
            return
        case .pressed(let press):
            // A click: only an empty normal slot makes a card, and only if the press was not on a card.
            if let p, press.card == nil, !press.wandered, let slot = board.slot(at: p), board.slot(at: press.point)?.id == slot.id {
                board.createCard(in: slot.id)
            }
        case .dragging(var d):
            if let p { d.pointer = p }
            drop(d, at: t)
        }
        advance(to: t)
        changed()
    }

    /// Escape, focus loss, a closing window: every card in hand goes home, pending clicks are forgotten.
    public mutating func cancelAll(time t: Double) {
        for actor in drags.keys { cancel(actor, time: t) }
    }

    public mutating func cancel(_ actor: Actor, time t: Double) {
        let state = drag(of: actor)
        drags[actor] = nil
        if case .dragging(let d) = state, let card = board.cards[d.card] {
            let pose = dragPose(d, at: t)
            motions[d.card] = settle(from: pose, to: board.slot(card.slot)?.rect.center ?? pose.center, at: t, fade: false)
        }
        if state != .idle { changed() }
    }

    /// Drops finished animations, so cards at rest join the cached still layer.
    public mutating func advance(to t: Double) {
        // Called for every input: the collections are made anew only when a motion ended.
        if motions.values.contains(where: { $0.isFinished(at: t) }) {
            motions = motions.filter { !$0.value.isFinished(at: t) }
            changed()
        }
        if fading.contains(where: { $0.motion.alpha.isFinished(at: t) }) {
            fading = fading.filter { !$0.motion.alpha.isFinished(at: t) }
            changed()
        }
    }

    /// Brings everything in motion to rest at once (the program is ending): settling cards stand
    /// in their slots, fading ones are gone.
    public mutating func settleAll() {
        guard !motions.isEmpty || !fading.isEmpty else { return }
        motions = [:]
        fading = []
        changed()
    }

    /// How many actors hold a card (read on every input: no list made).
    public var holdingCount: Int { drags.values.reduce(0) { $0 + ($1.heldCard == nil ? 0 : 1) } }

    /// Every actor holding a card, in a stable order.
    public var holders: [(actor: Actor, card: CardID)] {
        drags.compactMap { d in d.value.heldCard.map { (d.key, $0) } }.sorted { $0.actor.description < $1.actor.description }
    }

    /// Puts a card into a slot directly, as a deal does; false where the board says no.
    @discardableResult
    public mutating func deal(_ face: CardFace? = nil, faceUp: Bool = true, into slot: SlotID) -> CardID? {
        defer { changed() }
        return board.createCard(in: slot, face: face, faceUp: faceUp)
    }

    // MARK: - Private

    private mutating func changed() {
        revision += 1
        restRevision += 1
    }

    private func dragPose(_ d: DragState.Drag, at t: Double) -> CardPose {
        let k = Easing.easeInOut.apply(feel.settleDuration <= 0 ? 1 : (t - d.start) / feel.settleDuration)
        let target = d.pointer + d.grabOffset
        return CardPose(center: Point.lerp(d.from, target, k), rotation: Double.lerp(d.fromRotation, feel.dragTilt, k))
    }

    private mutating func drop(_ d: DragState.Drag, at t: Double) {
        guard let card = board.cards[d.card] else { return }
        let pose = dragPose(d, at: t)
        switch DropRule.outcome(for: d.card, at: intendedRect(d), on: board, feel: feel) {
        case .move(let slotID):
            board.move(d.card, to: slotID)
            motions[d.card] = settle(from: pose, to: board.slot(slotID)!.rect.center, at: t, fade: false)
        case .delete(let slotID):
            board.remove(d.card)
            fading.append(FadingCard(card: card, motion: settle(from: pose, to: board.slot(slotID)!.rect.center, at: t, fade: true)))
        case .snapBack:
            motions[d.card] = settle(from: pose, to: board.slot(card.slot)?.rect.center ?? pose.center, at: t, fade: false)
        }
    }

    private func settle(from pose: CardPose, to target: Point, at t: Double, fade: Bool) -> CardMotion {
        CardMotion(
            position: Tween(from: pose.center, to: target, start: t, duration: feel.settleDuration),
            rotation: Tween(from: pose.rotation, to: 0, start: t, duration: feel.untiltDuration),
            alpha: fade ? Tween(from: pose.alpha, to: 0, start: t, duration: feel.fadeDuration) : .constant(1))
    }
}
