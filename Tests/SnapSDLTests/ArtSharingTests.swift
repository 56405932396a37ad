import Testing
@testable import SnapCore
@testable import SnapSDL

/// Art is decoded when a renderer asks for it; with several windows open, once for all of them,
/// and let go when each has taken it. Part of the rendering suite so SDL is up once at a time.
extension RenderingTests {
    @Test func aPictureIsDecodedOnceForTheWindowsOpenAndThenLetGo() throws {
        let s = try SDLSession(forceDriver: "offscreen")
        let art = try ArtLibrary(session: s, directory: RenderingTests.resources, fonts: try FontSet.locate())
        // One window: each ask decodes anew, nothing is kept.
        var first: Window? = try Window(session: s, title: "one", size: Size(w: 320, h: 180), hidden: true)
        #expect(s.openWindows == 1)
        #expect(try art.surface(for: .cardBack) !== art.surface(for: .cardBack))
        // Two windows: the second ask gets the picture the first decoded, the third a new one.
        var second: Window? = try Window(session: s, title: "two", size: Size(w: 320, h: 180), hidden: true)
        #expect(s.openWindows == 2)
        for ref in [ImageRef.table, .cardFace(CardFace(rank: .queen, suit: .hearts))] {
            let a = try art.surface(for: ref), b = try art.surface(for: ref), c = try art.surface(for: ref)
            #expect(a === b, "\(ref): the second window decoded it again")
            #expect(b !== c, "\(ref): kept after every window took it")
        }
        first = nil
        second = nil
        #expect(s.openWindows == 0)
    }
}
