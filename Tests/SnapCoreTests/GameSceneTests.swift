import Foundation
import Testing
@testable import SnapCore

/// The game screen's display lists, read as commands: where GameLayout puts things, what each
/// state draws, what moves.
@Suite("Game screen: display lists")
struct GameSceneTests {
    let m = FixedMetrics()

    static func c(_ r: Rank, _ s: Suit) -> CardFace { CardFace(rank: r, suit: s) }

    /// Four seats in play: Ann (here) active with a late call, Ben snapped, Cy called wrongly, Dee out.
    static var playing: GameScreen {
        let seats = [
            GameScreen.Seat(position: .bottom, playerID: "ann", name: "Ann", gamesWon: 1, closedCount: 9,
                            openCards: [c(.nine, .spades), c(.seven, .hearts)], active: true, verdict: .late, control: .local),
            GameScreen.Seat(position: .left, playerID: "ben", name: "Ben", gamesWon: 3, closedCount: 14,
                            openCards: [c(.two, .diamonds), c(.king, .clubs), c(.seven, .spades)], bubble: true, verdict: .smiley),
            GameScreen.Seat(position: .top, playerID: "cy", name: "Cy", closedCount: 4, openCards: [c(.ten, .diamonds)],
                            verdict: .wrong, control: .controller(colour: 0)),
            GameScreen.Seat(position: .right, playerID: "dee", name: "Dee", gamesWon: 2, out: true, control: .controller(colour: 1)),
        ]
        return GameScreen(seats: seats, status: "Snap! Ben takes 7 cards",
                          buttons: [GameScreen.Button(kind: .snap), GameScreen.Button(kind: .exit)])
    }

    func images(_ cmds: [DrawCommand], _ ref: ImageRef) -> [Rect] {
        cmds.compactMap { if case .image(ref, let r, _, _) = $0 { r } else { nil } }
    }

    /// Where each `s` is drawn: from its box's left edge, as wide as the text (the box has slack
    /// on the right so a bigger window's rendering is not clipped).
    func texts(_ cmds: [DrawCommand], _ s: String) -> [Rect] {
        cmds.compactMap {
            if case .text(s, let style, _, let r, let k) = $0 { Rect(x: r.x, y: r.y, w: m.width(s, style) * k, h: r.h) } else { nil }
        }
    }

    func stretched(_ cmds: [DrawCommand], _ ref: ImageRef) -> [Rect] {
        cmds.compactMap { if case .stretched(ref, let r, _) = $0 { r } else { nil } }
    }

    func near(_ a: Point, _ b: Point, _ tol: Double = 0.5) -> Bool { abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol }

    @Test func everySeatsPilesCountsAndLabelsAreWhereTheLayoutSays() {
        let screen = Self.playing
        let list = GameSceneBuilder.build(screen, metrics: m)
        for seat in screen.seats where !seat.out {
            let p = seat.position
            // The closed pile's top card is exactly on the layout's rectangle (what a click hits).
            #expect(images(list.still, .cardBack).contains(GameLayout.closedPile(p)), "closed pile at \(p)")
            // The open pile's top card face up there too.
            #expect(images(list.still, .cardFace(seat.openCards.last!)).contains(GameLayout.openPile(p)), "top card at \(p)")
            // Its count centred under the closed pile.
            #expect(texts(list.still, "\(seat.closedCount)").contains { abs($0.center.x - GameLayout.closedCentre(p).x) < 0.5 && $0.y > GameLayout.closedPile(p).center.y },
                    "closed count at \(p)")
            #expect(!texts(list.still, seat.name).isEmpty, "name at \(p)")
        }
        // Cards under the top one peek out: every open card of Ben's short pile is drawn.
        for face in screen.seat(.left)!.openCards { #expect(images(list.still, .cardFace(face)).count == 1) }
        // Two open cards or more: the open count too.
        #expect(texts(list.still, "3").contains { abs($0.center.x - GameLayout.openCentre(.left).x) < 0.5 })
        // Games won on the badges, and the active plate is the gold one.
        #expect(!texts(list.still, "3 Won").isEmpty)
        #expect(stretched(list.still, .activePlayer).count == 1)
        // The status, centred in its box.
        #expect(texts(list.still, screen.status).contains { abs($0.center.x - GameLayout.statusRect.center.x) < 0.5 })
    }

