#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// Where one view puts the game's piles. The player's own view and the table view draw the same
/// pieces; only these numbers differ (the table view's open cards are large).
struct PileGeometry: Sendable {
    var closedSize: Size
    var openSize: Size
    var closedCentre: @Sendable (SeatPosition) -> Point
    var openCentre: @Sendable (SeatPosition) -> Point
    /// Where the deal comes from, and the size of the deck's cards there.
    var centre: Point
    var deckSize: Size
    var verdictCentre: @Sendable (SeatPosition) -> Point
    var verdictSize: Double
    /// Counts, tags and stamps are drawn this much larger than in the player's view.
    var labelScale: Double
    /// A flight's `fromPoint` is in the player's view (where a drag let go); other views start
    /// such a flight at its pile.
    var usesFromPoint = true

    func closedRect(_ p: SeatPosition) -> Rect { Rect(center: closedCentre(p), size: closedSize) }
    func openRect(_ p: SeatPosition) -> Rect { Rect(center: openCentre(p), size: openSize) }

    func point(of pile: GameScreen.Pile) -> Point {
        switch pile {
        case .closed(let p): closedCentre(p)
        case .open(let p): openCentre(p)
        case .centre: centre
        case .burned: burnedCentre
        }
    }

    /// Burned cards peek out from under the centre pile, up and to the right.
    var burnedCentre: Point { centre + Point(x: 14 * labelScale, y: -10 * labelScale) }

    func size(of pile: GameScreen.Pile) -> Size {
        switch pile {
        case .closed: closedSize
        case .open: openSize
        case .centre, .burned: deckSize
        }
    }

    /// The player's own view: GameLayout's rectangles, which input hit-tests too.
    static let player = PileGeometry(
        closedSize: GameLayout.cardSize, openSize: GameLayout.cardSize,
        closedCentre: GameLayout.closedCentre, openCentre: GameLayout.openCentre,
        centre: GameLayout.centre, deckSize: GameLayout.cardSize,
        verdictCentre: GameLayout.verdictCentre, verdictSize: GameLayout.verdictSize, labelScale: 1)
}

/// The pieces of the Snap! table as draw commands, shared by the player's view and the table
/// view: piles with their depth and counts, the deck, verdicts, flights, buttons, centred text.
enum GamePieces {
    /// How many cards of a closed pile show as layers of its thickness, at most.
    static let maxClosedLayers = 5
    /// How many cards of an open pile show (the top one and the edges of those under it).
    static let maxOpenLayers = 5
    /// Each layer below the top is shifted this much (logical units, times the view's scale).
    static let layerStep = Point(x: 1.6, y: 2.2)
    static let openStep = Point(x: -2.6, y: -2.2)

    // MARK: Piles

    /// Layers drawn for `count` cards: one per card up to 2, then one more per six cards.
    static func closedLayers(_ count: Int) -> Int {
        count <= 0 ? 0 : min(maxClosedLayers, count <= 2 ? count : 2 + (count - 2 + 5) / 6)
    }

    /// A face-down stack: the top card exactly on `rect` (where a click hits it), the cards under
    /// it stepping down and right so the pile's thickness shows how many there are.
    static func closedPile(count: Int, rect: Rect, active: Bool, alpha: Double, scale: Double) -> [DrawCommand] {
        var out: [DrawCommand] = []
        if active { out.append(.image(.highlightMove, SceneBuilder.highlightRect(rect.insetBy(dx: -2, dy: -2)))) }
        let layers = closedLayers(count)
        guard layers > 0 else {
            out.append(.image(.slot, rect, rotation: 0, alpha: alpha))
            return out
        }
        for i in stride(from: layers - 1, through: 0, by: -1) {
            let c = rect.center + Point(x: layerStep.x * Double(i) * scale, y: layerStep.y * Double(i) * scale)
            let card = cardCommands(face: nil, pose: CardPose(center: c, alpha: alpha), size: rect.size, lifted: false)
            // Only the bottom card casts a shadow: the others lie on it.
            out += i == layers - 1 ? card : Array(card.dropFirst())
        }
        return out
    }

