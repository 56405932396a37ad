import Testing
@testable import SnapCore

@Suite("The viewport letterboxes and maps the pointer back")
struct ViewportTests {
    let canvas = Size(w: 1280, h: 720)

    @Test func sameAspectFillsTheWindow() {
        let v = Viewport(logical: canvas, output: Size(w: 2560, h: 1440))
        #expect(v.scale == 2)
        #expect(v.offset == .zero)
        #expect(v.toLogical(Point(x: 1280, y: 720)) == Point(x: 640, y: 360))
    }

    @Test func tallWindowGetsBarsTopAndBottom() {
        let v = Viewport(logical: canvas, output: Size(w: 1280, h: 1000))
        #expect(v.scale == 1)
        #expect(v.offset == Point(x: 0, y: 140))
        #expect(v.toOutput(Rect(x: 0, y: 0, w: 10, h: 10)) == Rect(x: 0, y: 140, w: 10, h: 10))
        #expect(v.toLogical(Point(x: 100, y: 150)) == Point(x: 100, y: 10))
    }

    @Test func wideWindowGetsBarsLeftAndRight() {
        let v = Viewport(logical: canvas, output: Size(w: 2000, h: 720))
        #expect(v.offset == Point(x: 360, y: 0))
        #expect(v.toLogical(Point(x: 360 + 640, y: 360)) == Point(x: 640, y: 360))
    }

    @Test func pointerInTheBarsIsClampedToTheCanvas() {
        let v = Viewport(logical: canvas, output: Size(w: 2000, h: 720))
        #expect(v.toLogical(Point(x: 10, y: 360)) == Point(x: 0, y: 360))
        #expect(v.toLogical(Point(x: 1990, y: 900)) == Point(x: 1280, y: 720))
    }

    @Test func roundTripAfterAnyResize() {
        for (w, h) in [(640.0, 480.0), (1920, 1080), (333, 999), (3200, 1800)] {
            let v = Viewport(logical: canvas, output: Size(w: w, h: h))
            let p = Point(x: 123.5, y: 456.25)
            #expect(close(v.toLogical(v.toOutput(p)), p, 1e-9))
        }
    }

    @Test func aPointerHitsTheSamePlaceAtScaleTwo() {
        // A 960x540 window (the desktop's units) drawing 1920x1080 pixels, and the same window
        // at scale 1 as 1920x1080: a point in either is the same place on the table.
        let hidpi = Viewport(logical: canvas, output: Size(w: 1920, h: 1080))
        for p in [Point(x: 0, y: 0), Point(x: 480, y: 270), Point(x: 123.5, y: 456.25), Point(x: 959, y: 539)] {
            let atTwo = hidpi.toLogical(windowPoint: p, windowSize: Size(w: 960, h: 540))
            let atOne = Viewport(logical: canvas, output: Size(w: 960, h: 540)).toLogical(windowPoint: p, windowSize: Size(w: 960, h: 540))
            #expect(close(atTwo, atOne, 1e-9))
        }
        #expect(hidpi.toLogical(windowPoint: Point(x: 480, y: 270), windowSize: Size(w: 960, h: 540)) == Point(x: 640, y: 360))
    }
}
