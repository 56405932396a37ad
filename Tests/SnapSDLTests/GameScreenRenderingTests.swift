import Foundation
import Testing
@testable import SnapCore
@testable import SnapSDL

/// Game screens of every state, as the game will hand them over.
enum SampleScreens {
    static func c(_ r: Rank, _ s: Suit) -> CardFace { CardFace(rank: r, suit: s) }

    static let players: [(SeatPosition, String, String, Int, GameScreen.Control)] = [
        (.bottom, "ann", "Ann", 1, .local), (.left, "ben", "Ben", 3, .computer),
        (.top, "cy", "Cy", 0, .controller(colour: 0)), (.right, "dee", "Dee", 2, .controller(colour: 1)),
    ]

    static func seats(closed: [Int] = [0, 0, 0, 0]) -> [GameScreen.Seat] {
        players.enumerated().map { i, p in
            GameScreen.Seat(position: p.0, playerID: p.1, name: p.2, gamesWon: p.3, closedCount: closed[i], control: p.4)
        }
    }

    static var start: GameScreen {
        GameScreen(seats: seats(), status: "Waiting to deal", buttons: [GameScreen.Button(kind: .deal), GameScreen.Button(kind: .exit)],
                   overlay: .start(joinHint: "Press A or Start on a controller to take a computer player\u{2019}s seat"))
    }

    static var dealing: GameScreen {
        GameScreen(seats: seats(closed: [5, 4, 4, 4]),
                   flights: [GameScreen.Flight(card: c(.two, .clubs), from: .centre, to: .closed(.left), progress: 0.3, faceUpFrom: false, faceUpTo: false),
                             GameScreen.Flight(card: c(.three, .clubs), from: .centre, to: .closed(.top), progress: 0.7, faceUpFrom: false, faceUpTo: false),
                             GameScreen.Flight(card: c(.four, .clubs), from: .centre, to: .closed(.right), progress: 0.5, faceUpFrom: false, faceUpTo: false)],
                   status: "Dealing\u{2026}", buttons: [GameScreen.Button(kind: .snap, enabled: false), GameScreen.Button(kind: .exit)], deckCount: 32)
    }

    /// Ann's turn-over in flight; Ben snapped (smiley, bubble); Cy called wrongly (X); Ann late; Dee out.
    static var playing: GameScreen {
        var s = seats(closed: [9, 14, 4, 0])
        s[0].openCards = [c(.nine, .spades), c(.four, .hearts), c(.seven, .hearts)]
        s[0].active = true
        s[0].verdict = .late
        s[1].openCards = [c(.two, .diamonds), c(.king, .clubs), c(.ace, .hearts), c(.jack, .spades), c(.five, .clubs), c(.queen, .diamonds), c(.seven, .spades)]
        s[1].bubble = true
        s[1].verdict = .smiley
        s[2].openCards = [c(.ten, .diamonds)]
        s[2].bubble = true
        s[2].verdict = .wrong
        s[3].out = true
        return GameScreen(seats: s,
                          flights: [GameScreen.Flight(card: c(.three, .hearts), from: .closed(.bottom), to: .open(.bottom), progress: 0.25, faceUpFrom: false, faceUpTo: true)],
                          status: "Snap! Ben takes 7 cards", buttons: [GameScreen.Button(kind: .snap), GameScreen.Button(kind: .exit)])
    }

    static var holding: GameScreen {
        var s = playing
        s.flights = []
        s.seats[0].verdict = nil
        s.status = "Ann\u{2019}s turn"
        s.held = GameScreen.HeldCard(pose: CardPose(center: Point(x: 672, y: 560), rotation: .pi / 32), lifted: true, overOpenPile: true)
        return s
    }

    static var roundOver: GameScreen {
        var s = seats(closed: [52, 0, 0, 0])
        s[0].gamesWon = 2
        for i in 1...3 { s[i].out = true }
        return GameScreen(seats: s, status: "Ann wins the round",
                          buttons: [GameScreen.Button(kind: .snap, enabled: false), GameScreen.Button(kind: .exit), GameScreen.Button(kind: .nextRound)])
    }

