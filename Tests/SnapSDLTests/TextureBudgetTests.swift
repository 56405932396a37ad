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
            #expect(figures.limit == max(TextureCache.minimumBudget, TextureCache.screensPerBudget * 1280 * 720 * 4))
            #expect(figures.bytes <= figures.limit, "at \(size) px")
        }
        // A bigger window gets a bigger budget.
        cache.beginFrame(width: 3840, height: 2160)
        #expect(cache.budgetFigures.limit == TextureCache.screensPerBudget * 3840 * 2160 * 4)
    }
}