    /// A face-up pile: the top card straight on `rect`, up to four under it peeking out at the
    /// top left, so its depth can be read.
    static func openPile(_ cards: [CardFace], rect: Rect, alpha: Double, scale: Double) -> [DrawCommand] {
        guard !cards.isEmpty else { return [.image(.slot, rect, rotation: 0, alpha: alpha)] }
        var out: [DrawCommand] = []
        let shown = cards.suffix(maxOpenLayers)
        for (depth, face) in shown.reversed().enumerated().reversed() {
            let c = rect.center + Point(x: openStep.x * Double(depth) * scale, y: openStep.y * Double(depth) * scale)
            let card = cardCommands(face: face, pose: CardPose(center: c, alpha: alpha), size: rect.size, lifted: false)
            out += depth == shown.count - 1 ? card : Array(card.dropFirst())
        }
        return out
    }

    /// A count on a dark badge, centred on the bottom edge of a pile.
    static func countBadge(_ count: Int, under rect: Rect, scale: Double, metrics: TextMetrics) -> [DrawCommand] {
        let text = "\(count)"
        let h = 24 * scale
        let w = max(34 * scale, metrics.width(text, .count) * scale + 18 * scale)
        let box = Rect(center: Point(x: rect.center.x, y: rect.maxY + 2 * scale), size: Size(w: w, h: h))
        return [.stretched(.countBadge, box.insetBy(dx: -4 * scale, dy: -4 * scale), cap: 16 * scale),
                centred(text, .count, .countText, in: box, metrics: metrics, scale: scale)]
    }

    /// The deck in the middle while dealing: a short stack with its count.
    static func deck(_ count: Int, geometry g: PileGeometry, metrics: TextMetrics) -> [DrawCommand] {
        guard count > 0 else { return [] }
        let rect = Rect(center: g.centre, size: g.deckSize)
        return closedPile(count: count, rect: rect, active: false, alpha: 1, scale: g.labelScale)
            + countBadge(count, under: rect, scale: g.labelScale, metrics: metrics)
    }

    /// Snap pool's pool in the middle: its top cards face up with the count under them.
    static func pool(_ cards: [CardFace], geometry g: PileGeometry, metrics: TextMetrics) -> [DrawCommand] {
        guard !cards.isEmpty else { return [] }
        let rect = Rect(center: g.centre, size: g.deckSize)
        return openPile(cards, rect: rect, alpha: 1, scale: g.labelScale) + countBadge(cards.count, under: rect, scale: g.labelScale, metrics: metrics)
    }

    /// Slapjack's and Egyptian Ratscrew's centre pile: burned cards face down under it, the
    /// top cards face up (in Ratscrew the two under the top spread out to its left, so doubles
    /// and sandwiches read from across the room), the count under it; an empty place when bare.
    static func centrePile(_ c: GameScreen.CentrePile, geometry g: PileGeometry, metrics: TextMetrics) -> [DrawCommand] {
        let rect = Rect(center: g.centre, size: g.deckSize)
        guard c.count > 0 else { return [.image(.slot, rect, rotation: 0, alpha: 1)] }
        var out: [DrawCommand] = []
        if c.burned > 0 {
            let under = Rect(center: g.burnedCentre, size: g.deckSize)
            out += closedPile(count: c.burned, rect: under, active: false, alpha: 1, scale: g.labelScale)
        }
        if c.spread {
            let shown = c.faceUp.suffix(3)
            let step = rect.w * 0.42
            for (depth, face) in shown.reversed().enumerated().reversed() {
                let pose = CardPose(center: rect.center + Point(x: -step * Double(depth), y: 0))
                out += cardCommands(face: face, pose: pose, size: rect.size, lifted: false)
            }
        } else if !c.faceUp.isEmpty {
            out += openPile(c.faceUp, rect: rect, alpha: 1, scale: g.labelScale)
        }
        return out + countBadge(c.count, under: rect, scale: g.labelScale, metrics: metrics)
    }