    static var paused: GameScreen {
        var s = playing
        s.overlay = .paused
        return s
    }

    static var confirmLeave: GameScreen {
        var s = playing
        s.overlay = .confirmLeave
        s.buttons += [GameScreen.Button(kind: .confirmLeave), GameScreen.Button(kind: .cancelLeave)]
        return s
    }
}

/// The game screens drawn offscreen and read back. With SNAP_SCREENS_DIR set, each picture is
/// also written there as PNG to look at. Part of the rendering suite (SDL one at a time).
extension RenderingTests {
    func renderGame(_ rig: Rig, _ list: DisplayList, name: String) throws -> Surface {
        rig.scene.invalidate()
        try rig.scene.draw(list)
        let img = try rig.scene.renderer.readPixels()
        if let dir = ProcessInfo.processInfo.environment["SNAP_SCREENS_DIR"], !dir.isEmpty {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try img.savePNG(to: (dir as NSString).appendingPathComponent("\(name).png"))
        }
        return img
    }

    static func isRed(_ c: Color) -> Bool { c.r > 150 && Int(c.r) > Int(c.g) + 90 && Int(c.r) > Int(c.b) + 90 }
    static func isYellow(_ c: Color) -> Bool { c.r > 220 && c.g > 170 && c.b < 140 }
    static func isGrey(_ c: Color) -> Bool { abs(Int(c.r) - Int(c.g)) < 16 && abs(Int(c.g) - Int(c.b)) < 16 && c.r > 50 && c.r < 170 }
    static func brightness(_ c: Color) -> Int { Int(c.r) + Int(c.g) + Int(c.b) }
    /// Pixels of dark text (a label on gold) inside `r`.
    func darkPixels(_ img: Surface, in r: Rect) -> Int {
        var n = 0
        for y in Int(r.y)..<Int(r.maxY) {
            for x in Int(r.x)..<Int(r.maxX) where Self.brightness(img.pixel(x: x, y: y)) < 200 { n += 1 }
        }
        return n
    }

    func px(_ img: Surface, _ p: Point, scale k: Double = 1) -> Color { img.pixel(x: Int(p.x * k), y: Int(p.y * k)) }

    @Test func gameScreensShowTheirPiecesWhereTheLayoutPutsThem() throws {
        let rig = try Rig()
        let m = rig.art.fontBook

        let playing = try renderGame(rig, GameSceneBuilder.build(SampleScreens.playing, metrics: m), name: "playing")
        let snap = GameLayout.button(.snap)
        #expect(Self.isRed(px(playing, Point(x: snap.x + 14, y: snap.center.y))), "the Snap! button is red")
        // Ben's smiley is yellow, Cy's X red; Dee is out: a dark red stamp over her piles.
        let smiley = GameLayout.verdictCentre(.left) + Point(x: 0, y: -GameLayout.verdictSize * 0.3)
        #expect(Self.isYellow(px(playing, smiley)), "smiley at Ben's seat: \(px(playing, smiley))")
        let x = GameLayout.verdictCentre(.top) + Point(x: -GameLayout.verdictSize * 0.3, y: 0)
        #expect(Self.isRed(px(playing, x)), "red X at Cy's seat: \(px(playing, x))")
        let stampLeft = Point.lerp(GameLayout.closedCentre(.right), GameLayout.openCentre(.right), 0.5) + Point(x: -30, y: 12)
        #expect(Self.isRed(px(playing, stampLeft)) || px(playing, stampLeft).r > 70 && px(playing, stampLeft).g < 40,
                "Out stamp at Dee's seat: \(px(playing, stampLeft))")
        // Every open pile that has cards shows its top card's paper; the closed piles their blue backs.
        for p in [SeatPosition.left, .top] {
            let r = GameLayout.openPile(p)
            #expect(Self.isPaper(px(playing, Point(x: r.x + 10, y: r.center.y + 20))), "top card face up at \(p)")
            let cl = GameLayout.closedPile(p)
            #expect(Self.isCardBack(px(playing, Point(x: cl.x + 22, y: cl.y + 24))), "closed pile at \(p)")
        }
        // No next-round button during play: felt there.
        #expect(Self.isFelt(px(playing, GameLayout.button(.nextRound).center)))

