import Testing
@testable import SnapCore
@testable import SnapSDL

/// Art is decoded when a renderer asks for it; the pictures asked for lately are kept, within a
/// budget, for the next ask from any window. Part of the rendering suite so SDL is up once at a time.
extension RenderingTests {
    @Test func aPictureAskedForAgainIsNotDecodedAgainWhileTheSharedBudgetHoldsIt() throws {
        let s = try SDLSession(forceDriver: "offscreen")
        let art = try ArtLibrary(session: s, directory: RenderingTests.resources, fonts: try FontSet.locate())
        var first: Window? = try Window(session: s, title: "one", size: Size(w: 320, h: 180), hidden: true)
        var second: Window? = try Window(session: s, title: "two", size: Size(w: 320, h: 180), hidden: true)
        let felt = try art.surface(for: .table)
        let queen = try art.surface(for: .cardFace(CardFace(rank: .queen, suit: .hearts)))
        #expect(try art.surface(for: .table) === felt, "the felt decoded again")
        #expect(try art.surface(for: .cardFace(CardFace(rank: .queen, suit: .hearts))) === queen, "a card face composed again")
        // Every card face once: the oldest pictures go, and no more than the budget stays.
        for suit in Suit.allCases {
            for rank in Rank.allCases { _ = try art.surface(for: .cardFace(CardFace(rank: rank, suit: suit))) }
        }
        #expect(art.sharedBytesKept <= ArtLibrary.sharedBytes)
        #expect(art.sharedBytesKept > ArtLibrary.sharedBytes / 2)
        #expect(try art.surface(for: .table) !== felt, "the felt still kept after 52 newer pictures")
        first = nil
        second = nil
        #expect(s.openWindows == 0)
    }
}
