import CSDL2
import Foundation
import Testing
@testable import SnapCore
@testable import SnapSDL

/// SNAP_VERIFY_FRAMES's check must see a wrong frame (or it would pass everything) and must
/// find none in frames drawn right, on every renderer. Part of the rendering suite.
extension RenderingTests {
    static func scratchDirectory(_ tag: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snap-frame-check-\(tag)-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        return dir
    }

    @Test func aWrongPresentedFrameIsCountedAndWrittenAsAPictureTrio() throws {
        try checkWrongFrameIsCaught(kind: .software)
    }

    /// OpenGL: the reference is drawn into the window's back buffer after the present.
    @Test(.enabled(if: hasDisplay, "no DISPLAY: the OpenGL renderers need an X server (scripts/env/with-x)"),
          arguments: [RendererKind.opengl, .opengles2])
    func aWrongPresentedFrameIsCaughtThroughOpenGL(kind: RendererKind) throws {
        try checkWrongFrameIsCaught(kind: kind)
    }

    func checkWrongFrameIsCaught(kind: RendererKind) throws {
        let rig = try Rig(size: Size(w: 1280, h: 720), kind: kind)
        let dir = try Self.scratchDirectory("wrong")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = FrameCheck(renderer: rig.scene.renderer, art: rig.art, windowRedrawnWhole: !rig.scene.drawsDamageOnly,
                               directory: dir, name: "primary-w1", keep: 1)
        #expect(check.intoWindow == (kind != .software))
        let list = GameSceneBuilder.build(SampleScreens.playing, metrics: rig.art.fontBook)

        try rig.scene.draw(list)
        #expect(try check.check(list, presented: try check.readPresented()).matches, "a frame drawn right was a mismatch")

        // The same frame with a wrong rectangle on it: what a lost clip or missed damage shows.
        try rig.scene.draw(list)
        rig.scene.renderer.fill(Rect(x: 100, y: 50, w: 40, h: 30), Color(255, 0, 255))
        let diff = try check.check(list, presented: try check.readPresented())
        #expect(diff.box == Rect(x: 100, y: 50, w: 40, h: 30))
        #expect(diff.pixels > 0 && diff.pixels <= 40 * 30)
        #expect(check.checked == 2 && check.mismatched == 1)
        let names = ["presented", "expected", "diff"].map { "\(dir)/frame-check-primary-w1-1-\($0).png" }
        #expect(check.written == names)
        for n in names { #expect(FileManager.default.fileExists(atPath: n), "\(n) was not written") }
        // The presented picture holds the wrong rectangle, the expected one does not.
        let presented = try ArtFile.load(names[0], session: rig.session), expected = try ArtFile.load(names[1], session: rig.session)
        #expect(presented.pixel(x: 110, y: 60) == Color(255, 0, 255))
        #expect(expected.pixel(x: 110, y: 60) != Color(255, 0, 255))

        // Past `keep` mismatches are counted, not written.
        try rig.scene.draw(list)
        rig.scene.renderer.fill(Rect(x: 0, y: 0, w: 1, h: 1), Color(1, 2, 3))
        #expect(try !check.check(list, presented: try check.readPresented()).matches)
        #expect(check.mismatched == 2 && check.written.count == 3)
    }

    /// A small difference inside the tolerance is not a mismatch; one step past it is.
    @Test func theToleranceIsPerChannel() throws {
        let rig = try Rig(size: Size(w: 320, h: 180))
        let a = try Surface(width: 4, height: 2, session: rig.session), b = try Surface(width: 4, height: 2, session: rig.session)
        a.fillForTest(Color(100, 100, 100))
        b.fillForTest(Color(100, 100, 100))
        #expect(FrameDiff.compare(a, b, tolerance: 0) == FrameDiff(pixels: 0, largest: 0, box: nil))
        b.setPixelForTest(x: 3, y: 1, Color(102, 100, 99))
        #expect(FrameDiff.compare(a, b, tolerance: 2).matches)
        #expect(FrameDiff.compare(a, b, tolerance: 1) == FrameDiff(pixels: 1, largest: 2, box: Rect(x: 3, y: 1, w: 1, h: 1)))
    }

    /// Frames of a game in play, drawn damage-only one after another, each compared with the
    /// same frame drawn whole from scratch.
    func checkFramesOfPlay(kind: RendererKind) throws {
        for size in [Size(w: 1280, h: 720), Size(w: 1920, h: 1080)] {
            let rig = try Rig(size: size, kind: kind)
            let check = FrameCheck(renderer: rig.scene.renderer, art: rig.art,
                                   windowRedrawnWhole: !rig.scene.drawsDamageOnly, directory: nil, name: "test")
            let build: (GameScreen) -> DisplayList = size.w > 1280
                ? { GameTableViewBuilder.build($0, metrics: rig.art.fontBook) }
                : { GameSceneBuilder.build($0, metrics: rig.art.fontBook) }
            var before = SampleScreens.playing
            before.flights = []
            for screen in [before, SampleScreens.playing, Self.afterLanding, before] {
                try rig.scene.draw(build(screen))
                let presented = try check.readPresented()
                rig.scene.present()
                try check.check(build(screen), presented: presented)
            }
            #expect(check.checked == 4)
            #expect(check.mismatched == 0, "\(kind) at \(size): \(String(describing: check.lastDiff))")
        }
    }

    @Test func framesDrawnInPartsMatchFramesDrawnWholeOnTheSoftwareRenderer() throws {
        try checkFramesOfPlay(kind: .software)
    }

    @Test(.enabled(if: hasDisplay, "no DISPLAY: the OpenGL renderers need an X server (scripts/env/with-x)"),
          arguments: [RendererKind.opengl, .opengles2])
    func framesDrawnInPartsMatchFramesDrawnWholeThroughOpenGL(kind: RendererKind) throws {
        try checkFramesOfPlay(kind: kind)
    }

    /// Two windows, each with its own renderer, drawn and checked in turn as the table and its
    /// table view are: SDL 2.26's OpenGL ES 2 renderer switched render targets in whichever
    /// window's GL context was current, so the first window's frames came out wrong (fails
    /// without `Renderer.makeCurrent`: one of the first window's four frames differed).
    @Test(.enabled(if: hasDisplay, "no DISPLAY: the OpenGL renderers need an X server (scripts/env/with-x)"),
          arguments: [RendererKind.opengl, .opengles2])
    func twoWindowsCheckedInTurnBothMatch(kind: RendererKind) throws {
        let rig = try Rig(size: Size(w: 1280, h: 720), kind: kind)
        let second = try Window(session: rig.session, title: "test table view", size: Size(w: 1920, h: 1080), hidden: true)
        let tableView = SceneRenderer(renderer: try Renderer(window: second, kind: kind, vsync: false), art: rig.art)
        let windows: [(scene: SceneRenderer, build: (GameScreen) -> DisplayList)] = [
            (rig.scene, { GameSceneBuilder.build($0, metrics: rig.art.fontBook) }),
            (tableView, { GameTableViewBuilder.build($0, metrics: rig.art.fontBook) }),
        ]
        let checks = windows.map {
            FrameCheck(renderer: $0.scene.renderer, art: rig.art, windowRedrawnWhole: !$0.scene.drawsDamageOnly,
                       directory: nil, name: "test")
        }
        var before = SampleScreens.playing
        before.flights = []
        for screen in [before, SampleScreens.playing, Self.afterLanding, before] {
            for (w, check) in zip(windows, checks) {
                try w.scene.draw(w.build(screen))
                let presented = try check.readPresented()
                w.scene.present()
                try check.check(w.build(screen), presented: presented)
            }
        }
        for (name, check) in zip(["first", "second"], checks) {
            #expect(check.checked == 4)
            #expect(check.mismatched == 0, "\(kind), the \(name) window: \(String(describing: check.lastDiff))")
        }
    }

    /// A forced renderer is that renderer, or an error; never SDL's pick instead.
    @Test(.enabled(if: hasDisplay, "no DISPLAY: the OpenGL renderers need an X server (scripts/env/with-x)"),
          arguments: [RendererKind.opengl, .opengles2])
    func aForcedRendererIsTheOneAskedFor(kind: RendererKind) throws {
        let rig = try Rig(size: Size(w: 320, h: 180), kind: kind)
        #expect(rig.scene.renderer.name == kind.rawValue)
    }
}

extension Surface {
    func fillForTest(_ c: Color) {
        var r = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        SDL_FillRect(pointer, &r, SDL_MapRGBA(pointer.pointee.format, c.r, c.g, c.b, c.a))
    }

