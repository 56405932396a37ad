import Testing
@testable import SnapCore
@testable import SnapSDL

/// The software renderer's copies at drawn sizes are kept within a byte budget per window. Part
/// of the rendering suite so SDL is up once at a time.
extension RenderingTests {
    @Test func aMovingCopyDrawnInOneFrameIsLetGoAndOneDrawnAgainIsKept() throws {
        let rig = try Rig()
        let cache = rig.scene.cache
        let queen = ImageRef.cardFace(CardFace(rank: .queen, suit: .hearts))
        cache.beginFrame(width: 1280, height: 720)
        let first = try cache.texture(for: queen, drawnAt: 100, 140, moving: true)
        #expect(try cache.texture(for: queen, drawnAt: 100, 140, moving: true) === first, "made twice in one frame")
        cache.beginFrame(width: 1280, height: 720)
        let second = try cache.texture(for: queen, drawnAt: 100, 140, moving: true)
        #expect(second !== first, "a copy drawn in one frame only was kept")
        cache.beginFrame(width: 1280, height: 720)
        #expect(try cache.texture(for: queen, drawnAt: 100, 140, moving: true) === second, "a copy drawn in two frames was not kept")
        // The still layer's copies are kept at once.
        let still = try cache.texture(for: queen, drawnAt: 90, 126)
        cache.beginFrame(width: 1280, height: 720)
        #expect(try cache.texture(for: queen, drawnAt: 90, 126) === still)
    }

    @Test func copiesAtManySizesStayWithinTheBudgetOfTheWindow() throws {
        let rig = try Rig()
        let cache = rig.scene.cache
        for size in stride(from: 60, through: 300, by: 4) {
            for _ in 0..<2 {
                cache.beginFrame(width: 1280, height: 720)
                for suit in Suit.allCases {
                    _ = try cache.texture(for: .cardFace(CardFace(rank: .king, suit: suit)), drawnAt: size, size * 4 / 3, moving: true)
                }
            }
            let figures = cache.budgetFigures
            #expect(figures.limit == TextureCache.budget(width: 1280, height: 720))
            #expect(figures.limit >= 1280 * 720 * 4, "a window's area of what is drawn on the felt does not fit")
            #expect(figures.bytes <= figures.limit, "at \(size) px")
        }
        // One frame may draw more than the budget (all of it kept for that frame); an idle
        // table gives the excess back without waiting for the next frame, the latest kept.
        cache.beginFrame(width: 1280, height: 720)
        var latest: Texture?
        for size in stride(from: 400, through: 640, by: 40) {
            for suit in Suit.allCases {
                latest = try cache.texture(for: .cardFace(CardFace(rank: .queen, suit: suit)), drawnAt: size, size * 4 / 3)
            }
        }
        #expect(cache.budgetFigures.bytes > cache.budgetFigures.limit, "the frame drew more than the budget")
        cache.trimToBudget()
        #expect(cache.budgetFigures.bytes <= cache.budgetFigures.limit)
        let queen = ImageRef.cardFace(CardFace(rank: .queen, suit: Suit.allCases.last!))
        #expect(try cache.texture(for: queen, drawnAt: 640, 640 * 4 / 3) === latest, "the last drawn went first")
        // A bigger window gets a bigger budget.
        cache.beginFrame(width: 3840, height: 2160)
        #expect(cache.budgetFigures.limit == TextureCache.budget(width: 3840, height: 2160))
        #expect(cache.budgetFigures.limit > TextureCache.budget(width: 1280, height: 720))
    }
}

