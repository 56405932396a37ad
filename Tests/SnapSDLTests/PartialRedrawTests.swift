import Testing
@testable import SnapCore
@testable import SnapSDL

/// The software renderer redraws only the parts of the still layer that changed (`LayerDiff`)
/// and presents only those; the pixels must be those of a frame drawn whole. Part of the
/// rendering suite (SDL one at a time).
extension RenderingTests {
    /// Ann's turn-over lands, Ben's smiley goes, the status changes: the next screen at rest.
    static var afterLanding: GameScreen {
        var s = SampleScreens.playing
        s.flights = []
        s.seats[0].openCards.append(SampleScreens.c(.three, .hearts))
        s.seats[0].closedCount -= 1
        s.seats[1].verdict = nil
        s.status = "Ben\u{2019}s turn"
        return s
    }

    func differingPixels(_ a: Surface, _ b: Surface) -> Int {
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 }
        }
        return n
    }

    func checkPartialRedraw(size: Size, kind: RendererKind = .software, build: (GameScreen) -> DisplayList) throws {
        let rig = try Rig(size: size, kind: kind)
        var before = SampleScreens.playing
        before.flights = []
        try rig.scene.draw(build(before))
        let wholeBefore = rig.scene.wholeFrames, partsBefore = rig.scene.stillPartialRedraws
        try rig.scene.draw(build(Self.afterLanding))
        #expect(rig.scene.stillPartialRedraws == partsBefore + 1, "the still layer was redrawn whole")
        // OpenGL draws every frame whole (over the still layer redrawn in parts).
        if rig.scene.drawsDamageOnly { #expect(rig.scene.wholeFrames == wholeBefore, "the change was drawn as a whole frame") }
        let partial = try rig.scene.renderer.readPixels()
        rig.scene.invalidate()
        try rig.scene.draw(build(Self.afterLanding))
        let whole = try rig.scene.renderer.readPixels()
        #expect(differingPixels(partial, whole) == 0)
    }

    @Test func aCardLandingRedrawsPartOfThePlayersViewToTheSamePixels() throws {
        let metrics = try Rig().art.fontBook
        try checkPartialRedraw(size: Size(w: 1280, h: 720)) { GameSceneBuilder.build($0, metrics: metrics) }
    }

    /// After a won snap or a penalty, cards flying across the TV fill the cache of copies at
    /// drawn sizes and it starts over; the next partial redraw then makes the felt's 1920x1080
    /// copy again in the middle of redrawing the still layer. Making a copy switches SDL's render
    /// target, which drops the clip: the felt was then drawn over the whole still layer, and the
    /// labels outside the changed part were gone until the next whole redraw (a rectangle of bare
    /// felt on the TV wherever cards flew). Damage-only frames hid it from a window comparison:
    /// here the still layer is shown whole before it is compared.
    @Test func aPartialRedrawJustAfterTheCopiesWereDroppedKeepsTheRestOfTheStillLayer() throws {
        try checkCopiesDroppedMidRedraw(kind: .software)
    }

    func checkCopiesDroppedMidRedraw(kind: RendererKind) throws {
        let metrics = try Rig().art.fontBook
        let rig = try Rig(size: Size(w: 1920, h: 1080), kind: kind)
        var before = SampleScreens.playing
        before.flights = []
        try rig.scene.draw(GameTableViewBuilder.build(before, metrics: metrics))
        rig.scene.cache.dropMadeCopies()
        try rig.scene.draw(GameTableViewBuilder.build(Self.afterLanding, metrics: metrics))
        // The same list again, copied whole from the still layer as it now is.
        rig.scene.invalidateFrame()
        try rig.scene.draw(GameTableViewBuilder.build(Self.afterLanding, metrics: metrics))
        let kept = try rig.scene.renderer.readPixels()
        rig.scene.invalidate()
        try rig.scene.draw(GameTableViewBuilder.build(Self.afterLanding, metrics: metrics))
        let whole = try rig.scene.renderer.readPixels()
        #expect(differingPixels(kept, whole) == 0)
    }

    @Test func aCardLandingRedrawsPartOfTheTableViewToTheSamePixels() throws {
        // 1920x1080: every image is scaled up from its art, the felt included.
        let metrics = try Rig().art.fontBook
        try checkPartialRedraw(size: Size(w: 1920, h: 1080)) { GameTableViewBuilder.build($0, metrics: metrics) }
    }

    // The same through SDL's OpenGL renderers (hidden windows under the X server): they draw
    // every frame whole, but their still layer is redrawn in parts and their copies are made
    // mid-frame just the same.

    @Test(.enabled(if: hasDisplay, "no DISPLAY: the OpenGL renderers need an X server (scripts/env/with-x)"),
          arguments: [RendererKind.opengl, .opengles2])
    func aCardLandingRedrawsPartOfThePlayersViewToTheSamePixelsThroughOpenGL(kind: RendererKind) throws {
        let metrics = try Rig().art.fontBook
        try checkPartialRedraw(size: Size(w: 1280, h: 720), kind: kind) { GameSceneBuilder.build($0, metrics: metrics) }
    }

    @Test(.enabled(if: hasDisplay, "no DISPLAY: the OpenGL renderers need an X server (scripts/env/with-x)"),
          arguments: [RendererKind.opengl, .opengles2])
    func aCardLandingRedrawsPartOfTheTableViewToTheSamePixelsThroughOpenGL(kind: RendererKind) throws {
        let metrics = try Rig().art.fontBook
        try checkPartialRedraw(size: Size(w: 1920, h: 1080), kind: kind) { GameTableViewBuilder.build($0, metrics: metrics) }
    }

    @Test(.enabled(if: hasDisplay, "no DISPLAY: the OpenGL renderers need an X server (scripts/env/with-x)"),
          arguments: [RendererKind.opengl, .opengles2])
    func aPartialRedrawJustAfterTheCopiesWereDroppedKeepsTheRestOfTheStillLayerThroughOpenGL(kind: RendererKind) throws {
        try checkCopiesDroppedMidRedraw(kind: kind)
    }
}

