import Testing
@testable import SnapCore
@testable import SnapSDL
@testable import SnapPaint

/// The felt is painted at the window's own pixels; every part of it painted alone is that part of
/// the whole, which redrawing only changed parts of the still layer relies on.
@Suite struct FeltPainterTests {
    static func painted(_ felt: FeltPainter, x: Int, y: Int, w: Int, h: Int) -> [UInt32] {
        var px = [UInt32](repeating: 0, count: w * h)
        px.withUnsafeMutableBufferPointer { felt.paint(x0: x, y0: y, w: w, h: h, into: $0.baseAddress!, stride: w) }
        return px
    }

    static func colour(_ p: UInt32) -> (r: Int, g: Int, b: Int) { (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)) }

    @Test(arguments: [(1280, 720), (1920, 1080), (1001, 563)])
    func anyPartPaintedAloneIsThatPartOfTheWhole(size: (Int, Int)) {
        let (w, h) = size
        let felt = FeltPainter(width: w, height: h)
        let whole = Self.painted(felt, x: 0, y: 0, w: w, h: h)
        #expect(whole.allSatisfy { $0 >> 24 == 0xFF }, "a pixel not opaque")
        // Parts across a line, in a corner's arc, in the middle, one pixel, a whole row.
        let parts = [(0, 0, 97, 61), (20, 300, 33, 17), (w / 2 - 50, h / 2 - 30, 101, 61), (w - 70, h - 70, 70, 70),
                     (5, 5, 1, 1), (0, h / 3, w, 1), (w / 3, 0, 1, h)]
        for (x, y, pw, ph) in parts {
            let part = Self.painted(felt, x: x, y: y, w: pw, h: ph)
            var differing = 0
            for r in 0..<ph {
                for c in 0..<pw where part[r * pw + c] != whole[(y + r) * w + x + c] { differing += 1 }
            }
            #expect(differing == 0, "\(w)x\(h): \(differing) pixels of (\(x),\(y)) \(pw)x\(ph) differ from the whole")
        }
    }

    @Test func itIsGreenLighterInTheMiddleWithTwoInlaidLinesThatScaleWithTheWindow() {
        for (w, h, k) in [(1280, 720, 1.0), (1920, 1080, 1.5)] {
            let felt = FeltPainter(width: w, height: h)
            let row = Self.painted(felt, x: 0, y: h / 2, w: w, h: 1).map(Self.colour)
            // Gold 2 design pixels wide from 24 in, bronze 1 wide from 31 in, on both sides.
            for x in [Int(24 * k), Int(25 * k)] {
                #expect(row[x] == (190, 160, 80), "\(w)x\(h): not the gold line at \(x): \(row[x])")
                #expect(row[w - 1 - x] == (190, 160, 80), "\(w)x\(h): not the gold line at \(w - 1 - x)")
            }
            #expect(row[Int(31.5 * k)] == (120, 100, 50), "\(w)x\(h): not the bronze line at \(Int(31.5 * k)): \(row[Int(31.5 * k)])")
            for x in [Int(10 * k), Int(28 * k), Int(40 * k), w / 2] {
                #expect(RenderingTests.isFelt(Color(UInt8(row[x].r), UInt8(row[x].g), UInt8(row[x].b))), "\(w)x\(h): not felt at \(x): \(row[x])")
            }
            let middle = row[w / 2], corner = Self.colour(Self.painted(felt, x: 2, y: 2, w: 1, h: 1)[0])
            #expect(middle.g >= corner.g + 15, "\(w)x\(h): the lamp's light: middle \(middle), corner \(corner)")
        }
    }

    @Test func theGrainIsOneShadeAtMost() {
        let felt = FeltPainter(width: 1280, height: 720)
        let patch = Self.painted(felt, x: 600, y: 330, w: 80, h: 60).map(Self.colour)
        let greens = Set(patch.map(\.g))
        #expect(greens.count >= 2, "no grain")
        #expect(greens.max()! - greens.min()! <= 2, "grain of \(greens.sorted()) in the flat middle")
    }
}

extension RenderingTests {
    /// Painted through the renderer under a clip, band by band: inside the clip the pixels of the
    /// felt drawn whole, outside it what was there.
    @Test func theFeltDrawnUnderAClipIsThePartOfTheWholeFelt() throws {
        let rig = try Rig(size: Size(w: 1280, h: 720))
        let r = rig.scene.renderer
        let area = Rect(x: 0, y: 0, w: 1280, h: 720)
        r.setClip(nil)
        try rig.scene.drawFelt(area)
        let whole = try r.readPixels()
        for clip in [Rect(x: 17, y: 3, w: 301, h: 77), Rect(x: 900, y: 650, w: 380, h: 70), Rect(x: 0, y: 100, w: 1280, h: 97)] {
            r.setClip(nil)
            r.clear(Color(255, 0, 0))
            r.setClip(clip)
            try rig.scene.drawFelt(area)
            r.setClip(nil)
            let part = try r.readPixels()
            var inside = 0, outside = 0
            for y in stride(from: 0, to: 720, by: 3) {
                for x in stride(from: 0, to: 1280, by: 3) {
                    let p = part.pixel(x: x, y: y)
                    if clip.contains(Point(x: Double(x), y: Double(y))) {
                        if p != whole.pixel(x: x, y: y) { inside += 1 }
                    } else if p != Color(255, 0, 0) {
                        outside += 1
                    }
                }
            }
            #expect(inside == 0, "\(clip): \(inside) pixels differ from the whole felt")
            #expect(outside == 0, "\(clip): \(outside) pixels painted outside the clip")
        }
    }
}
