import Testing
@testable import SnapCore
@testable import SnapSDL

/// One open font per face, set to each size asked for: a label comes out the same whatever
/// sizes were rendered before it. Part of the rendering suite (SDL up once at a time).
extension RenderingTests {
    static func samePixels(_ a: Surface, _ b: Surface) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false } }
        return true
    }

    @Test func aLabelRenderedAfterOtherSizesIsTheSameAsFromAFontOpenedAtItsSize() throws {
        let s = try SDLSession(forceDriver: "offscreen")
        let fonts = try FontSet.locate()
        let book = try FontBook(session: s, fonts: fonts)
        let white = Color(255, 255, 255)
        let first = try book.render("Ann 1 Won", .name, white, scale: 1)
        // The bold face at other sizes (the table view's 1.5, a fitted name, a count), the regular one too.
        _ = try book.render("Snap! Ben takes 6 cards", .status, white, scale: 1.5)
        _ = try book.render("12", .count, white, scale: 2.3)
        _ = try book.render("Press Space", .hint, white, scale: 1.5)
        let again = try book.render("Ann 1 Won", .name, white, scale: 1)
        #expect(Self.samePixels(first, again), "the label differs after other sizes were rendered")
        let fresh = try Font(session: s, path: fonts.bold, pointSize: Int(TextStyle.name.size.rounded())).render("Ann 1 Won", color: white)
        #expect(Self.samePixels(again, fresh), "the label differs from one rendered by a font opened at its size")
        // Bigger is bigger: the size really changes.
        let big = try book.render("Ann 1 Won", .name, white, scale: 1.5)
        #expect(big.height > first.height && big.width > first.width)
        // Measuring is at the logical size, whatever size the face was left at.
        _ = try book.render("Dee 2 Won", .name, white, scale: 1.7)
        let expected = try Font(session: s, path: fonts.bold, pointSize: Int(TextStyle.name.size.rounded())).measure("Cy 0 Won").w
        #expect(book.width("Cy 0 Won", .name) == Double(expected))
    }
}
