import Foundation
import Testing
@testable import SnapCore
@testable import SnapSDL

/// Art is decoded when a renderer asks for it; the small files asked for lately are kept, within
/// a budget, for the next ask from any window. Part of the rendering suite so SDL is up once at a
/// time.
extension RenderingTests {
    @Test func aFileAskedForAgainIsNotDecodedAgainWhileTheSharedBudgetHoldsIt() throws {
        let s = try SDLSession(forceDriver: "offscreen")
        // The real art, with a panel too big to keep for other windows (1024x512: 2 MB decoded).
        let dir = try Self.artFolder(replacing: Data(contentsOf: URL(fileURLWithPath: "\(Self.resources)/\(Self.replaced)")))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Surface(width: 1024, height: 512, session: s).savePNG(to: "\(dir)/panel.png")
        let art = try ArtLibrary(session: s, directory: dir, fonts: try FontSet.locate())
        // One window: its budget lets copies go, and they are made again from the kept file.
        var first: Window? = try Window(session: s, title: "one", size: Size(w: 320, h: 180), hidden: true)
        #expect(art.sharedBytesKept == 0)
        let back = try art.surface(for: .cardBack)
        #expect(try art.surface(for: .cardBack) === back, "the card back decoded again")
        // A second window copies the same file.
        var second: Window? = try Window(session: s, title: "two", size: Size(w: 320, h: 180), hidden: true)
        #expect(try art.surface(for: .cardBack) === back, "the card back decoded again for the second window")
        // A picture over `largestShared` is not kept for a second window's one copy of it.
        #expect(try art.surface(for: .panel).bytes > ArtLibrary.largestShared)
        #expect(try art.surface(for: .panel) !== art.surface(for: .panel))
        #expect(art.sharedBytesKept == back.bytes)
        // Card faces cost a few glyphs to compose, into one surface: the last one is there for
        // the next ask, and the next face takes its place.
        let queen = ImageRef.cardFace(CardFace(rank: .queen, suit: .hearts))
        let king = ImageRef.cardFace(CardFace(rank: .king, suit: .spades))
        let keptBefore = art.sharedBytesKept
        let composed = try art.surface(for: queen)
        let hearts = Self.redPixels(composed)
        #expect(hearts > 100, "no red ink on the queen of hearts")
        #expect(try art.surface(for: queen) === composed)
        #expect(try art.surface(for: king) === composed)
        #expect(Self.redPixels(composed) == 0, "the queen's red ink left under the king of spades")
        #expect(try Self.redPixels(art.surface(for: queen)) == hearts, "the queen composed again differs")
        #expect(art.sharedBytesKept == keptBefore, "a face counted among the shared files")
        // Every other file once: the oldest go, and no more than the budget stays.
        let files: [ImageRef] = [.slot, .discardSlot, .highlightMove, .highlightDelete, .cardShadow, .namePlate,
                                 .activePlayer, .winsBadge, .snapBubble, .button, .buttonPressed, .snapButton, .countBadge]
        for ref in files { _ = try art.surface(for: ref) }
        #expect(art.sharedBytesKept <= ArtLibrary.sharedBytes)
        #expect(art.sharedBytesKept > 0)
        #expect(try art.surface(for: .cardBack) !== back, "the card back still kept after every other file")
        first = nil
        second = nil
        #expect(s.openWindows == 0)
    }

    static func redPixels(_ s: Surface) -> Int {
        var n = 0
        for y in stride(from: 0, to: s.height, by: 2) {
            for x in stride(from: 0, to: s.width, by: 2) {
                let c = s.pixel(x: x, y: y)
                if c.r > 150, c.g < 90, c.a > 200 { n += 1 }
            }
        }
        return n
    }
}