    func setPixelForTest(x: Int, y: Int, _ c: Color) {
        var r = SDL_Rect(x: Int32(x), y: Int32(y), w: 1, h: 1)
        SDL_FillRect(pointer, &r, SDL_MapRGBA(pointer.pointee.format, c.r, c.g, c.b, c.a))
    }
}

/// Moving text whose rendered line is taller than its layout box: damage-only frames took the
/// box for where it was drawn, so the tops of its letters from the frame before stayed on screen.
extension RenderingTests {
    @Test func movingTextTallerThanItsBoxLeavesNothingBehind() throws {
        let rig = try Rig(size: Size(w: 1280, h: 720))
        let check = FrameCheck(renderer: rig.scene.renderer, art: rig.art, windowRedrawnWhole: false, directory: nil, name: "text")
        let felt = DrawCommand.fill(Rect(x: 0, y: 0, w: 1280, h: 720), Color(20, 80, 50))
        func frame(scale: Double) -> DisplayList {
            // A 10-pixel box for 28-pixel text: its letters reach well above and below it.
            DisplayList(canvas: Size(w: 1280, h: 720), still: [felt],
                        moving: [.text("called Snap! too late", .status, Color(236, 230, 205), Rect(x: 400, y: 300, w: 600, h: 10), scale: scale)])
        }
        for scale in [1.6, 1.3, 1.0] {
            try rig.scene.draw(frame(scale: scale))
            let presented = try check.readPresented()
            rig.scene.present()
            try check.check(frame(scale: scale), presented: presented)
        }
        #expect(rig.scene.wholeFrames == 1, "the later frames were not damage-only")
        #expect(check.mismatched == 0, "\(String(describing: check.lastDiff))")
    }
}

extension RenderingTests {
    /// The frame the check caught in a minute of play on the table view, drawn after the one
    /// before it: the damage-only frame must be the frame drawn whole.
    @Test func theCaughtTableViewFrameIsDrawnRightAfterTheOneBefore() throws {
        let rig = try Rig(size: Size(w: 1920, h: 1080))
        let check = FrameCheck(renderer: rig.scene.renderer, art: rig.art, windowRedrawnWhole: false, directory: nil, name: "caught")
        let canvas = Size(w: 1280, h: 720)
        let before = DisplayList(canvas: canvas, still: CaughtFrames.prevStill, moving: CaughtFrames.prevMoving)
        let after = DisplayList(canvas: canvas, still: CaughtFrames.curStill, moving: CaughtFrames.curMoving)
        for list in [before, after] {
            try rig.scene.draw(list)
            let presented = try check.readPresented()
            rig.scene.present()
            try check.check(list, presented: presented)
        }
        #expect(rig.scene.wholeFrames == 1, "the second frame was not damage-only")
        #expect(check.mismatched == 0, "\(String(describing: check.lastDiff))")
    }
}
