import Testing
@testable import SnapSDL

@Suite("On a Wayland desktop SnapTable draws natively with a GPU, through XWayland without one; SDL_VIDEODRIVER wins")
struct VideoDriverChoiceTests {
    private let desktop = ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"]

    @Test func withAGPUWaylandFirstThenX11AndSaysWhy() {
        let c = VideoDriverChoice.decide(environment: desktop, hasGPUDevice: true)
        #expect(c.hint == "wayland,x11")
        #expect(c.outcome(driver: "wayland") == .init(text: "Wayland session (WAYLAND_DISPLAY=wayland-1): drawing natively with SDL's wayland driver"
            + " (SDL_VIDEODRIVER=x11 goes through XWayland)", isFallback: false))
        // A compositor SDL's Wayland driver cannot use: XWayland, said as such, as a fall back.
        #expect(c.outcome(driver: "x11") == .init(text: "Wayland session (WAYLAND_DISPLAY=wayland-1), but SDL's wayland driver did not start: through XWayland with its x11 driver",
                                                  isFallback: true))
    }

    @Test func withoutAGPUXWaylandFirstWhereSDLsSoftwareRendererDraws() {
        let c = VideoDriverChoice.decide(environment: desktop, hasGPUDevice: false)
        #expect(c.hint == "x11,wayland")
        let said = c.outcome(driver: "x11")?.text ?? ""
        // Through XWayland for want of a GPU is the plan, not a fall back.
        #expect(c.outcome(driver: "x11")?.isFallback == false)
        #expect(said.hasPrefix("Wayland session (WAYLAND_DISPLAY=wayland-1) without a GPU: through XWayland with SDL's x11 driver"))
        #expect(said.contains("SDL_VIDEODRIVER=wayland draws natively anyway"))
    }

    @Test func withoutAGPUOrXWaylandNativeIsAllThereIs() {
        let c = VideoDriverChoice.decide(environment: ["WAYLAND_DISPLAY": "wayland-0"], hasGPUDevice: false)
        #expect(c.hint == "wayland,x11")
        #expect(c.outcome(driver: "wayland") == .init(text: "Wayland session (WAYLAND_DISPLAY=wayland-0) without a GPU or XWayland: drawing natively with SDL's wayland driver",
                                                      isFallback: false))
    }

    @Test(arguments: ["x11", "wayland", "offscreen"])
    func theUsersSDLVideoDriverIsLeftToSDL(asked: String) {
        for gpu in [true, false] {
            let c = VideoDriverChoice.decide(environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": asked], hasGPUDevice: gpu)
            #expect(c.hint == nil)
            #expect(c.outcome(driver: asked) == nil)
        }
    }

    @Test func x11WithoutWaylandIsSDLsOwnChoice() {
        #expect(VideoDriverChoice.decide(environment: ["DISPLAY": ":1"], hasGPUDevice: true).hint == nil)
        // An empty WAYLAND_DISPLAY names no compositor.
        #expect(VideoDriverChoice.decide(environment: ["DISPLAY": ":1", "WAYLAND_DISPLAY": ""], hasGPUDevice: false).hint == nil)
    }
}
