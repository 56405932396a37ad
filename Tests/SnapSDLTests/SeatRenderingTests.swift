import Foundation
import Testing
@testable import SnapCore
@testable import SnapSDL

/// Seats drawn offscreen and read back: labels where the layout puts them, gone after a leave.
/// An extension of the rendering suite so it shares its one-at-a-time rule (SDL is per process).
extension RenderingTests {

    func render(_ rig: Rig, _ seating: Seating) throws -> Surface {
        try rig.scene.draw(SceneBuilder.build(DemoTable.make(), seating: seating, metrics: rig.art.fontBook, at: 0, canvas: DemoTable.canvas))
        return try rig.scene.renderer.readPixels()
    }

    /// Pixels of light text (names are cream on a dark plate) inside `r`.
    func lightPixels(_ img: Surface, in r: Rect) -> Int {
        var n = 0
        for y in Int(r.y)..<Int(r.maxY) {
            for x in Int(r.x)..<Int(r.maxX) {
                let c = img.pixel(x: x, y: y)
                if c.r > 200 && c.g > 200 && c.b > 170 { n += 1 }
            }
        }
        return n
    }

    static func isGold(_ c: Color) -> Bool { c.r > 200 && c.g > 150 && c.b < 140 && Int(c.r) > Int(c.b) + 90 }

    @Test func namesAndTheActiveIndicatorAreDrawnAtTheirSeats() throws {
        let rig = try Rig()
        let seating = DemoSeating.make()
        let img = try render(rig, seating)
        let plates = SeatLayout.plates(seating, metrics: rig.art.fontBook, at: 0)
        #expect(plates.count == 4)
        for p in plates where !p.active {
            #expect(lightPixels(img, in: p.nameRect) > 40, "no name text at the \(p.position) seat")
        }
        // Ann is active: the gold indicator fills her plate's middle, left and right of the name.
        let ann = plates.first { $0.playerID == "Ann" }!
        #expect(ann.position == .bottom)
        #expect(Self.isGold(img.pixel(x: Int(ann.plate.x + 10), y: Int(ann.plate.center.y))))
        #expect(Self.isGold(img.pixel(x: Int(ann.plate.maxX - 5), y: Int(ann.plate.center.y))))
        let ben = plates.first { $0.playerID == "Ben" }!
        #expect(!Self.isGold(img.pixel(x: Int(ben.plate.x + 10), y: Int(ben.plate.center.y))))
        // Labels are rendered into textures once, not on every frame.
        let made = rig.scene.cache.textRenders
        rig.scene.invalidate()
        _ = try render(rig, seating)
        #expect(rig.scene.cache.textRenders == made)
    }

    @Test func aSeatIsEmptyAfterItsPlayerLeaves() throws {
        let rig = try Rig()
        var seating = DemoSeating.make()
        let top = SeatLayout.plates(seating, metrics: rig.art.fontBook, at: 0).first { $0.position == .top }!
        #expect(lightPixels(try render(rig, seating), in: top.nameRect) > 40)
        try seating.apply(.leave(id: top.playerID), time: 0)
        let img = try render(rig, seating)
        #expect(lightPixels(img, in: top.plate) == 0, "labels left behind at the top seat")
        for (dx, dy) in [(5.0, 20.0), (top.plate.w / 2, 20.0), (top.plate.w - 5, 20.0)] {
            let c = img.pixel(x: Int(top.plate.x + dx), y: Int(top.plate.y + dy))
            #expect(Self.isFelt(c) || c.r > 100, "plate still drawn at +\(dx): \(c)")
        }
    }
}