/// What a damage-only frame draws: only where things changed, in rectangles not much larger
/// than the changes.
extension RenderingTests {
    @Test func rectanglesMeetingAtACornerAreNotJoinedIntoTheirBox() {
        let a = Rect(x: 0, y: 0, w: 100, h: 100), b = Rect(x: 104, y: 104, w: 100, h: 100)
        #expect(SceneRenderer.merged([a, b]).count == 2)
        // Side by side, or one inside the other: one rectangle.
        #expect(SceneRenderer.merged([a, Rect(x: 104, y: 0, w: 100, h: 100)]) == [Rect(x: 0, y: 0, w: 204, h: 100)])
        #expect(SceneRenderer.merged([a, Rect(x: 10, y: 10, w: 20, h: 20)]) == [a])
    }

    @Test func twoCardsFlyingFarApartAreDrawnAsTwoSmallAreas() throws {
        let rig = try Rig()
        let felt: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720))]
        func frame(_ dx: Double) -> DisplayList {
            DisplayList(canvas: DemoTable.canvas, still: felt, moving: [
                .image(.cardBack, Rect(x: 100 + dx, y: 100, w: 80, h: 112), rotation: 0, alpha: 1),
                .image(.cardBack, Rect(x: 1000 + dx, y: 500, w: 80, h: 112), rotation: 0, alpha: 1),
            ])
        }
        try rig.scene.draw(frame(0))
        try rig.scene.draw(frame(6))
        let damage = try #require(rig.scene.pendingDamage)
        #expect(damage.count == 2)
        #expect(damage.reduce(0) { $0 + $1.area } < 2 * 120 * 130, "drew \(damage)")
        let partial = try rig.scene.renderer.readPixels()
        rig.scene.invalidate()
        try rig.scene.draw(frame(6))
        #expect(differingPixels(partial, try rig.scene.renderer.readPixels()) == 0)
    }

    @Test func aCardCoveredByALaterCardAtTheSamePlaceAndSizeIsNotDrawn() throws {
        let vp = Viewport(logical: DemoTable.canvas, output: Size(w: 1920, h: 1080))
        let king = ImageRef.cardFace(CardFace(rank: .king, suit: .spades))
        let at = Rect(x: 300, y: 200, w: 80, h: 112)
        func card(_ ref: ImageRef, _ r: Rect = at, rotation: Double = 0, alpha: Double = 1) -> DrawCommand {
            .image(ref, r, rotation: rotation, alpha: alpha)
        }
        // A stack flying together: all but the top card, and the shadows of those: one shadow
        // for the stack, as for a pile at rest.
        let stack = [card(.cardShadow), card(.cardBack), card(.cardShadow), card(king), card(.cardShadow), card(.cardBack)]
        #expect(SceneRenderer.hiddenCards(stack, vp) == [0, 1, 2, 3])
        // A hair apart on the 1920x1080 table view (the same whole pixels): still hidden.
        #expect(SceneRenderer.hiddenCards([card(.cardBack), card(.cardBack, Rect(x: 300.1, y: 200, w: 80, h: 112))], vp) == [0])
        // Not covered: elsewhere, another size, under a turned or fading card, under a shadow or a badge.
        #expect(SceneRenderer.hiddenCards([card(.cardBack), card(.cardBack, at.offsetBy(dx: 2, dy: 0))], vp).isEmpty)
        #expect(SceneRenderer.hiddenCards([card(.cardBack), card(.cardBack, at.insetBy(dx: 2, dy: 2))], vp).isEmpty)
        #expect(SceneRenderer.hiddenCards([card(.cardBack), card(king, rotation: 0.1)], vp).isEmpty)
        #expect(SceneRenderer.hiddenCards([card(.cardBack), card(king, alpha: 0.5)], vp).isEmpty)
        #expect(SceneRenderer.hiddenCards([card(.cardBack), card(.cardShadow), card(.countBadge)], vp).isEmpty)
        // A card over a shadow at its place hides nothing: shadows are not counted.
        #expect(SceneRenderer.hiddenCards([card(.cardShadow), card(.cardBack)], vp).isEmpty)
    }

    @Test func aFlyingStackIsDrawnAsItsTopCardOverOneShadow() throws {
        let rig = try Rig()
        let felt: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720))]
        let at = Rect(x: 400.3, y: 300.6, w: 83.4, h: 116.2)
        let shadow = DrawCommand.image(.cardShadow, at.insetBy(dx: -6, dy: -6), rotation: 0, alpha: 0.5)
        let top = DrawCommand.image(.cardFace(CardFace(rank: .queen, suit: .hearts)), at, rotation: 0, alpha: 1)
        try rig.scene.draw(DisplayList(canvas: DemoTable.canvas, still: felt, moving: [
            shadow, .image(.cardBack, at, rotation: 0, alpha: 1), shadow, .image(.cardFace(CardFace(rank: .two, suit: .clubs)), at, rotation: 0, alpha: 1), shadow, top,
        ]))
        let stack = try rig.scene.renderer.readPixels()
        rig.scene.invalidate()
        try rig.scene.draw(DisplayList(canvas: DemoTable.canvas, still: felt, moving: [shadow, top]))
        #expect(differingPixels(stack, try rig.scene.renderer.readPixels()) == 0)
    }

    @Test func aStretchedImageDrawnFromItsMadeCopyIsTheSameAsDrawnInSlices() throws {
        let rig = try Rig()
        let felt: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720))]
        let list = DisplayList(canvas: DemoTable.canvas, still: felt + [
            .stretched(.namePlate, Rect(x: 100.4, y: 200.6, w: 233.3, h: 47.2), cap: 20),
            .stretched(.countBadge, Rect(x: 500, y: 300, w: 61.7, h: 38), cap: 16),
        ], moving: [])
        try rig.scene.draw(list)
        let made = try rig.scene.renderer.readPixels()
        #expect(rig.scene.cache.budgetFigures.made >= 2)
        rig.scene.cache.prescales = false
        rig.scene.invalidate()
        try rig.scene.draw(list)
        let sliced = try rig.scene.renderer.readPixels()
        #expect(differingPixels(made, sliced) == 0)
    }
}
