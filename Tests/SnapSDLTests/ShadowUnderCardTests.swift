import CSDL2
import Testing
@testable import SnapCore
@testable import SnapSDL

/// On the software renderer a card's shadow is not blended where the card drawn right after it
/// hides it (`SceneRenderer.hiddenUnder`): the pixels must be those of the shadow drawn whole
/// under the card. Part of the rendering suite (SDL one at a time).
extension RenderingTests {
    /// Draws nothing, and keeps the card after it from hiding the shadow before it.
    static let apart = DrawCommand.text("", .status, .status, Rect(x: 0, y: 0, w: 1, h: 1), scale: 1)

    /// Every shadow followed by a card, drawn as the renderer draws it and with the two kept apart.
    func withoutHoles(_ cmds: [DrawCommand]) -> [DrawCommand] {
        cmds.flatMap { c -> [DrawCommand] in
            if case .image(.cardShadow, _, _, _) = c { return [c, Self.apart] }
            return [c]
        }
    }

    /// The player's window, and a table view's 1920x1080 (the same layout 1.5 times as large).
    @Test(arguments: [Size(w: 1280, h: 720), Size(w: 1920, h: 1080)])
    func aShadowHiddenUnderItsCardIsNotDrawnThereAndTheFrameIsTheSame(window: Size) throws {
        let rig = try Rig(size: window)
        let queen = CardFace(rank: .queen, suit: .hearts), seven = CardFace(rank: .seven, suit: .clubs)
        func pair(_ face: CardFace?, _ c: Point, _ w: Double, _ h: Double, shadowAlpha: Double) -> [DrawCommand] {
            GamePieces.cardCommands(face: face, pose: CardPose(center: c), size: Size(w: w, h: h), lifted: false)
                .map { if case .image(.cardShadow, let r, let rot, _) = $0 { return .image(.cardShadow, r, rotation: rot, alpha: shadowAlpha) } else { return $0 } }
        }
        let felt: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720))]
        // At rest (the still layer), cards overlapping, on whole and half pixels.
        let still = felt + pair(nil, Point(x: 200, y: 200), 92, 128, shadowAlpha: 0.55) + pair(queen, Point(x: 240.5, y: 230.5), 92, 128, shadowAlpha: 0.55)
            + pair(seven, Point(x: 900, y: 500), 80, 112, shadowAlpha: 0.55)
        // In flight: growing, turning over (narrow), fading shadows, one card partly over another.
        var moving: [DrawCommand] = []
        for (i, w) in [92.0, 61.3, 30, 9, 4].enumerated() {
            moving += pair(i % 2 == 0 ? nil : queen, Point(x: 300 + Double(i) * 130.25, y: 420.7), w, 128 * (1 + Double(i) * 0.05), shadowAlpha: 0.3 + 0.1 * Double(i))
        }
        moving += pair(nil, Point(x: 640, y: 600), 92, 128, shadowAlpha: 0.55) + pair(seven, Point(x: 646, y: 603), 92, 128, shadowAlpha: 0.55)
        let list = DisplayList(canvas: DemoTable.canvas, still: still, moving: moving)
        try rig.scene.draw(list)
        let drawn = try rig.scene.renderer.readPixels()
        rig.scene.invalidate()
        try rig.scene.draw(DisplayList(canvas: DemoTable.canvas, still: withoutHoles(still), moving: withoutHoles(moving)))
        let whole = try rig.scene.renderer.readPixels()
        #expect(differingPixels(drawn, whole) == 0)
        // The card's picture is opaque inside its rounded corners.
        let inset = try #require(try rig.art.opaqueInset(of: .cardBack))
        #expect(inset > 0 && inset < 40)
        // A face is its front with ink printed on the paper: as opaque (SDL's blend left 254 in the ink).
        let front = try #require(try rig.art.opaqueInset(of: .cardFace(queen)))
        #expect(try rig.art.surface(for: .cardFace(queen)).opaqueInset() == front)
    }

    /// A card in hand's opaque inside is copied, not blended (`OpaquePart`, `Surface.opaqueBox`): at
    /// every tilt a drag takes, on whole and half pixels, the frame is the one with the whole
    /// card in hand blended, and what is copied is most of the card.
    @Test(arguments: [Size(w: 1280, h: 720), Size(w: 1920, h: 1080)])
    func aCardInHandHasItsOpaqueInsideCopiedAndTheFrameIsTheSame(window: Size) throws {
        let rig = try Rig(size: window)
        let queen = CardFace(rank: .queen, suit: .hearts)
        let felt: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720))]
        var moving: [DrawCommand] = []
        for (i, step) in (-4...4).enumerated() {
            let pose = CardPose(center: Point(x: 90 + Double(i) * 137.3, y: 300.5 + Double(i) * 7.25),
                                rotation: Double(step) * TextureCache.rotationStep * .pi / 180)
            moving += GamePieces.cardCommands(face: i % 2 == 0 ? queen : nil, pose: pose, size: Size(w: 92, h: 128), lifted: true)
        }
        let list = DisplayList(canvas: DemoTable.canvas, still: felt, moving: moving)
        try rig.scene.draw(list)
        let drawn = try rig.scene.renderer.readPixels()
        rig.scene.invalidate()
        rig.scene.copiesOpaqueInsides = false
        try rig.scene.draw(list)
        let whole = try rig.scene.renderer.readPixels()
        #expect(differingPixels(drawn, whole) == 0)
        let k = window.w / 1280, card = TextureCache.PixelSize(Size(w: 92 * k, h: 128 * k))
        for steps in [1, 3] {
            let key = TextureCache.CardSpriteKey(face: .cardFace(queen), card: card, shadow: TextureCache.PixelSize(Size(w: 116 * k, h: 152 * k)),
                                                 dx: Int(4.5 * k), dy: Int(9 * k), rotationSteps: steps, shadowAlpha: 204)
            let sprite = try #require(try rig.scene.cache.cardSprite(key))
            let inside = try #require(sprite.inside?.rect)
            #expect(inside.w * inside.h > 0.75 * Double(card.w * card.h), "\(inside) of a \(card) card turned \(steps) steps")
        }
    }

    /// A card in hand dragged over cards at rest and a label, frame after frame drawn in parts
    /// (its sprite blended around its opaque inside, which is copied). Every frame must be the
    /// one drawn whole from scratch.
    @Test(arguments: [Size(w: 1280, h: 720), Size(w: 1920, h: 1080)])
    func aCardInHandDraggedIsDrawnInPartsToTheSamePixels(window: Size) throws {
        let rig = try Rig(size: window)
        let check = FrameCheck(renderer: rig.scene.renderer, art: rig.art, windowRedrawnWhole: false, directory: nil, name: "test")
        let queen = CardFace(rank: .queen, suit: .hearts), seven = CardFace(rank: .seven, suit: .clubs)
        let still: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720))]
            + GamePieces.cardCommands(face: seven, pose: CardPose(center: Point(x: 330, y: 300)), size: Size(w: 92, h: 128), lifted: false)
            + GamePieces.cardCommands(face: nil, pose: CardPose(center: Point(x: 420.5, y: 330.5)), size: Size(w: 92, h: 128), lifted: false)
            + [.text("Ann\u{2019}s turn", .status, .status, Rect(x: 300, y: 400, w: 300, h: 40), scale: 1)]
        let frames = 30
        for i in 0..<frames {
            // Across both cards and the label, by 7.3 and 2.6 pixels a frame, tilting back and forth.
            let pose = CardPose(center: Point(x: 250 + 7.3 * Double(i), y: 280 + 2.6 * Double(i)),
                                rotation: Double(i % 9 - 4) * TextureCache.rotationStep * .pi / 180)
            let moving = GamePieces.cardCommands(face: i % 2 == 0 ? queen : nil, pose: pose, size: Size(w: 92, h: 128), lifted: true)
            let list = DisplayList(canvas: DemoTable.canvas, still: still, moving: moving)
            try rig.scene.draw(list)
            let presented = try check.readPresented()
            rig.scene.present()
            try check.check(list, presented: presented)
        }
        #expect(rig.scene.wholeFrames == 1, "frames after the first were drawn whole")
        #expect(check.checked == frames)
        #expect(check.mismatched == 0, "\(String(describing: check.lastDiff))")
    }

    @Test func aPictureWithoutAnOpaqueInsideHasNoInset() throws {
        let s = try SDLSession(forceDriver: "offscreen")
        let clear = try Surface(width: 20, height: 30, session: s)
        #expect(clear.opaqueInset() == nil)
        #expect(clear.opaqueBox(around: (10, 15)) == nil)
    }

    /// The largest opaque upright box around a pixel: here an opaque block with a notch cut in
    /// its top edge, where the box below the notch beats the narrower one beside it.
    @Test func theOpaqueBoxIsTheLargestAroundThePixel() throws {
        let s = try SDLSession(forceDriver: "offscreen")
        let picture = try Surface(width: 40, height: 30, session: s)
        func fill(_ x: Int32, _ y: Int32, _ w: Int32, _ h: Int32, _ argb: UInt32) {
            var r = SDL_Rect(x: x, y: y, w: w, h: h)
            SDL_FillRect(picture.pointer, &r, argb)
        }
        fill(5, 4, 30, 20, 0xFF20_4080)
        fill(10, 4, 2, 3, 0x8020_4080)
        fill(38, 0, 1, 30, 0xFFFF_FFFF)
        #expect(picture.opaqueBox(around: (20, 14)) == Rect(x: 5, y: 7, w: 30, h: 17))
        #expect(picture.opaqueBox(around: (2, 2)) == nil)
    }
}
