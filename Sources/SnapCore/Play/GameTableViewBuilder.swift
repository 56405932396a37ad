/// The Snap! game for the couch, on a big screen across the room: the same seats as the
/// player's view, but the open cards large (the point is to see two top cards match from the
/// sofa), the labels, bubbles, smileys and X bigger, the status big; no buttons (nobody clicks
/// on the TV) and, when paused, only the veil and the word.
public enum GameTableViewBuilder {
    /// Open cards are almost twice the player's view's; closed piles only need to show a count.
    public static let openSize = Size(w: 140, h: 196)
    public static let closedSize = Size(w: 96, h: 134)
    /// Labels are laid out on a smaller canvas and scaled up by this much.
    public static let labelScale = 1.5

    public static func openCentre(_ p: SeatPosition) -> Point {
        switch p {
        case .bottom: Point(x: 736, y: 522)
        case .top: Point(x: 586, y: 186)
        case .left: Point(x: 322, y: 440)
        case .right: Point(x: 958, y: 440)
        }
    }

    public static func closedCentre(_ p: SeatPosition) -> Point {
        switch p {
        case .bottom: Point(x: 592, y: 538)
        case .top: Point(x: 730, y: 170)
        case .left: Point(x: 160, y: 440)
        case .right: Point(x: 1120, y: 440)
        }
    }

    public static func verdictCentre(_ p: SeatPosition) -> Point {
        switch p {
        // Left of the bottom seat's piles, as on the player's screen: the middle is the pool's.
        case .bottom: Point(x: 470, y: 540)
        // On the top seat's closed pile, clear of its count: beside the piles are the side
        // seats' Snap! bubbles, up while the verdict shows.
        case .top: Point(x: 730, y: 160)
        case .left: Point(x: 240, y: 606)
        case .right: Point(x: 1040, y: 606)
        }
    }

    /// The centre-pile games have no open piles: the top seat's verdict goes beside its closed
    /// pile, where its open pile would be.
    static func centreVerdictCentre(_ p: SeatPosition) -> Point {
        p == .top ? openCentre(.top) : verdictCentre(p)
    }

    /// The status, in the band across the middle between the top seat's piles and the others.
    public static let statusRect = Rect(x: 240, y: 290, w: 800, h: 56)
    /// The game and house rule played, bottom left (the top seat's plate leaves the top
    /// corner too little room for "Snap pool · Match: rank and colour" read from the sofa).
    static let captionRect = Rect(x: 46, y: 634, w: 560, h: 36)
    public static let centre = Point(x: 640, y: 398)

    static let geometry = PileGeometry(
        closedSize: closedSize, openSize: openSize, closedCentre: closedCentre, openCentre: openCentre,
        centre: centre, deckSize: Size(w: 76, h: 106), verdictCentre: verdictCentre, verdictSize: 92, labelScale: 1.5,
        usesFromPoint: false)

    /// Slapjack and Egyptian Ratscrew: no open piles, so the centre pile, the one everybody
    /// watches, gets their room and bigger cards, between the status (a little higher, just
    /// under the top seat's count) and the bottom seat's pile.
    static let centreStatusRect = Rect(x: 240, y: 252, w: 800, h: 56)
    static let centreGeometry: PileGeometry = {
        var g = geometry
        g.centre = Point(x: 668, y: 392)
        g.deckSize = Size(w: 92, h: 129)
        g.verdictCentre = centreVerdictCentre
        return g
    }()

    static func geometry(for screen: GameScreen) -> PileGeometry { screen.centre == nil ? geometry : centreGeometry }

    public static func build(_ screen: GameScreen, metrics: TextMetrics, canvas: Size = GameLayout.canvas) -> DisplayList {
        layers(screen, metrics: metrics, canvas: canvas).assemble(moving: moving(screen), canvas: canvas)
    }