    @Test func anOutSeatShowsOutAndNoPiles() {
        let list = GameSceneBuilder.build(Self.playing, metrics: m)
        let mid = Point.lerp(GameLayout.closedCentre(.right), GameLayout.openCentre(.right), 0.5)
        #expect(texts(list.still, "Out").contains { abs($0.center.x - mid.x) < 0.5 && abs($0.center.y - mid.y) < 0.5 })
        #expect(!images(list.still, .slot).contains(GameLayout.closedPile(.right)))
        #expect(texts(list.still, "Out").count == 1, "only Dee is out")
    }

    @Test func verdictsDrawTheirImagesAtTheCallersSeat() {
        let list = GameSceneBuilder.build(Self.playing, metrics: m)
        #expect(images(list.still, .smiley).map(\.center) == [GameLayout.verdictCentre(.left)])
        #expect(images(list.still, .wrongMark).map(\.center) == [GameLayout.verdictCentre(.top)])
        #expect(texts(list.still, "Too late").count == 1)
        #expect(stretched(list.still, .lateTag).map(\.center).allSatisfy { near($0, GameLayout.verdictCentre(.bottom)) })
        #expect(stretched(list.still, .lateTag).count == 1)
        // The Snap! bubble only where one is up.
        #expect(images(list.still, .snapBubble).count == 1)
        // Markers: a computer chip at Ben's plate, controller colours 0 and 1 at Cy's and Dee's.
        #expect(images(list.still, .computerMarker).count == 1)
        #expect(images(list.still, .controllerMarker(0)).count == 1 && images(list.still, .controllerMarker(1)).count == 1)
    }

