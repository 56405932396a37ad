import Testing
@testable import SnapSDL

@Suite("On a Wayland desktop SnapTable draws natively, XWayland only as the fallback; SDL_VIDEODRIVER wins")
struct VideoDriverChoiceTests {
    @Test func waylandSessionAsksForWaylandThenX11AndSaysWhy() {
        let c = VideoDriverChoice.decide(environment: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"])
        #expect(c.hint == "wayland,x11")
        #expect(c.outcome(driver: "wayland") == "Wayland session (WAYLAND_DISPLAY=wayland-1): drawing natively with SDL's wayland driver"
            + " (SDL_VIDEODRIVER=x11 goes through XWayland)")
        // A compositor SDL's Wayland driver cannot use: XWayland, said as such.
        #expect(c.outcome(driver: "x11") == "Wayland session (WAYLAND_DISPLAY=wayland-1), but SDL's wayland driver did not start: through XWayland with its x11 driver")
    }

    @Test(arguments: ["x11", "wayland", "offscreen"])
    func theUsersSDLVideoDriverIsLeftToSDL(asked: String) {
        let c = VideoDriverChoice.decide(environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": asked])
        #expect(c == VideoDriverChoice(hint: nil, waylandDisplay: nil))
        #expect(c.outcome(driver: asked) == nil)
    }

    @Test func x11WithoutWaylandIsSDLsOwnChoice() {
        #expect(VideoDriverChoice.decide(environment: ["DISPLAY": ":1"]) == VideoDriverChoice(hint: nil, waylandDisplay: nil))
        // An empty WAYLAND_DISPLAY names no compositor.
        #expect(VideoDriverChoice.decide(environment: ["DISPLAY": ":1", "WAYLAND_DISPLAY": ""]).hint == nil)
    }
}