        let dealing = try renderGame(rig, GameSceneBuilder.build(SampleScreens.dealing, metrics: m), name: "dealing")
        #expect(Self.isGrey(px(dealing, Point(x: snap.x + 14, y: snap.center.y))), "disabled Snap! button is grey: \(px(dealing, Point(x: snap.x + 14, y: snap.center.y)))")
        #expect(Self.isCardBack(px(dealing, GameLayout.centre + Point(x: -14, y: -20))), "the deck in the middle")

        let over = try renderGame(rig, GameSceneBuilder.build(SampleScreens.roundOver, metrics: m), name: "round-over")
        let next = GameLayout.button(.nextRound)
        #expect(Self.isGold(px(over, Point(x: next.x + 5, y: next.center.y))), "the gold next-round button: \(px(over, Point(x: next.x + 5, y: next.center.y)))")
        #expect(darkPixels(over, in: next.insetBy(dx: 14, dy: 10)) > 30, "the next-round button's dark label")

        let start = try renderGame(rig, GameSceneBuilder.build(SampleScreens.start, metrics: m), name: "start")
        let deal = GameLayout.button(.deal)
        #expect(Self.isGold(px(start, Point(x: deal.x + 5, y: deal.center.y))), "the Deal button, gold over the veil")
        #expect(darkPixels(start, in: deal.insetBy(dx: 20, dy: 12)) > 30, "the Deal button's label")

        let paused = try renderGame(rig, GameSceneBuilder.build(SampleScreens.paused, metrics: m), name: "paused")
        let felt = Point(x: 400, y: 470)
        #expect(Self.brightness(px(paused, felt)) * 2 < Self.brightness(px(playing, felt)), "the pause veil darkens the table")

        let leave = try renderGame(rig, GameSceneBuilder.build(SampleScreens.confirmLeave, metrics: m), name: "confirm-leave")
        for kind in [GameScreen.ButtonKind.confirmLeave, .cancelLeave] {
            #expect(lightPixels(leave, in: GameLayout.button(kind).insetBy(dx: 10, dy: 8)) > 30, "\(kind) label on the dialog")
        }

        _ = try renderGame(rig, GameSceneBuilder.build(SampleScreens.holding, metrics: m), name: "holding")
    }

    @Test func theTableViewShowsTheOpenCardsLargeOnABigScreen() throws {
        let rig = try Rig(size: Size(w: 1920, h: 1080))
        let m = rig.art.fontBook
        let img = try renderGame(rig, GameTableViewBuilder.build(SampleScreens.playing, metrics: m), name: "table-view")
        let k = 1.5 // 1920 / 1280
        for p in [SeatPosition.left, .top] {
            let r = Rect(center: GameTableViewBuilder.openCentre(p), size: GameTableViewBuilder.openSize)
            // Paper well beyond the player's view's card size: the card is large.
            #expect(Self.isPaper(px(img, Point(x: r.x + 8, y: r.maxY - 30), scale: k)), "large top card at \(p)")
            #expect(Self.isPaper(px(img, Point(x: r.maxX - 8, y: r.maxY - 40), scale: k)), "large top card at \(p)")
        }
        let smiley = GameTableViewBuilder.verdictCentre(.left) + Point(x: 0, y: -92 * 0.3)
        #expect(Self.isYellow(px(img, smiley, scale: k)))
        // No buttons on the table view.
        #expect(!Self.isRed(px(img, Point(x: GameLayout.button(.snap).x + 14, y: GameLayout.button(.snap).center.y), scale: k)))
        _ = try renderGame(rig, GameTableViewBuilder.build(SampleScreens.dealing, metrics: m), name: "table-view-dealing")
        _ = try renderGame(rig, GameTableViewBuilder.build(SampleScreens.paused, metrics: m), name: "table-view-paused")
        _ = try renderGame(rig, GameTableViewBuilder.build(SampleScreens.start, metrics: m), name: "table-view-start")
    }
}
