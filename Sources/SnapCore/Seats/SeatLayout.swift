/// Where each seat's labels go on the 1280x720 canvas: the seed's layout (bottom and top
/// centred, left and right at the sides near the top) scaled up, with names shortened to fit.
public enum SeatLayout {
    /// One occupied seat, placed.
    public struct Plate: Equatable, Sendable {
        public var position: SeatPosition
        public var playerID: String
        /// The name as shown (shortened with an ellipsis when it does not fit).
        public var name: String
        public var plate: Rect
        public var nameRect: Rect
        public var badge: Rect
        public var badgeText: String
        public var bubble: Rect
        public var active: Bool
        public var snap: Bool
    }

    static let plateHeight = 40.0
    static let padLeft = 22.0, gap = 12.0, padRight = 8.0
    static let badgeHeight = 26.0
    static let bubbleSize = Size(w: 118, h: 58)

    /// The widest a name may be at each seat, so no plate reaches another seat.
    public static func maxNameWidth(_ p: SeatPosition) -> Double {
        switch p {
        case .bottom, .top: 380
        case .left, .right: 260
        }
    }

    public static func plates(_ seating: Seating, metrics: TextMetrics, at t: Double, canvas: Size = DemoTable.canvas,
                              words: Words = .english) -> [Plate] {
        SeatPosition.allCases.compactMap { pos in
            guard let player = seating.player(at: pos) else { return nil }
            let name = fit(player.name, width: maxNameWidth(pos), style: .name, metrics: metrics)
            let nameW = metrics.width(name, .name)
            // TRANSLATORS: the badge by a player's name: how many rounds they have won.
            let badgeText = words.trn("{n} Won", "{n} Won", player.gamesWon)
            let badgeW = max(64, metrics.width(badgeText, .badge) + 20)
            let w = padLeft + nameW + gap + badgeW + padRight
            let (cx, cy): (Double, Double)
            switch pos {
            case .bottom: (cx, cy) = (canvas.w / 2, canvas.h - 26)
            case .top: (cx, cy) = (canvas.w / 2, 34)
            case .left: (cx, cy) = (44 + w / 2, 104)
            case .right: (cx, cy) = (canvas.w - 44 - w / 2, 104)
            }
            let plate = Rect(center: Point(x: cx, y: cy), size: Size(w: w, h: plateHeight))
            let nameRect = Rect(x: plate.x + padLeft, y: plate.y, w: nameW, h: plateHeight)
            let badge = Rect(x: nameRect.maxX + gap, y: cy - badgeHeight / 2, w: badgeW, h: badgeHeight)
            // The bubble sits beside the plate, on the side towards the middle of the table.
            let bx = pos == .right ? plate.x - 10 - bubbleSize.w : plate.maxX + 10
            let by = pos == .bottom ? plate.y - 22 - bubbleSize.h / 2 + plateHeight / 2 : cy - bubbleSize.h / 2
            return Plate(position: pos, playerID: player.id, name: name, plate: plate, nameRect: nameRect,
                         badge: badge, badgeText: badgeText, bubble: Rect(x: bx, y: by, w: bubbleSize.w, h: bubbleSize.h),
                         active: seating.active == player.id, snap: seating.isSnapShowing(player.id, at: t))
        }
    }

    /// The status line's box in the middle of the table, above the table row.
    public static func statusRect(canvas: Size = DemoTable.canvas, y: Double = 200) -> Rect {
        Rect(x: canvas.w / 2 - 400, y: y, w: 800, h: 44)
    }

    public static func commands(_ seating: Seating, metrics: TextMetrics, at t: Double, canvas: Size = DemoTable.canvas,
                                statusY: Double = 200, words: Words = .english, call: String? = nil) -> [DrawCommand] {
        var out: [DrawCommand] = []
        // The bubble says what was called: "Snap!", or "Slap!" in the centre-pile games.
        let snap = call ?? words.tr("Snap!")
        for p in plates(seating, metrics: metrics, at: t, canvas: canvas, words: words) {
            out.append(.stretched(p.active ? .activePlayer : .namePlate, p.plate, cap: 20))
            out.append(roomy(.text(p.name, .name, p.active ? .activeName : .name, p.nameRect)))
            out.append(.stretched(.winsBadge, p.badge, cap: 8))
            let tw = metrics.width(p.badgeText, .badge)
            out.append(roomy(.text(p.badgeText, .badge, .badge, Rect(x: p.badge.center.x - tw / 2, y: p.badge.y, w: tw, h: p.badge.h))))
            if p.snap {
                out.append(.image(.snapBubble, p.bubble))
                let sw = metrics.width(snap, .bubble)
                out.append(roomy(.text(snap, .bubble, .bubble, Rect(x: p.bubble.center.x - sw / 2, y: p.bubble.y, w: sw, h: p.bubble.h - 6))))
            }
        }
        let box = statusRect(canvas: canvas, y: statusY)
        let status = fit(seating.status, width: box.w, style: .status, metrics: metrics)
        let sw = metrics.width(status, .status)
        out.append(.text(status, .status, .status, Rect(x: box.center.x - sw / 2, y: box.y, w: sw, h: box.h)))
        return out
    }

    /// Text laid out at 1x and drawn on a bigger window is rendered at that size, a little wider
    /// than the measure times the scale: its box gets the slack (left-aligned, nothing moves).
    static func roomy(_ c: DrawCommand) -> DrawCommand { MenuSceneBuilder.roomy(c) }

    /// `text` if it fits in `width`, else the longest prefix that fits followed by "…" (bounded
    /// work however long the text: see TextFit).
    public static func fit(_ text: String, width: Double, style: TextStyle, metrics: TextMetrics) -> String {
        TextFit.fit(text, width: width, style: style, metrics: metrics, designed: true)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last?.isWhitespace == true { s.removeLast() }
        return s
    }
}

extension Color {
    static let name = Color(240, 236, 220)
    static let activeName = Color(38, 28, 6)
    static let badge = Color(250, 246, 232)
    static let status = Color(236, 230, 205)
    static let bubble = Color(200, 30, 40)
}
