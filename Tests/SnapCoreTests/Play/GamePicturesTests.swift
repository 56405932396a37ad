import Testing
@testable import SnapCore

@Suite("The game's display lists, frame after frame")
struct GamePicturesTests {
    /// Seeded play at 60 frames a second with hard computer players, Snap! calls, pause, and the
    /// local player's card dragged about (dropped on the open pile, in the middle of the table,
    /// outside every window): every frame's lists, which reuse the screen at rest while only the
    /// card in hand moves, are the lists made from the whole screen of that instant.
    @Test(arguments: [UInt64(5), 11, 23])
    func listsReusingTheScreenAtRestAreThoseOfTheWholeScreen(seed: UInt64) throws {
        var s = try snapSession(bots: .hard, seed: seed)
        var pictures = GamePictures()
        var rng = SplitMix64(seed: seed)
        let roles: [WindowRole] = [.primary, .table]
        let m = FixedMetrics(), canvas = DemoTable.canvas
        let closed = GameLayout.closedCentre(.bottom), open = GameLayout.openCentre(.bottom)
        var t = 0.1
        _ = s.handle(.key(.enter), at: t)
        var dragging = false, reusedInDrags = 0, reusedInFlights = 0, frames = 0, compared = 0
        while t < 40 {
            t += 1.0 / 60
            frames += 1
            let roll = rng.next() % 1000
            let at = { (p: Point) in PointerSpot(.role(.primary), p) }
            if s.game!.isPaused {
                // Paused (Escape): Escape again goes on, now and then.
                if roll < 60 { _ = s.handle(.key(.escape), at: t) }
            } else if dragging {
                let wander = Point(x: Double(rng.next() % 300) - 150, y: -Double(rng.next() % 250))
                _ = s.handle(.pointer(.move, at(closed + wander)), at: t)
                if roll < 40 {
                    // Let go: on the open pile (a turn when it is Ann's), in the middle, or outside every window.
                    let spot: PointerSpot? = roll < 20 ? at(open) : roll < 35 ? at(Point(x: 640, y: 300)) : nil
                    _ = s.handle(.pointer(.up, spot), at: t)
                    dragging = false
                }
            } else if roll < 30 {
                _ = s.handle(.pointer(.down, at(closed)), at: t)
                dragging = true
            } else if roll < 45 {
                _ = s.handle(.key(.space), at: t)
            } else if roll < 52 {
                _ = s.handle(.key(.s), at: t)
            } else if roll < 54 {
                _ = s.handle(.key(.escape), at: t)
            }
            _ = s.handle(.tick, at: t)
            let reusedBefore = pictures.restReused
            let lists = pictures.lists(for: roles, table: s.game!, at: t, metrics: m, canvas: canvas)
            var whole = GamePictures()
            let expected = whole.lists(for: roles, screen: s.game!.screen(at: t), metrics: m, canvas: canvas)
            // (Compared first: the lists in full are too long a message.)
            let same = lists == expected
            #expect(same, "frame \(frames) at t=\(t): the lists differ from the whole screen's")
            guard same else { break }
            compared += 1
            if dragging, pictures.restReused > reusedBefore { reusedInDrags += 1 }
            if !lists[0].moving.isEmpty, !dragging, pictures.restReused > reusedBefore { reusedInFlights += 1 }
        }
        #expect(compared == frames)
        // The shortcut is taken, and in drags: this test compares it, not only the long way.
        #expect(reusedInDrags > 100, "the screen at rest was reused in \(reusedInDrags) frames of a drag")
        #expect(reusedInFlights > 100, "the screen at rest was reused in \(reusedInFlights) frames of cards in the air")
        #expect(s.rules.round >= 1)
    }

    /// A card landing changes a pile's count with time alone: the key counts the cards still in
    /// the air, so a frame between two landings reuses the screen at rest and one after a landing
    /// makes it anew; a new game is never taken for the last one's screen.
    @Test func cardsLandingAndANewGameMakeTheScreenAnew() throws {
        var s = try snapSession(bots: .hard)
        var pictures = GamePictures()
        let m = FixedMetrics(), canvas = DemoTable.canvas
        _ = s.handle(.key(.enter), at: 0.1)
        _ = s.handle(.tick, at: 0.2)
        let flights = s.rules.flights
        // The instants a card leaves the deck or lands, after now: the screen at rest changes there.
        let changes = Set(flights.flatMap { [$0.start, $0.end] }).filter { $0 > 0.2 }.sorted()
        try #require(changes.count >= 2, "the deal is in the air")
        let (t1, t2, t3) = (changes[0] + 0.001, (changes[0] + changes[1]) / 2, changes[1] + 0.001)
        var frames: [DisplayList] = []
        for t in [t1, t2, t3] {
            _ = s.handle(.tick, at: t)
            frames += pictures.lists(for: [.primary], table: s.game!, at: t, metrics: m, canvas: canvas)
            if t == t2 { #expect(pictures.restReused == 1, "nothing landed or left: the screen at rest is reused") }
            var whole = GamePictures()
            #expect(frames.last == whole.lists(for: [.primary], screen: s.game!.screen(at: t), metrics: m, canvas: canvas).first)
        }
        #expect(pictures.restReused == 1, "a card landed or left the deck: the screen at rest is made anew")
        pictures = GamePictures()
        // The start screen of a fresh game at the same revision as the one before it.
        let fresh = try snapSession(bots: .hard)
        let before = try snapSession(bots: .hard)
        _ = pictures.lists(for: [.primary], table: before.game!, at: 0, metrics: m, canvas: canvas)
        _ = pictures.lists(for: [.primary], table: before.game!, at: 0.1, metrics: m, canvas: canvas)
        #expect(pictures.restReused == 1, "the same game, nothing changed: the screen at rest is reused")
        // Lists made from another screen in between: the next frame of the game makes its screen again.
        _ = pictures.lists(for: [.primary], screen: GameScreen(status: "elsewhere"), metrics: m, canvas: canvas)
        let lists = pictures.lists(for: [.primary], table: before.game!, at: 0.2, metrics: m, canvas: canvas)
        #expect(pictures.restReused == 1)
        var whole = GamePictures()
        #expect(lists == whole.lists(for: [.primary], screen: before.game!.screen(at: 0.2), metrics: m, canvas: canvas))
        #expect(fresh.game!.restKey != before.game!.restKey, "two games, the same revision")
    }
}