/// Cards in flight on the software renderer: drawn from kept copies, resampled each frame, so a
/// card turning over or growing between piles makes no copy per frame.
extension RenderingTests {
    /// A card face turning over on the 1280x720 window: every width from full to edge-on and
    /// back, its shadow fading, as `GamePieces.flight` draws it.
    static func flip(_ face: ImageRef, widths: [Double], at c: Point) -> [DisplayList] {
        widths.map { w in
            DisplayList(canvas: DemoTable.canvas, still: [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720))],
                        moving: [.image(.cardShadow, Rect(center: c, size: Size(w: w * 1.26, h: 142)), rotation: 0, alpha: 0.5 * (0.3 + 0.7 * w / 80)),
                                 .image(face, Rect(center: c, size: Size(w: w, h: 112)), rotation: 0, alpha: 1)])
        }
    }

    @Test func aCardTurningOverMakesNoCopyPerFrame() throws {
        let rig = try Rig()
        let widths = Array(stride(from: 80.0, through: 2, by: -3)) + Array(stride(from: 2.0, through: 80, by: 3))
        for list in Self.flip(.cardBack, widths: widths, at: Point(x: 400, y: 300)) { try rig.scene.draw(list) }
        let afterFirst = rig.scene.cache.budgetFigures.made
        // The first turn made its copies: the back at the ladder's height, the shadow at four fades at most.
        #expect(afterFirst < 12, "made \(afterFirst) textures for one card turning over in \(widths.count) frames")
        // Another card turning over elsewhere makes none: every frame is drawn from the kept copies.
        for list in Self.flip(.cardBack, widths: widths, at: Point(x: 700, y: 400)) { try rig.scene.draw(list) }
        #expect(rig.scene.cache.budgetFigures.made == afterFirst)
    }

    /// A card flying at the size cards rest at (sent home, dealt, a pile won) is drawn from the
    /// copy the piles use: no frame resamples it, it looks exactly like the card at rest, and
    /// every frame drawn in parts is the frame drawn whole. At another size it is resampled.
    @Test(arguments: [Size(w: 1280, h: 720), Size(w: 1920, h: 1080)])
    func aCardFlyingAtTheSizeCardsRestAtIsDrawnFromTheirCopy(window: Size) throws {
        let rig = try Rig(size: window)
        let check = FrameCheck(renderer: rig.scene.renderer, art: rig.art, windowRedrawnWhole: false, directory: nil, name: "test")
        let queen = ImageRef.cardFace(CardFace(rank: .queen, suit: .hearts))
        let size = GameLayout.cardSize, k = window.w / 1280, vp = Viewport(logical: DemoTable.canvas, output: window)
        let resting = Rect(center: Point(x: 300, y: 300), size: size)
        let still: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720)), .image(.cardBack, resting, rotation: 0, alpha: 1),
                                    .image(queen, Rect(center: Point(x: 420, y: 300), size: size), rotation: 0, alpha: 1)]
        func frame(_ i: Int, _ s: Size) -> DisplayList {
            DisplayList(canvas: DemoTable.canvas, still: still, moving: [
                .image(.cardBack, Rect(center: Point(x: 500 + 7.25 * Double(i), y: 500.5 - 3 * Double(i)), size: s), rotation: 0, alpha: 1),
                .image(queen, Rect(center: Point(x: 800.5, y: 200 + 6.5 * Double(i)), size: s), rotation: 0, alpha: 1),
            ])
        }
        for i in 0..<12 {
            try rig.scene.draw(frame(i, size))
            let presented = try check.readPresented()
            rig.scene.present()
            try check.check(frame(i, size), presented: presented)
        }
        #expect(rig.scene.cache.resamples == 0)
        #expect(check.mismatched == 0, "\(String(describing: check.lastDiff))")
        // The back in flight (last frame, on whole pixels at 1280x720) against the back at rest,
        // inside its rounded corners (the felt differs from place to place around them).
        let shown = try rig.scene.renderer.readPixels()
        let flying = SceneRenderer.placed(vp.toOutput(Rect(center: Point(x: 500 + 7.25 * 11, y: 500.5 - 33), size: size)))
        let still0 = SceneRenderer.placed(vp.toOutput(resting))
        var differing = 0
        for y in Int(12 * k)..<Int(flying.h) - Int(12 * k) {
            for x in Int(12 * k)..<Int(flying.w) - Int(12 * k)
            where shown.pixel(x: Int(flying.x) + x, y: Int(flying.y) + y) != shown.pixel(x: Int(still0.x) + x, y: Int(still0.y) + y) {
                differing += 1
            }
        }
        #expect(differing == 0, "the card in flight differs from the card at rest in \(differing) pixels")
        // A size no card rests at: resampled, as a card growing between piles is.
        try rig.scene.draw(frame(12, Size(w: 75, h: 103)))
        #expect(rig.scene.cache.resamples == 2, "two cards at a size no card rests at")
    }

    /// A card sliding home after a drop casts its shadow at one size frame after frame: resampled
    /// once, not every frame, and every frame drawn in parts is still the frame drawn whole.
    /// Another image resampled in between, or another size, is resampled again.
    @Test func aShadowMovingAtOneSizeIsResampledOnce() throws {
        let rig = try Rig()
        let check = FrameCheck(renderer: rig.scene.renderer, art: rig.art, windowRedrawnWhole: false, directory: nil, name: "test")
        // A pile at rest, at the size the sliding card has: the card itself is copied, not resampled.
        let felt: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720)),
                                   .image(.cardBack, Rect(center: Point(x: 200, y: 200), size: Size(w: 80, h: 112)), rotation: 0, alpha: 1)]
        func frame(_ i: Int, shadow: Size, second: Size? = nil) -> DisplayList {
            let c = Point(x: 400 + 9.5 * Double(i), y: 300 + 4.25 * Double(i))
            var moving: [DrawCommand] = [.image(.cardShadow, Rect(center: c + Point(x: 1.25, y: 2.5), size: shadow), rotation: 0, alpha: 0.55),
                                         .image(.cardBack, Rect(center: c, size: Size(w: 80, h: 112)), rotation: 0, alpha: 1)]
            if let second { moving.append(.image(.cardShadow, Rect(center: Point(x: 900, y: 500), size: second), rotation: 0, alpha: 0.55)) }
            return DisplayList(canvas: DemoTable.canvas, still: felt, moving: moving)
        }
        func draw(_ list: DisplayList) throws {
            try rig.scene.draw(list)
            let presented = try check.readPresented()
            rig.scene.present()
            try check.check(list, presented: presented)
        }
        let shadow = Size(w: 94, h: 126)
        for i in 0..<10 { try draw(frame(i, shadow: shadow)) }
        #expect(rig.scene.cache.resamples == 1, "one shadow at one size in 10 frames")
        try draw(frame(10, shadow: Size(w: 96, h: 128)))
        #expect(rig.scene.cache.resamples == 2, "a new size")
        // Two shadows at two sizes take turns in the scratch copy: each is resampled every frame.
        for i in 11..<14 { try draw(frame(i, shadow: shadow, second: Size(w: 110, h: 148))) }
        #expect(rig.scene.cache.resamples == 8)
        #expect(check.mismatched == 0, "\(String(describing: check.lastDiff))")
    }

    @Test func aCardInFlightLooksLikeTheSameCardAtRest() throws {
        let rig = try Rig()
        let queen = ImageRef.cardFace(CardFace(rank: .queen, suit: .hearts))
        let box = Rect(center: Point(x: 640, y: 360), size: Size(w: 80, h: 112))
        let felt: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720))]
        try rig.scene.draw(DisplayList(canvas: DemoTable.canvas, still: felt + [.image(queen, box, rotation: 0, alpha: 1)], moving: []))
        let resting = try rig.scene.renderer.readPixels()
        rig.scene.invalidateFrame()
        try rig.scene.draw(DisplayList(canvas: DemoTable.canvas, still: felt, moving: [.image(queen, box, rotation: 0, alpha: 1)]))
        let flying = try rig.scene.renderer.readPixels()
        // Resampled from a copy a little larger: close to the copy at its exact size, not equal.
        // A card one pixel off, or drawn from the wrong copy, differs by far more on average.
        var total = 0, count = 0
        for y in Int(box.y) - 4..<Int(box.maxY) + 4 {
            for x in Int(box.x) - 4..<Int(box.maxX) + 4 {
                let a = resting.pixel(x: x, y: y), b = flying.pixel(x: x, y: y)
                total += abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
                count += 3
            }
        }
        let mean = Double(total) / Double(count)
        #expect(mean < 2.5, "a card in flight differs from the card at rest by \(mean) per channel on average")
        // Where the card's paper is, to the pixel: the same place and size.
        func paper(_ s: Surface) -> [Int] {
            var xs: [Int] = [], ys: [Int] = []
            for y in Int(box.y) - 4..<Int(box.maxY) + 4 {
                for x in Int(box.x) - 4..<Int(box.maxX) + 4 where Self.isPaper(s.pixel(x: x, y: y)) {
                    xs.append(x)
                    ys.append(y)
                }
            }
            return [xs.min() ?? -1, ys.min() ?? -1, xs.max() ?? -1, ys.max() ?? -1]
        }
        #expect(paper(flying) == paper(resting))
        #expect(paper(resting) != [-1, -1, -1, -1])
    }

    @Test func aCopyMadeWithoutTheArtsTextureHasItsPixels() throws {
        let rig = try Rig()
        let cache = rig.scene.cache
        let renderer = rig.scene.renderer
        let box = Rect(x: 100, y: 100, w: 96, h: 134)
        func drawn(_ ref: ImageRef) throws -> Surface {
            renderer.clear(Color(40, 90, 60))
            let t = try cache.texture(for: ref, drawnAt: Int(box.w), Int(box.h))
            renderer.copy(t, to: box)
            return try renderer.readPixels()
        }
        for ref in [ImageRef.cardFace(CardFace(rank: .ten, suit: .diamonds)), .cardBack, .cardShadow, .panel] {
            cache.beginFrame(width: 1280, height: 720)
            // Made from the art itself: no texture of it at its own size.
            let countBefore = cache.count
            let fromArt = try drawn(ref)
            #expect(cache.count == countBefore + 1, "\(ref): more than the copy was made")
            // Made again from the art's texture, as when the budget still holds it.
            cache.dropMadeCopies()
            _ = try cache.texture(for: ref)
            let fromTexture = try drawn(ref)
            var differing = 0
            for y in Int(box.y)..<Int(box.maxY) {
                for x in Int(box.x)..<Int(box.maxX) where fromArt.pixel(x: x, y: y) != fromTexture.pixel(x: x, y: y) { differing += 1 }
            }
            #expect(differing == 0, "\(ref): \(differing) pixels differ")
            cache.dropMadeCopies()
        }
    }

    @Test func aPaintedTextureIsDrawnAsACopyAndBlendedWhenFaded() throws {
        let rig = try Rig()
        let r = rig.scene.renderer
        let t = try r.makePaintedTexture(width: 64, height: 32)
        #expect(t.isOpaque)
        try t.write(rows: 32) { pixels, stride in
            for y in 0..<32 { for x in 0..<64 { pixels[y * stride + x] = 0xFF00_8040 } }
        }
        #expect(try !rig.scene.cache.texture(for: .cardBack).isOpaque)
        r.clear(Color(255, 0, 0))
        r.copy(t, to: Rect(x: 0, y: 0, w: 64, h: 32))
        r.copy(t, to: Rect(x: 100, y: 0, w: 64, h: 32), alpha: 0.5)
        let shot = try r.readPixels()
        #expect(shot.pixel(x: 10, y: 10) == Color(0, 128, 64))
        // Faded, an opaque image is still blended over what is below.
        let p = shot.pixel(x: 110, y: 10)
        #expect(p.r > 100 && p.g > 50, "a faded opaque image replaced the red below instead of blending (\(p))")
    }
}

