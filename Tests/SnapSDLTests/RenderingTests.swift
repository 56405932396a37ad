import Foundation
import Testing
@testable import SnapCore
@testable import SnapSDL

/// Offscreen rendering read back pixel by pixel. SDL may only be up once per process and its
/// software renderer is not reentrant, so these run one at a time.
@Suite("Offscreen rendering", .serialized)
struct RenderingTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources").path

    /// SDL up with the offscreen driver, one hidden 1280x720 window (so pixels equal logical units).
    final class Rig {
        let session: SDLSession
        let art: ArtLibrary
        let scene: SceneRenderer

        /// `kind` other than software: a hidden window under the X server (`DISPLAY`), for the
        /// OpenGL renderers.
        init(size: Size = DemoTable.canvas, kind: RendererKind = .software) throws {
            session = try SDLSession(forceDriver: kind == .software ? "offscreen" : "x11")
            art = try ArtLibrary(session: session, directory: RenderingTests.resources, fonts: try FontSet.locate())
            let window = try Window(session: session, title: "test", size: size, hidden: true)
            scene = SceneRenderer(renderer: try Renderer(window: window, kind: kind, vsync: false), art: art)
        }

        func render(_ table: Table, at t: Double) throws -> Surface {
            try scene.draw(SceneBuilder.build(table, at: t, canvas: DemoTable.canvas))
            return try scene.renderer.readPixels()
        }
    }

    /// The OpenGL renderers need an X server; without one their tests are skipped, saying so.
    static let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false

    static func isPaper(_ c: Color) -> Bool { c.r > 225 && c.g > 225 && c.b > 210 }
    static func isFelt(_ c: Color) -> Bool { Int(c.g) > Int(c.r) + 15 && c.g > c.b && c.g < 200 }
    static func isCardBack(_ c: Color) -> Bool { Int(c.b) > Int(c.r) + 40 && c.b > c.g }

    /// A point given in a card's own frame (offset from its centre), where it lands on screen.
    static func onCard(_ pose: CardPose, _ dx: Double, _ dy: Double) -> (Int, Int) {
        let c = cos(pose.rotation), s = sin(pose.rotation)
        return (Int((pose.center.x + dx * c - dy * s).rounded()), Int((pose.center.y + dx * s + dy * c).rounded()))
    }

    @Test func cardIsDrawnAtItsSlotAndEmptySlotsShowFelt() throws {
        let rig = try Rig()
        let table = DemoTable.make()
        let img = try rig.render(table, at: 0)
        let cardSlot = table.board.slot(DemoTable.handSlots[0])!.rect
        let emptySlot = table.board.slot(DemoTable.handSlots[5])!.rect
        #expect(table.board.slot(DemoTable.handSlots[5])!.card == nil)
        for (dx, dy) in [(10.0, 64.0), (80.0, 64.0), (46.0, 10.0), (46.0, 118.0)] {
            #expect(Self.isPaper(img.pixel(x: Int(cardSlot.x + dx), y: Int(cardSlot.y + dy))), "card paper at +\(dx),+\(dy)")
            #expect(Self.isFelt(img.pixel(x: Int(emptySlot.x + dx), y: Int(emptySlot.y + dy))), "felt in the empty slot at +\(dx),+\(dy)")
        }
        // Just outside the card: felt again.
        #expect(Self.isFelt(img.pixel(x: Int(cardSlot.x) - 12, y: Int(cardSlot.y) + 64)))
        // The face-down card shows its blue back.
        let back = table.board.slot(DemoTable.tableSlots[0])!.rect
        #expect(Self.isCardBack(img.pixel(x: Int(back.x + 30), y: Int(back.y + 30))))
    }

    @Test func draggedCardIsTiltedAndAboveTheOthers() throws {
        let rig = try Rig()
        var table = DemoTable.make()
        let card = table.board.slot(DemoTable.handSlots[0])!.card!
        let start = table.rect(of: card, at: 0)!.center
        let under = table.board.slot(DemoTable.tableSlots[0])!.rect.center // the face-down card
        let aim = under + Point(x: 30, y: 0)
        table.pointerDown(.mouse, at: start, time: 0)
        table.pointerMove(.mouse, to: Point.lerp(start, aim, 0.5), time: 0.05)
        table.pointerMove(.mouse, to: aim, time: 0.1)
        let t = 0.5
        let pose = table.pose(of: card, at: t)!
        #expect(abs(pose.rotation - .pi / 32) < 1e-9)
        let img = try rig.render(table, at: t)

        // Where the tilted card's own left edge area lies, it is paper, even over the card beneath.
        let (px, py) = Self.onCard(pose, -35, 30)
        #expect(Self.isPaper(img.pixel(x: px, y: py)), "dragged card drawn above the face-down card")
        // Tilt: just outside the unrotated left edge near the bottom is covered, near the top is not.
        let level = Rect(center: pose.center, size: DemoTable.cardSize)
        #expect(Self.isPaper(img.pixel(x: Int(level.x) - 3, y: Int(pose.center.y) + 50)), "bottom-left swings out")
        let topInside = img.pixel(x: Int(level.x) + 1, y: Int(pose.center.y) - 50)
        #expect(!Self.isPaper(topInside), "top-left swings in, uncovering what is beneath: \(topInside)")
    }

    @Test func fadingCardIsTranslucent() throws {
        let rig = try Rig()
        var table = DemoTable.make()
        let card = table.board.slot(DemoTable.handSlots[1])!.card!
        let from = table.rect(of: card, at: 0)!.center
        let discard = table.board.slot(DemoTable.discardSlot)!.rect.center
        table.pointerDown(.mouse, at: from, time: 0)
        table.pointerMove(.mouse, to: discard, time: 0.05)
        table.pointerMove(.mouse, to: discard, time: 0.5)
        table.pointerUp(.mouse, at: discard, time: 1.0)
        #expect(table.fading.count == 1)

        let probe = (x: Int(discard.x) - 35, y: Int(discard.y) + 50)
        let settledPose = table.fading[0].motion.pose(at: 1.1)
        let half = try rig.render(table, at: 1.05)
        let halfPose = table.fading[0].motion.pose(at: 1.05)
        #expect(abs(halfPose.alpha - 0.5) < 0.01)
        let mid = half.pixel(x: probe.x, y: probe.y)
        table.advance(to: 1.2)
        #expect(table.fading.isEmpty)
        let empty = try rig.render(table, at: 1.2).pixel(x: probe.x, y: probe.y)
        _ = settledPose
        // Half paper, half empty slot: every channel between the two, well away from both.
        #expect(!Self.isPaper(mid))
        #expect(mid != empty)
        for (m, e) in [(mid.r, empty.r), (mid.g, empty.g), (mid.b, empty.b)] {
            #expect(Int(m) > Int(e) + 60, "translucent card brightens the slot: \(mid) over \(empty)")
        }
    }

    @Test func stillLayerIsRedrawnOnlyWhenItChanges() throws {
        let rig = try Rig()
        var table = DemoTable.make()
        _ = try rig.render(table, at: 0)
        _ = try rig.render(table, at: 0.5)
        #expect(rig.scene.stillRedraws == 1)
        let c = table.rect(of: 1, at: 0)!.center
        table.pointerDown(.mouse, at: c, time: 1)
        table.pointerMove(.mouse, to: c + Point(x: 100, y: -100), time: 1.01) // picked up: still layer loses the card
        for i in 0..<10 {
            table.pointerMove(.mouse, to: c + Point(x: 100 + Double(i), y: -100), time: 1.02 + Double(i) * 0.01)
            _ = try rig.render(table, at: 1.02 + Double(i) * 0.01)
        }
        #expect(rig.scene.stillRedraws == 2, "ten drag frames cost one still-layer redraw")
    }

    @Test func letterboxBarsAroundTheCanvas() throws {
        let rig = try Rig(size: Size(w: 1280, h: 900))
        let img = try rig.render(DemoTable.make(), at: 0)
        #expect(img.pixel(x: 640, y: 20) == Color.letterbox)
        #expect(img.pixel(x: 640, y: 880) == Color.letterbox)
        #expect(Self.isFelt(img.pixel(x: 640, y: 200)))
    }

    @Test func missingArtIsNamed() throws {
        let session = try SDLSession(forceDriver: "offscreen")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snaptable-empty-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect {
            _ = try ArtLibrary(session: session, directory: dir, fonts: try FontSet.locate())
        } throws: { e in
            "\(e)" == "image not found: \(dir)/\(ImageRef.requiredFiles[0])"
        }
        // A file that is not a PNG at all.
        for f in ImageRef.requiredFiles {
            FileManager.default.createFile(atPath: "\(dir)/\(f)", contents: Data("not a png".utf8))
        }
        #expect {
            _ = try ArtLibrary(session: session, directory: dir, fonts: try FontSet.locate())
        } throws: { e in
            "\(e)".hasPrefix("cannot use \(dir)/\(ImageRef.requiredFiles[0]): ")
        }
    }

    @Test func missingFontsAreNamed() {
        #expect {
            _ = try FontSet.locate(in: "/nonexistent-fonts")
        } throws: { e in
            "\(e)".contains("/nonexistent-fonts/DejaVuSans.ttf") && "\(e)".contains("fonts-dejavu-core")
        }
    }
}

extension RenderingTests {
    /// Frames drawn damage-only (software renderer) must equal a frame drawn whole.
    @Test func damageOnlyFramesMatchWholeFrames() throws {
        let rig = try Rig()
        #expect(rig.scene.drawsDamageOnly)
        var table = DemoTable.make()
        let home = table.board.slot(DemoTable.handSlots[0])!.rect.center
        table.pointerDown(.mouse, at: home, time: 0)
        var t = 0.0
        for i in 1...30 {
            t = Double(i) / 60
            table.pointerMove(.mouse, to: Point(x: home.x + Double(i) * 9, y: home.y - Double(i) * 8), time: t)
            table.advance(to: t)
            _ = try rig.render(table, at: t)
        }
        let whole = rig.scene.wholeFrames
        #expect(whole <= 3, "drag frames were drawn whole: \(whole)")
        let damaged = try rig.render(table, at: t)
        rig.scene.invalidateFrame()
        let fresh = try rig.render(table, at: t)
        var differing = 0
        for y in stride(from: 0, to: 720, by: 2) {
            for x in stride(from: 0, to: 1280, by: 2) where damaged.pixel(x: x, y: y) != fresh.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) sampled pixels differ between damage-only and whole frames")
    }
}
