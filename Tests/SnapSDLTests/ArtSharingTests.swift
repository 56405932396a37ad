import Testing
@testable import SnapCore
@testable import SnapSDL

/// Art is decoded when a renderer asks for it; the files asked for lately are kept, within a
/// budget, for the next ask from any window. Part of the rendering suite so SDL is up once at a time.
extension RenderingTests {
    @Test func aFileAskedForAgainIsNotDecodedAgainWhileTheSharedBudgetHoldsIt() throws {
        let s = try SDLSession(forceDriver: "offscreen")
        let art = try ArtLibrary(session: s, directory: RenderingTests.resources, fonts: try FontSet.locate())
        let felt = try art.surface(for: .table)
        #expect(try art.surface(for: .table) === felt, "the felt decoded again")
        // Card faces cost a few glyphs to compose: made anew, never kept.
        let queen = ImageRef.cardFace(CardFace(rank: .queen, suit: .hearts))
        #expect(try art.surface(for: queen) !== art.surface(for: queen))
        // Every other file once: the oldest go, and no more than the budget stays.
        let files: [ImageRef] = [.slot, .discardSlot, .highlightMove, .highlightDelete, .cardShadow, .cardBack, .namePlate,
                                 .activePlayer, .winsBadge, .snapBubble, .button, .buttonPressed, .snapButton, .panel]
        for ref in files { _ = try art.surface(for: ref) }
        #expect(art.sharedBytesKept <= ArtLibrary.sharedBytes)
        #expect(art.sharedBytesKept > 0)
        #expect(try art.surface(for: .table) !== felt, "the felt still kept after every other file")
    }
}