/// A card in hand's turned images are costly and come back with the next drag, after a round of
/// play has drawn other copies: they go from the budget last, within a quarter of it.
extension RenderingTests {
    @Test func lastOutEntriesGoAfterTheOthersAndOnlyWithinAQuarterOfTheBudget() throws {
        let rig = try Rig()
        let tile = try rig.scene.renderer.makeTargetTexture(width: 64, height: 64)  // 16 KiB
        var budget = TextureBudget<Int>(limit: 16 * tile.bytes)
        #expect(budget.lastOutLimit == 4 * tile.bytes)
        // Three last-out entries, then ordinary ones drawn later, past the limit.
        for key in 0..<3 { budget.put(key, tile, lastOut: true) }
        for key in 100..<130 {
            budget.nextFrame()
            budget.put(key, tile)
        }
        #expect(budget.bytes <= budget.limit)
        for key in 0..<3 { #expect(budget.get(key) != nil, "last-out entry \(key) went before ordinary ones drawn later") }
        #expect(budget.get(100) == nil, "the oldest ordinary entry stayed")
        // Two more last-out entries: five do not fit in a quarter, the least recently drawn
        // becomes ordinary and goes with the others.
        budget.nextFrame()
        for key in 1..<3 { _ = budget.get(key) }
        for key in 3..<5 { budget.put(key, tile, lastOut: true) }
        #expect(budget.lastOutBytes <= budget.lastOutLimit)
        for key in 200..<230 {
            budget.nextFrame()
            budget.put(key, tile)
        }
        #expect(budget.get(0) == nil, "a last-out entry past the quarter was kept")
        for key in 1..<5 { #expect(budget.get(key) != nil, "last-out entry \(key) went") }
        budget.removeAll { $0 < 5 }
        #expect(budget.lastOutBytes == 0)
    }

    @Test func aCardInHandIsNotTurnedAgainAfterARoundOfOtherCopies() throws {
        let rig = try Rig()
        let cache = rig.scene.cache
        let key = TextureCache.CardSpriteKey(face: .cardBack, card: .init(Size(w: 80, h: 112)), shadow: .init(Size(w: 104, h: 136)),
                                             dx: 5, dy: 9, rotationSteps: 3, shadowAlpha: 204)
        cache.beginFrame(width: 1280, height: 720)
        let sprite = try #require(try cache.cardSprite(key))
        let turned = cache.preparedMade
        // A round of play: cards at many sizes, each drawn in two frames, fill the budget many times over.
        for size in stride(from: 60, through: 300, by: 4) {
            for _ in 0..<2 {
                cache.beginFrame(width: 1280, height: 720)
                for suit in Suit.allCases {
                    _ = try cache.texture(for: .cardFace(CardFace(rank: .king, suit: suit)), drawnAt: size, size * 4 / 3, moving: true)
                }
            }
        }
        #expect(cache.budgetFigures.bytes <= cache.budgetFigures.limit)
        cache.beginFrame(width: 1280, height: 720)
        #expect(try cache.cardSprite(key)?.texture === sprite.texture, "the card in hand was made again")
        // The turned shadow is the same for every card: another card in hand turns only its face.
        var queen = key
        queen.face = .cardFace(CardFace(rank: .queen, suit: .hearts))
        _ = try cache.cardSprite(queen)
        #expect(cache.preparedMade == turned + 1, "made \(cache.preparedMade - turned) turned images for another card in hand")
    }
}