    /// The game's caption, left aligned with a shadow (the renderer draws text from the left).
    static func caption(_ text: String, in box: Rect, scale: Double, metrics: TextMetrics) -> [DrawCommand] {
        [.text(text, .hint, .textShadow, box.offsetBy(dx: 1.5 * scale, dy: 1.5 * scale), scale: scale), .text(text, .hint, .hintText, box, scale: scale)]
    }

    // MARK: Cards

    /// A card (face nil: its back) with its soft shadow, as the sandbox draws cards.
    static func cardCommands(face: CardFace?, pose: CardPose, size: Size, lifted: Bool) -> [DrawCommand] {
        let card = Card(id: 0, face: face ?? CardFace(rank: .ace, suit: .spades), faceUp: face != nil, slot: 0)
        return SceneBuilder.cardCommands(card, pose, size: size, lifted: lifted)
    }

    /// A card flying between piles at its progress: eased along the path, growing or shrinking
    /// between the piles' card sizes, lifted off the felt mid-way, and when it turns over,
    /// narrowing to nothing at the middle and widening again with its other face.
    static func flight(_ f: GameScreen.Flight, geometry g: PileGeometry) -> [DrawCommand] {
        let (centre, size, faceUp, turn) = f.pose(in: g)
        let e = Easing.easeInOut.apply(f.progress)
        let lifted = e > 0.08 && e < 0.92
        var cmds = cardCommands(face: faceUp ? f.card : nil, pose: CardPose(center: centre), size: size, lifted: lifted)
        // A card seen edge-on casts an edge-on shadow: narrow it and fade it with the card.
        if turn < 1, case .image(let ref, let r, let rot, let alpha) = cmds[0] {
            let w = size.w + (r.w - size.w) * turn
            cmds[0] = .image(ref, Rect(center: r.center, size: Size(w: w, h: r.h)), rotation: rot, alpha: alpha * (0.3 + 0.7 * turn))
        }
        return cmds
    }

    // MARK: Verdicts and tags

    /// The smiley, the red X, or the "Too late" tag, at a seat.
    static func verdict(_ v: GameScreen.Verdict, at c: Point, size: Double, scale: Double, words: Words, metrics: TextMetrics) -> [DrawCommand] {
        switch v {
        case .smiley: return [.image(.smiley, Rect(center: c, size: Size(w: size, h: size)))]
        case .wrong: return [.image(.wrongMark, Rect(center: c, size: Size(w: size, h: size)))]
        // TRANSLATORS: on a small tag by a player who called Snap! after the piles were taken.
        case .late: return tag(words.tr("Too late"), at: c, scale: scale, metrics: metrics)
        // TRANSLATORS: Egyptian Ratscrew: on a small tag by a player whose wrong slap put their top card face down under the centre pile.
        case .burned: return tag(words.tr("Card burned"), at: c, scale: scale, metrics: metrics)
        // TRANSLATORS: on a small tag by a player who won the centre pile by a challenge.
        case .pileWon: return tag(words.tr("Pile won"), at: c, scale: scale, metrics: metrics)
        }
    }

    /// A verdict in words, on a small tag.
    static func tag(_ text: String, at c: Point, scale: Double, metrics: TextMetrics) -> [DrawCommand] {
        let box = Rect(center: c, size: Size(w: metrics.width(text, .tag) * scale + 26 * scale, h: 30 * scale))
        return [.stretched(.lateTag, box.insetBy(dx: -4 * scale, dy: -4 * scale), cap: 19 * scale),
                centred(text, .tag, .tagText, in: box, metrics: metrics, scale: scale)]
    }

