import CSDL2
import Testing
@testable import SnapCore
@testable import SnapSDL

/// SDL virtual controllers read back as protocol messages, as `--controllers sdl` and the daemon
/// see them. Part of the rendering suite so SDL is up once at a time.
extension RenderingTests {
    @Test func virtualControllersBecomeProtocolMessages() throws {
        let session = try SDLSession(forceDriver: "offscreen")
        let reader = try ControllerReader(session: session)
        func settle() -> [InputMessage] {
            var all: [InputMessage] = []
            for _ in 0..<5 { SDL_Delay(10); all += reader.poll() }
            return all
        }
        #expect(reader.control("attach") == nil)
        let first = settle()
        guard case .added(let id0, _, let profile, let player)? = first.first else {
            Issue.record("no added message: \(first)")
            return
        }
        #expect(profile == .extendedGamepad && player == 0)
        #expect(reader.control("detach 0") == nil)
        #expect(settle().contains(.removed(id: id0)))
        #expect(reader.control("attach") == nil)
        let second = settle()
        guard case .added(let id1, _, _, _)? = second.first else {
            Issue.record("no added message after re-attach: \(second)")
            return
        }
        #expect(id1 != id0, "a re-attached controller must get a new instance id")
        #expect(reader.control("press 1 a") == nil)
        #expect(settle().contains(.button(id: id1, .a, pressed: true, value: 1)))
        #expect(reader.control("press 1 right") == nil)
        let dpad = settle()
        #expect(dpad.contains(.button(id: id1, .dpadRight, pressed: true, value: 1)))
        #expect(dpad.contains(.axis(id: id1, .dpad, x: 1, y: 0)))
        #expect(reader.control("wiggle") != nil)
        _ = session
    }
}
