import CSDL2
import Testing
@testable import SnapSDL

/// A pointer move is left out when the next queued event is another move in the same window with
/// the same buttons held (`EventTranslator.isSuperseded`). Part of the rendering suite (SDL one at
/// a time).
extension RenderingTests {
    @Test func aPointerMoveIsLeftOutOnlyWhenTheNextQueuedEventIsAMoveLikeIt() throws {
        let session = try SDLSession(forceDriver: "offscreen")
        defer { withExtendedLifetime(session) {} }
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        func motion(window: UInt32, x: Int32, buttons: UInt32 = 1 /* the left button (SDL_BUTTON_LMASK) */) -> SDL_Event {
            var e = SDL_Event()
            e.motion.type = SDL_MOUSEMOTION.rawValue
            e.motion.windowID = window
            e.motion.x = x
            e.motion.state = buttons
            return e
        }
        var up = SDL_Event()
        up.button.type = SDL_MOUSEBUTTONUP.rawValue
        up.button.windowID = 1
        up.button.button = UInt8(SDL_BUTTON_LEFT)
        // Moves in window 1, one in window 2, one with the button let go, a button up, a move.
        var queue = [motion(window: 1, x: 10), motion(window: 1, x: 20), motion(window: 2, x: 30), motion(window: 2, x: 40, buttons: 0),
                     motion(window: 2, x: 50, buttons: 0), up, motion(window: 1, x: 60)]
        for i in queue.indices { #expect(SDL_PushEvent(&queue[i]) == 1) }
        var left: [Int32] = []
        var e = SDL_Event()
        while SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == 1 {
            if EventTranslator.isSuperseded(e) { left.append(e.motion.x) }
        }
        #expect(left == [10, 40])
    }
}