    /// "Out" on a dark red stamp, centred over a seat's piles.
    static func outStamp(at c: Point, scale: Double, words: Words, metrics: TextMetrics) -> [DrawCommand] {
        // TRANSLATORS: stamped over the piles of a player with no cards left this round.
        let text = words.tr("Out")
        let box = Rect(center: c, size: Size(w: metrics.width(text, .out) * scale + 48 * scale, h: 46 * scale))
        return [.stretched(.outStamp, box.insetBy(dx: -4 * scale, dy: -4 * scale), cap: 20 * scale),
                centred(text, .out, .outText, in: box, metrics: metrics, scale: scale)]
    }

    // MARK: Buttons

    static func label(_ kind: GameScreen.ButtonKind, _ words: Words, game: GameKind = .snap) -> String {
        switch kind {
        case .snap: game.callWord(words)
        case .exit, .confirmLeave: words.tr("Leave")
        case .nextRound: words.tr("Next round")
        case .deal: words.tr("Deal")
        case .cancelLeave: words.tr("Stay")
        }
    }

    /// A button at its layout rectangle: the art (red for Snap!, grey when disabled, sunk when
    /// pressed) and its label centred on it.
    static func button(_ b: GameScreen.Button, words: Words, game: GameKind = .snap, metrics: TextMetrics) -> [DrawCommand] {
        let r = GameLayout.button(b.kind)
        let snap = b.kind == .snap
        let box = r.offsetBy(dx: 0, dy: b.pressed ? 2 : -1)
        // Dealing is what the table waits for: those buttons wear the active player's gold.
        if primary(b.kind), b.enabled, !b.pressed {
            return [.stretched(.activePlayer, r.insetBy(dx: -2, dy: -2), cap: 20),
                    centred(label(b.kind, words), r.h >= 56 ? .status : .button, .activeName, in: box, metrics: metrics)]
        }
        let art: ImageRef = !b.enabled ? .buttonDisabled
            : snap ? (b.pressed ? .snapButtonPressed : .snapButton)
            : (b.pressed ? .buttonPressed : .button)
        // Tall buttons (Snap!, Deal) get a bigger label.
        let style: TextStyle = snap ? .snapButton : r.h >= 56 ? .status : .button
        let colour: Color = !b.enabled ? .disabledText : snap ? .snapText : .buttonText
        // The art has 4 units of room for its drop shadow around the body.
        let cap = (snap && b.enabled ? 22.0 : 14.0) + 4
        return [.stretched(art, r.insetBy(dx: -4, dy: -4), cap: cap),
                centred(label(b.kind, words, game: game), style, colour, in: box, metrics: metrics)]
    }

    /// The buttons that start a round.
    static func primary(_ kind: GameScreen.ButtonKind) -> Bool { kind == .deal || kind == .nextRound }

    // MARK: Text

    /// One line centred in `box` (the renderer aligns text left), made smaller to fit its width
    /// (down to 70 %), and only then shortened; `designed`: the cut is meant (names, links).
    static func centred(_ text: String, _ style: TextStyle, _ colour: Color, in box: Rect, metrics: TextMetrics,
                        scale wanted: Double = 1, designed: Bool = false) -> DrawCommand {
        let (s, scale) = TextFit.shrinkingFit(text, width: box.w, style: style, scale: wanted, metrics: metrics, designed: designed)
        let w = metrics.width(s, style) * scale
        // Text is drawn at its own pixel size (the window's scale times `scale`), a little wider
        // than the measure times the scale: the box gets that much slack so the renderer does not
        // clip its last letter (text is left-aligned in it: nothing moves).
        let slack = w * 0.05 + 2
        return .text(s, style, colour, Rect(x: box.center.x - w / 2, y: box.y, w: w + slack, h: box.h), scale: scale)
    }

    /// Centred text with a soft dark copy under it, so it reads on any part of the felt.
    static func shadowed(_ text: String, _ style: TextStyle, _ colour: Color, in box: Rect, metrics: TextMetrics,
                         scale: Double = 1) -> [DrawCommand] {
        let top = centred(text, style, colour, in: box, metrics: metrics, scale: scale)
        guard case .text(let s, _, _, let r, let k) = top else { return [top] }
        let d = max(1.5, 2 * k * style.size / 28)
        return [.text(s, style, .textShadow, r.offsetBy(dx: d * 0.6, dy: d), scale: k), top]
    }