    /// Everything but the flights; it depends only on `screen.atRest`.
    public static func layers(_ screen: GameScreen, metrics: TextMetrics, canvas: Size = GameLayout.canvas) -> SceneLayers {
        let g = geometry(for: screen)
        var still: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: canvas.w, h: canvas.h))]
        still += GameSceneBuilder.piles(screen, geometry: g, metrics: metrics)
        let small = Size(w: canvas.w / labelScale, h: canvas.h / labelScale)
        still += GameSeatLabels.commands(screen, metrics: metrics, canvas: small).map { $0.mapped(scale: labelScale, offset: .zero) }
        still += GameSceneBuilder.verdicts(screen, geometry: g, metrics: metrics)
        if let c = screen.caption { still += GamePieces.caption(c, in: captionRect, scale: 1.25, metrics: metrics) }
        if let invite = screen.invite { still += inviteCorner(invite, words: screen.words, metrics: metrics) }
        // The leave question is the local player's own: the couch keeps seeing the table.
        let overlay = screen.overlay == .confirmLeave ? nil : screen.overlay
        if overlay == nil {
            still += GamePieces.shadowed(screen.status, .bigStatus, .status, in: screen.centre == nil ? statusRect : centreStatusRect, metrics: metrics)
        }
        guard let overlay else { return SceneLayers(still: still, overlay: nil) }
        var cover: [DrawCommand] = [.fill(Rect(x: 0, y: 0, w: canvas.w, h: canvas.h), .dim)]
        let k = 1.4
        switch overlay {
        case .start(let hint):
            let panel = Rect(x: 290, y: 214, w: 700, h: 250)
            cover.append(.stretched(.panel, panel.insetBy(dx: -4, dy: -4), cap: 40))
            cover += GamePieces.shadowed(screen.game.name(screen.words), .title, .status, in: Rect(x: panel.x, y: panel.y + 20, w: panel.w, h: 80), metrics: metrics, scale: k)
            cover += GamePieces.wrapped(hint, .hint, .hintText, in: Rect(x: panel.x + 30, y: panel.y + 110, w: panel.w - 60, h: 110),
                                        lineHeight: 40, maxLines: 2, metrics: metrics, scale: k)
            // Before the deal is when people join: the code stays bright above the veil.
            if let invite = screen.invite { cover += inviteCorner(invite, words: screen.words, metrics: metrics) }
        case .paused, .confirmLeave:
            let panel = Rect(x: 400, y: 250, w: 480, h: 150)
            cover.append(.stretched(.panel, panel.insetBy(dx: -4, dy: -4), cap: 40))
            cover += GamePieces.shadowed(screen.words.tr("Paused"), .title, .status, in: panel, metrics: metrics, scale: k)
        }
        return SceneLayers(still: still, overlay: cover)
    }

    /// The bottom right corner, clear of every seat's piles and labels: the QR code of the
    /// phones' link while a seat is open, small enough not to compete with the cards.
    public static let inviteSquare = Rect(x: 1110, y: 556, w: 132, h: 132)

    static func inviteCorner(_ invite: JoinInvite, words: Words, metrics: TextMetrics) -> [DrawCommand] {
        guard let qr = invite.qr else { return [] }
        // Two lines right-aligned beside the code, clear of the bottom seat's name plate.
        let right = inviteSquare.x - 14, bottom = inviteSquare.y + inviteSquare.h
        // A little smaller than the other hints: the whole link fits between the plate and the code.
        let k = 0.85
        func line(_ text: String, y: Double, link: Bool = false) -> [DrawCommand] {
            let fitted = TextFit.fit(text, width: 330 / k, style: .hint, metrics: metrics, designed: link)
            // Text drawn on the bigger TV comes out a little wider than the 1x measure: room for it.
            let w = metrics.width(fitted, .hint) * k * 1.06 + 3
            return GamePieces.shadowed(fitted, .hint, .hintText, in: Rect(x: right - w, y: y, w: w, h: 28), metrics: metrics, scale: k)
        }
        return QRCodePicture.commands(qr, in: inviteSquare)
            + line(words.tr("Scan to join on a phone, or open"), y: bottom - 60) + line(invite.url, y: bottom - 30, link: true)
    }

    /// The card in hand is the local player's business; it lands on the open pile as a flight.
    public static func moving(_ screen: GameScreen) -> [DrawCommand] {
        let g = geometry(for: screen)
        return screen.flights.flatMap { GamePieces.flight($0, geometry: g) }
    }
}
