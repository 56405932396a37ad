/// Turns a `GameScreen` into the display list of the player's own window (1280x720 canvas, the
/// local player at the bottom). Pure: the same screen gives the same commands.
///
/// Layers: piles at rest, labels, buttons and the status are `still` (they change when a card
/// lands or a label changes); flights, the card in hand and its drop highlight are `moving`.
/// With an overlay up everything goes to `still`, so the overlay covers what moves under it.
public enum GameSceneBuilder {
    public static func build(_ screen: GameScreen, metrics: TextMetrics, canvas: Size = GameLayout.canvas) -> DisplayList {
        layers(screen, metrics: metrics, canvas: canvas).assemble(moving: moving(screen), canvas: canvas)
    }

    /// Everything but what moves: it depends only on `screen.atRest`, so a frame in the middle
    /// of a drag or a flight can reuse it (see `GamePictures`).
    public static func layers(_ screen: GameScreen, metrics: TextMetrics, canvas: Size = GameLayout.canvas) -> SceneLayers {
        let g = PileGeometry.player
        var still: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: canvas.w, h: canvas.h))]
        still += piles(screen, geometry: g, metrics: metrics)
        still += GameSeatLabels.commands(screen, metrics: metrics, canvas: canvas)
        still += verdicts(screen, geometry: g, metrics: metrics)
        if let c = screen.caption { still += GamePieces.caption(c, in: GameLayout.captionRect, scale: 1, metrics: metrics) }
        // The start box covers the middle: the status would only show through the veil.
        if !isStart(screen) {
            still += GamePieces.shadowed(screen.status, .status, .status, in: GameLayout.statusRect, metrics: metrics)
        }
        for b in screen.buttons where !overlayButton(b.kind, screen.overlay) { still += GamePieces.button(b, words: screen.words, game: screen.game, metrics: metrics) }
        let overlay = screen.overlay.map { overlayCommands($0, screen: screen, canvas: canvas, metrics: metrics) }
        return SceneLayers(still: still, overlay: overlay)
    }

    /// The flights, the card in hand and its drop highlight.
    public static func moving(_ screen: GameScreen) -> [DrawCommand] {
        var moving: [DrawCommand] = []
        for f in screen.flights { moving += GamePieces.flight(f, geometry: .player) }
        if let held = screen.held {
            if held.overOpenPile {
                moving.insert(.image(.highlightMove, SceneBuilder.highlightRect(GameLayout.playTarget(screen.game))), at: 0)
            }
            moving += GamePieces.cardCommands(face: nil, pose: held.pose, size: GameLayout.cardSize, lifted: held.lifted)
        }
        return moving
    }

    static func isStart(_ screen: GameScreen) -> Bool {
        if case .start = screen.overlay { return true }
        return false
    }

    /// Buttons that belong to an overlay and are drawn on top of it (on the start screen the
    /// way out stays usable too).
    static func overlayButton(_ kind: GameScreen.ButtonKind, _ overlay: GameScreen.Overlay?) -> Bool {
        if case .start = overlay, kind == .exit { return true }
        return kind == .deal || kind == .confirmLeave || kind == .cancelLeave
    }

    /// Every seat's closed pile (with its count) and open pile; an out seat dimmed under "Out";
    /// the deck in the middle while dealing.
    static func piles(_ screen: GameScreen, geometry g: PileGeometry, metrics: TextMetrics) -> [DrawCommand] {
        var out: [DrawCommand] = []
        let k = g.labelScale
        for seat in screen.seats.sorted(by: { $0.position.rawValue < $1.position.rawValue }) {
            let p = seat.position
            let alpha = seat.out ? 0.4 : 1
            // An out player has no cards: only the stamp marks the seat, no empty places.
            if !seat.out || seat.closedCount > 0 {
                out += GamePieces.closedPile(count: seat.closedCount, rect: g.closedRect(p), active: seat.active && !seat.out,
                                             alpha: alpha, scale: k)
            }
            // The centre-pile games have no open piles: every card goes to the middle.
            if !seat.out || !seat.openCards.isEmpty, screen.centre == nil {
                out += GamePieces.openPile(seat.openCards, rect: g.openRect(p), alpha: alpha, scale: k)
            }
            if !seat.out {
                out += GamePieces.countBadge(seat.closedCount, under: g.closedRect(p), scale: k, metrics: metrics)
                if seat.openCards.count > 1 {
                    out += GamePieces.countBadge(seat.openCards.count, under: g.openRect(p), scale: k, metrics: metrics)
                }
            } else {
                let mid = Point.lerp(g.closedCentre(p), g.openCentre(p), 0.5)
                out += GamePieces.outStamp(at: mid, scale: k, words: screen.words, metrics: metrics)
            }
        }
        out += GamePieces.deck(screen.deckCount, geometry: g, metrics: metrics)
        out += GamePieces.pool(screen.pool, geometry: g, metrics: metrics)
        if let c = screen.centre, screen.deckCount == 0 { out += GamePieces.centrePile(c, geometry: g, metrics: metrics) }
        return out
    }

    static func verdicts(_ screen: GameScreen, geometry g: PileGeometry, metrics: TextMetrics) -> [DrawCommand] {
        screen.seats.flatMap { seat -> [DrawCommand] in
            guard let v = seat.verdict else { return [] }
            return GamePieces.verdict(v, at: g.verdictCentre(seat.position), size: g.verdictSize, scale: g.labelScale, words: screen.words, metrics: metrics)
        }
    }

    /// The start box (title, join hint, Deal), the pause veil, or the leave question with its
    /// answers; the overlay's buttons come from `screen.buttons`.
    static func overlayCommands(_ overlay: GameScreen.Overlay, screen: GameScreen, canvas: Size, metrics: TextMetrics) -> [DrawCommand] {
        let veil = DrawCommand.fill(Rect(x: 0, y: 0, w: canvas.w, h: canvas.h), .dim)
        var out: [DrawCommand] = [veil]
        let words = screen.words
        switch overlay {
        case .start(let hint):
            let panel = GameLayout.startPanel
            out.append(.stretched(.panel, panel.insetBy(dx: -4, dy: -4), cap: 32))
            out += GamePieces.shadowed(screen.game.name(words), .title, .status, in: Rect(x: panel.x, y: panel.y + 16, w: panel.w, h: 64), metrics: metrics)
            let hintBox = Rect(x: panel.x + 30, y: panel.y + 92, w: panel.w - 60, h: 96)
            out += GamePieces.wrapped(hint, .hint, .hintText, in: hintBox, lineHeight: 30, maxLines: 3, metrics: metrics)
        case .paused:
            let panel = GameLayout.dialogPanel
            out.append(.stretched(.panel, panel.insetBy(dx: -4, dy: -4), cap: 32))
            out += GamePieces.shadowed(words.tr("Paused"), .title, .status, in: Rect(x: panel.x, y: panel.y + 34, w: panel.w, h: 70), metrics: metrics)
            out += GamePieces.wrapped(words.tr("Escape or a controller’s menu button plays on; Enter leaves the game"), .hint, .hintText,
                                      in: Rect(x: panel.x + 30, y: panel.y + 112, w: panel.w - 60, h: 64), lineHeight: 30,
                                      maxLines: 2, metrics: metrics)
        case .confirmLeave:
            let panel = GameLayout.dialogPanel
            out.append(.stretched(.panel, panel.insetBy(dx: -4, dy: -4), cap: 32))
            out += GamePieces.shadowed(words.tr("Leave the game?"), .bigStatus, .status, in: Rect(x: panel.x, y: panel.y + 40, w: panel.w, h: 60), metrics: metrics)
        }
        for b in screen.buttons where overlayButton(b.kind, overlay) { out += GamePieces.button(b, words: screen.words, game: screen.game, metrics: metrics) }
        return out
    }
}