    /// Up to `maxLines` centred lines, broken between words to fit `box.w`, made smaller (down
    /// to 70 %) when they do not fit in that many; only then is the last line shortened with "…".
    /// Bounded: the text is capped first.
    static func wrapped(_ text: String, _ style: TextStyle, _ colour: Color, in box: Rect, lineHeight wanted: Double,
                        maxLines: Int, metrics: TextMetrics, scale wantedScale: Double = 1, shadow: Bool = false) -> [DrawCommand] {
        var scale = wantedScale, lineHeight = wanted
        var lines: [String] = []
        var whole = false
        for k in [1] + TextFit.shrinkSteps where !whole {
            scale = wantedScale * k
            lineHeight = wanted * max(k, 0.85)
            (lines, whole) = wrap(text, width: box.w / scale, style: style, maxLines: maxLines, metrics: metrics, report: false)
        }
        // Still too long at the smallest size: cut, and say so.
        if !whole { lines = wrap(text, width: box.w / scale, style: style, maxLines: maxLines, metrics: metrics).lines }
        let top = box.center.y - lineHeight * Double(lines.count) / 2
        return lines.enumerated().flatMap { i, line -> [DrawCommand] in
            let r = Rect(x: box.x, y: top + lineHeight * Double(i), w: box.w, h: lineHeight)
            return shadow ? shadowed(line, style, colour, in: r, metrics: metrics, scale: scale)
                : [centred(line, style, colour, in: r, metrics: metrics, scale: scale)]
        }
    }

    /// Greedy word wrap into at most `maxLines` lines (the last one fitted with "…"), and whether
    /// the whole text fits in them. `report`: a cut is told to `metrics.cutting`.
    static func wrap(_ text: String, width: Double, style: TextStyle, maxLines: Int, metrics: TextMetrics,
                     report: Bool = true) -> (lines: [String], whole: Bool) {
        let words = TextLimit.layout.prefix(text).text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var lines: [String] = []
        var current = ""
        var rest = words[...]
        while let word = rest.first, lines.count < maxLines - 1 {
            let candidate = current.isEmpty ? word : current + " " + word
            if metrics.width(candidate, style) <= width || current.isEmpty {
                current = candidate
                rest = rest.dropFirst()
            } else {
                lines.append(current)
                current = ""
            }
        }
        let last = ([current] + rest).filter { !$0.isEmpty }.joined(separator: " ")
        if !last.isEmpty { lines.append(last) }
        let whole = lines.allSatisfy { metrics.width($0, style) <= width }
        let quiet = QuietMetrics(metrics, report: report)
        return (lines.map { TextFit.fit($0, width: width, style: style, metrics: quiet) }, whole)
    }
}

/// Measures as `base` does; tells it of cuts only when asked to (a wrap tried at a size that
/// will not be used cuts nothing on the screen).
struct QuietMetrics: TextMetrics {
    let base: TextMetrics
    let report: Bool
    init(_ base: TextMetrics, report: Bool) {
        self.base = base
        self.report = report
    }
    func width(_ text: String, _ style: TextStyle) -> Double { base.width(text, style) }
    func cutting(_ text: String, _ style: TextStyle, width: Double) { if report { base.cutting(text, style, width: width) } }
}

extension Color {
    static let countText = Color(250, 240, 210)
    static let tagText = Color(70, 36, 0)
    static let outText = Color(255, 236, 226)
    static let buttonText = Color(246, 236, 206)
    static let snapText = Color(255, 250, 240)
    static let disabledText = Color(206, 208, 202)
    static let textShadow = Color(0, 16, 8, 170)
    static let dim = Color(0, 8, 4, 150)
    static let hintText = Color(226, 232, 214)
}
