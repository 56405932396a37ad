/// Which of SDL's video drivers a windowed run asks for, and the one line that says why. SDL2
/// picks X11 before Wayland, so on a Wayland desktop a game goes through XWayland unless told:
/// there the compositor cannot put a fullscreen window on the output it was meant for (X11's
/// request names no output, so sway puts it on the focused one) and enlarges it, blurred, on a
/// HiDPI output. Natively the table view is fullscreen on its own output, drawn at the output's
/// pixels. But SDL2's Wayland driver draws only with OpenGL: without a GPU that is Mesa's
/// software rasterizer, which cost twelve times the CPU (snap-table, the compositor and
/// XWayland together) of SDL's software renderer through XWayland in a game (docs/benchmarks.md,
/// "Under a Wayland compositor"); so without a GPU, XWayland first. A pure function of the
/// environment, tested without a desktop.
public struct VideoDriverChoice: Equatable, Sendable {
    /// SDL_HINT_VIDEODRIVER's value (a list SDL tries in order); nil leaves SDL to choose.
    public let hint: String?
    /// The WAYLAND_DISPLAY that made the choice; nil when SnapTable left SDL to choose.
    public let waylandDisplay: String?
    public let hasGPUDevice: Bool

    /// `environment`: the process's variables. SDL_VIDEODRIVER, when set, is the user's and wins.
    /// On Wayland (WAYLAND_DISPLAY set) with a GPU: native first, X11 (XWayland) when that cannot
    /// start. Without a GPU: X11 first where there is an X display (XWayland), native otherwise.
    public static func decide(environment: [String: String], hasGPUDevice: Bool) -> VideoDriverChoice {
        let sdlDecides = VideoDriverChoice(hint: nil, waylandDisplay: nil, hasGPUDevice: hasGPUDevice)
        if let asked = environment["SDL_VIDEODRIVER"], !asked.isEmpty { return sdlDecides }
        guard let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty else { return sdlDecides }
        let hasX = !(environment["DISPLAY"] ?? "").isEmpty
        let hint = hasGPUDevice || !hasX ? "wayland,x11" : "x11,wayland"
        return VideoDriverChoice(hint: hint, waylandDisplay: wayland, hasGPUDevice: hasGPUDevice)
    }

    /// What came of the choice once SDL started a driver: the one line that says so, and
    /// whether it is a fall back (native was wanted and did not start: worth a notice, since
    /// placement and HiDPI are worse through XWayland) rather than the plan.
    public struct Outcome: Equatable, Sendable {
        public let text: String
        public let isFallback: Bool
    }

    public func outcome(driver: String) -> Outcome? {
        guard let wayland = waylandDisplay else { return nil }
        let session = "Wayland session (WAYLAND_DISPLAY=\(wayland))"
        switch (driver, hasGPUDevice) {
        case ("wayland", true):
            return Outcome(text: "\(session): drawing natively with SDL's wayland driver (SDL_VIDEODRIVER=x11 goes through XWayland)",
                           isFallback: false)
        case ("wayland", false):
            return Outcome(text: "\(session) without a GPU or XWayland: drawing natively with SDL's wayland driver", isFallback: false)
        case (_, false):
            return Outcome(text: "\(session) without a GPU: through XWayland with SDL's \(driver) driver, where SDL's software renderer draws"
                + " (natively SDL2 draws only with OpenGL, here Mesa's software rasterizer at many times the CPU;"
                + " SDL_VIDEODRIVER=wayland draws natively anyway)", isFallback: false)
        default:
            return Outcome(text: "\(session), but SDL's wayland driver did not start: through XWayland with its \(driver) driver",
                           isFallback: true)
        }
    }
}
