/// The seats' name plates, games won, active indicator and Snap! bubbles for the game screen,
/// in the look of the sandbox's seats: the game's seats are handed to `SeatLayout` as a seating.
enum GameSeatLabels {
    /// A seating with one player per seat of `screen`, at the position the screen gives it.
    /// Ids are the positions (the screen's ids may be anything); names are bounded and never
    /// empty, so the seating is always valid. Nil when there are no seats.
    static func seating(_ screen: GameScreen) -> Seating? {
        let seats = screen.seats.reduce(into: [SeatPosition: GameScreen.Seat]()) { $0[$1.position] = $0[$1.position] ?? $1 }
        guard !seats.isEmpty else { return nil }
        var players = seats.values.sorted { $0.position.rawValue < $1.position.rawValue }.map { s in
            let name = s.name.allSatisfy(\.isWhitespace) ? "?" : TextLimit.name.clipped(s.name)
            return Player(id: id(s.position), name: name, seat: s.position.rawValue, gamesWon: max(0, s.gamesWon))
        }
        // Positions are relative to the bottom seat; a screen without one still needs a "me" there.
        let me = seats[.bottom] == nil ? "me" : id(.bottom)
        if seats[.bottom] == nil { players.append(Player(id: me, name: "?", seat: 0)) }
        let active = seats.values.first(where: \.active).map { id($0.position) }
        guard var seating = try? Seating(me: me, players: players, active: active, status: "") else { return nil }
        for s in seats.values where s.bubble { try? seating.apply(.snap(id: id(s.position)), time: 0) }
        return seating
    }

    static func id(_ p: SeatPosition) -> String { p.name }

    /// The plates of the seats on `screen`, laid out on `canvas`.
    static func plates(_ screen: GameScreen, metrics: TextMetrics, canvas: Size) -> [SeatLayout.Plate] {
        guard let seating = seating(screen) else { return [] }
        let present = Set(screen.seats.map(\.position))
        return SeatLayout.plates(seating, metrics: metrics, at: 0, canvas: canvas, words: screen.words).filter { present.contains($0.position) }
    }

    /// Plates, names, badges and bubbles as SeatLayout draws them (its status line left out:
    /// the game draws its own), then each seat's player marker.
    static func commands(_ screen: GameScreen, metrics: TextMetrics, canvas: Size) -> [DrawCommand] {
        guard let seating = seating(screen) else { return [] }
        let present = Set(screen.seats.map(\.position))
        let plates = SeatLayout.plates(seating, metrics: metrics, at: 0, canvas: canvas, words: screen.words)
        let phantom = plates.filter { !present.contains($0.position) }.map(\.plate)
        var out = SeatLayout.commands(seating, metrics: metrics, at: 0, canvas: canvas, words: screen.words,
                                      call: screen.game.callWord(screen.words)).filter { c in
            if case .text("", _, _, _, _) = c { return false }
            return !phantom.contains { $0.intersectionArea(with: c.bounds) > 0 }
        }
        for p in plates where present.contains(p.position) {
            guard let seat = screen.seat(p.position) else { continue }
            if let link = seat.link { out += linkMark(link, in: markerRect(p)) }
            guard let art = marker(seat.control) else { continue }
            out.append(.image(art, markerRect(p)))
        }
        return out
    }

    /// A remote player's connection as signal bars where a marker goes (docs/protocol.md, "Fair
    /// races"): three green when good, two amber when slow, one red when too slow to be fair.
    static func linkMark(_ link: LinkQuality, in r: Rect) -> [DrawCommand] {
        let (lit, colour): (Int, Color) = switch link {
        case .good: (3, Color(96, 200, 110))
        case .slow: (2, Color(236, 178, 60))
        case .tooSlow: (1, Color(226, 84, 70))
        }
        var out: [DrawCommand] = [.fill(r, Color(12, 26, 18, 170))]
        let w = r.w / 5, gap = (r.w - 3 * w) / 4
        for i in 0..<3 {
            let h = r.h * (0.35 + 0.25 * Double(i))
            let bar = Rect(x: r.x + gap + Double(i) * (w + gap), y: r.maxY - 4 - h, w: w, h: h - 0)
            out.append(.fill(bar, i < lit ? colour : Color(240, 236, 220, 60)))
        }
        return out
    }

    static func marker(_ control: GameScreen.Control) -> ImageRef? {
        switch control {
        case .local: nil
        case .computer: .computerMarker
        case .controller(let colour): .controllerMarker(colour)
        }
    }

    static let markerSize = 28.0

    /// A small round marker left of the plate at the top and bottom (the bubble is on the
    /// right); at the sides, where the plate nearly meets the table's edge, under its left end.
    static func markerRect(_ p: SeatLayout.Plate) -> Rect {
        switch p.position {
        case .top, .bottom:
            return Rect(center: Point(x: p.plate.x - 6 - markerSize / 2, y: p.plate.center.y), size: Size(w: markerSize, h: markerSize))
        case .left, .right:
            return Rect(x: p.plate.x + 8, y: p.plate.maxY - 6, w: markerSize, h: markerSize)
        }
    }
}