    func flightCard(_ list: DisplayList) -> (ImageRef, Rect)? {
        list.moving.compactMap { c -> (ImageRef, Rect)? in
            if case .image(let ref, let r, _, _) = c, ref != .cardShadow { return (ref, r) }
            return nil
        }.first
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func aFlightIsAtItsProgress(progress: Double) throws {
        var screen = Self.playing
        screen.flights = [GameScreen.Flight(card: Self.c(.three, .clubs), from: .centre, to: .closed(.left), progress: progress,
                                            faceUpFrom: false, faceUpTo: false)]
        let (ref, r) = try #require(flightCard(GameSceneBuilder.build(screen, metrics: m)))
        #expect(ref == .cardBack)
        let expected = Point.lerp(GameLayout.centre, GameLayout.closedCentre(.left), progress)
        #expect(near(r.center, expected), "at \(progress): \(r.center) not \(expected)")
        #expect(r.size == GameLayout.cardSize)
    }

    @Test func aFlightEasesAndStartsFromItsPoint() throws {
        var screen = Self.playing
        let start = Point(x: 640, y: 500)
        screen.flights = [GameScreen.Flight(card: Self.c(.three, .clubs), from: .closed(.bottom), to: .open(.bottom), fromPoint: start,
                                            progress: 0.25, faceUpFrom: true, faceUpTo: true)]
        let (_, r) = try #require(flightCard(GameSceneBuilder.build(screen, metrics: m)))
        // Ease-in-out: a quarter of the time covers less than a quarter of the way.
        let linear = Point.lerp(start, GameLayout.openCentre(.bottom), 0.25)
        #expect(r.center.x < linear.x && r.center.x > start.x)
        // The point is in the player's view: the table view starts the flight at the pile.
        let big = GameTableViewBuilder.build(screen, metrics: m)
        let (_, t) = try #require(flightCard(big))
        let from = GameTableViewBuilder.closedCentre(.bottom), to = GameTableViewBuilder.openCentre(.bottom)
        #expect(near(t.center, Point.lerp(from, to, Easing.easeInOut.apply(0.25))))
    }

    @Test func aFlipNarrowsToNothingAtTheMiddleAndShowsTheOtherFaceAfter() throws {
        var screen = Self.playing
        let card = Self.c(.queen, .hearts)
        func at(_ p: Double) throws -> (ImageRef, Rect) {
            screen.flights = [GameScreen.Flight(card: card, from: .closed(.bottom), to: .open(.bottom), progress: p, faceUpFrom: false, faceUpTo: true)]
            return try #require(flightCard(GameSceneBuilder.build(screen, metrics: m)))
        }
        let (before, r0) = try at(0.3)
        let (_, mid) = try at(0.5)
        let (after, r1) = try at(0.7)
        #expect(before == .cardBack && after == .cardFace(card))
        #expect(mid.w < 1, "width at the middle of the flip: \(mid.w)")
        #expect(r0.w > 10 && r1.w > 10 && r0.h == GameLayout.cardSize.h)
        let (_, end) = try at(1)
        #expect(end == GameLayout.openPile(.bottom))
    }

    @Test func buttonsAreDrawnOnlyWhenPresent() {
        var screen = Self.playing
        let next = GameLayout.button(.nextRound).insetBy(dx: -4, dy: -4)
        var list = GameSceneBuilder.build(screen, metrics: m)
        #expect(!list.all.dropFirst().contains { $0.bounds.intersectionArea(with: next) > 0 }, "nothing but the felt there")
        #expect(texts(list.all, "Next round").isEmpty)
        #expect(stretched(list.still, .snapButton) == [GameLayout.button(.snap).insetBy(dx: -4, dy: -4)])
        #expect(!texts(list.still, "Snap!").filter { GameLayout.button(.snap).contains($0.center) }.isEmpty)
        #expect(stretched(list.still, .button) == [GameLayout.button(.exit).insetBy(dx: -4, dy: -4)])

        screen.buttons = [GameScreen.Button(kind: .snap, enabled: false), GameScreen.Button(kind: .exit, pressed: true), GameScreen.Button(kind: .nextRound)]
        list = GameSceneBuilder.build(screen, metrics: m)
        #expect(stretched(list.still, .buttonDisabled) == [GameLayout.button(.snap).insetBy(dx: -4, dy: -4)])
        #expect(stretched(list.still, .buttonPressed) == [GameLayout.button(.exit).insetBy(dx: -4, dy: -4)])
        // Starting the next round is the main thing to do now: the button wears gold.
        #expect(stretched(list.still, .activePlayer).contains(GameLayout.button(.nextRound).insetBy(dx: -2, dy: -2)))
        #expect(stretched(list.still, .button).isEmpty)
        #expect(texts(list.still, "Next round").count == 1)

        screen.buttons = []
        list = GameSceneBuilder.build(screen, metrics: m)
        #expect(stretched(list.all, .snapButton).isEmpty && stretched(list.all, .button).isEmpty && stretched(list.all, .buttonDisabled).isEmpty)
    }

    @Test func whatMovesIsInTheMovingLayerAndOverlaysCoverIt() {
        var screen = Self.playing
        screen.flights = [GameScreen.Flight(card: Self.c(.three, .clubs), from: .centre, to: .closed(.top), progress: 0.4, faceUpFrom: false, faceUpTo: false)]
        screen.held = GameScreen.HeldCard(pose: CardPose(center: Point(x: 650, y: 560), rotation: 0.1), lifted: true, overOpenPile: true)
        var list = GameSceneBuilder.build(screen, metrics: m)
        // Two cards and their shadows, and the open pile's highlight.
        #expect(images(list.moving, .cardBack).count == 2)
        #expect(images(list.moving, .highlightMove) == [SceneBuilder.highlightRect(GameLayout.openPile(.bottom))])
        #expect(list.moving.allSatisfy { if case .image = $0 { true } else { false } })
        // Piles, labels, buttons and the status never move by themselves.
        #expect(images(list.still, .cardBack).contains(GameLayout.closedPile(.bottom)))
        #expect(!texts(list.still, "Ann").isEmpty && !texts(list.still, screen.status).isEmpty)
        // The same screen gives the same list (the renderer keeps the still layer).
        #expect(GameSceneBuilder.build(screen, metrics: m) == list)
        // Only the moving layer changes with a flight's progress.
        var later = screen
        later.flights[0].progress = 0.6
        let next = GameSceneBuilder.build(later, metrics: m)
        #expect(next.still == list.still && next.moving != list.moving)

        // With an overlay up everything is still, the veil over the flying cards.
        screen.overlay = .paused
        list = GameSceneBuilder.build(screen, metrics: m)
        #expect(list.moving.isEmpty)
        let veil = list.still.firstIndex { if case .fill(let r, _) = $0 { r.size == GameLayout.canvas } else { false } }
        let lastCard = list.still.lastIndex { if case .image(.cardBack, _, _, _) = $0 { true } else { false } }
        #expect(veil != nil && lastCard != nil && veil! > lastCard!)
        #expect(!texts(list.still, "Paused").isEmpty)
    }

    @Test func theOverlaysDrawTheirOwnButtonsOnTop() {
        var screen = Self.playing
        screen.overlay = .confirmLeave
        screen.buttons += [GameScreen.Button(kind: .confirmLeave), GameScreen.Button(kind: .cancelLeave)]
        var list = GameSceneBuilder.build(screen, metrics: m)
        #expect(!texts(list.still, "Leave the game?").isEmpty)
        let veil = list.still.firstIndex { if case .fill = $0 { true } else { false } }!
        for kind in [GameScreen.ButtonKind.confirmLeave, .cancelLeave] {
            let i = list.still.firstIndex { $0 == .stretched(.button, GameLayout.button(kind).insetBy(dx: -4, dy: -4), cap: 18) }
            #expect(i != nil && i! > veil, "\(kind) above the veil")
        }
        let stay = texts(list.still, "Stay")
        #expect(stay.count == 1 && GameLayout.button(.cancelLeave).contains(stay[0].center))

        screen = Self.playing
        screen.overlay = .start(joinHint: "Press A to join")
        screen.buttons = [GameScreen.Button(kind: .deal)]
        list = GameSceneBuilder.build(screen, metrics: m)
        #expect(!texts(list.still, "Press A to join").isEmpty)
        let deal = texts(list.still, "Deal")
        #expect(deal.count == 1 && GameLayout.button(.deal).contains(deal[0].center))
        #expect(texts(list.still, screen.status).isEmpty, "the start box hides the status")
    }

    @Test func longNamesAndHintsAreShortenedToFit() {
        var screen = Self.playing
        screen.seats[1].name = String(repeating: "Wolfeschlegelsteinhausen", count: 20)
        screen.overlay = .start(joinHint: String(repeating: "press a button to join the game ", count: 200))
        let list = GameSceneBuilder.build(screen, metrics: m)
        let names = list.still.compactMap { c -> String? in
            if case .text(let s, .name, _, _, _) = c, s.hasPrefix("Wolf") { s } else { nil }
        }
        #expect(names.count == 1 && names[0].hasSuffix(TextFit.ellipsis))
        #expect(m.width(names[0], .name) <= SeatLayout.maxNameWidth(.left))
        let hint = list.still.compactMap { c -> Rect? in if case .text(_, .hint, _, let r, _) = c { r } else { nil } }
        #expect((1...3).contains(hint.count))
        #expect(hint.allSatisfy { $0.x >= GameLayout.startPanel.x && $0.maxX <= GameLayout.startPanel.maxX })
    }

    @Test func theTableViewShowsOpenCardsLargeAndNoButtons() {
        var screen = Self.playing
        let list = GameTableViewBuilder.build(screen, metrics: m)
        for seat in screen.seats where !seat.out {
            let r = images(list.still, .cardFace(seat.openCards.last!)).first { $0.center == GameTableViewBuilder.openCentre(seat.position) }
            #expect(r != nil, "top card at \(seat.position)")
            #expect((r?.w ?? 0) > GameLayout.cardSize.w * 1.6, "large open card at \(seat.position)")
        }
        #expect(stretched(list.all, .snapButton).isEmpty && stretched(list.all, .button).isEmpty)
        #expect(images(list.still, .smiley).first!.w > GameLayout.verdictSize * 1.5)
        #expect(!texts(list.still, screen.status).isEmpty)
        // Paused: the veil and the word; the leave question stays on the player's own screen.
        screen.overlay = .paused
        #expect(list.still.count < GameTableViewBuilder.build(screen, metrics: m).still.count)
        let paused = GameTableViewBuilder.build(screen, metrics: m)
        #expect(!texts(paused.still, "Paused").isEmpty)
        #expect(texts(paused.still, screen.status).isEmpty, "the status would show through under the word")
        screen.overlay = .confirmLeave
        #expect(GameTableViewBuilder.build(screen, metrics: m) == list)
    }
}
