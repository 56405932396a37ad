/// Which of SDL's video drivers a windowed run asks for, and the one line that says why. SDL2
/// picks X11 before Wayland, so on a Wayland desktop a game goes through XWayland unless told:
/// there the compositor cannot put a fullscreen window on the output it was meant for (X11's
/// request names no output, so sway and mutter use the focused one) and scales it up blurred on
/// a HiDPI output. Natively the table view is fullscreen on its own output and drawn at the
/// output's pixels. A pure function of the environment, so the rule is tested without a desktop.
public struct VideoDriverChoice: Equatable, Sendable {
    /// SDL_HINT_VIDEODRIVER's value (a list SDL tries in order); nil leaves SDL to choose.
    public let hint: String?
    /// The WAYLAND_DISPLAY that made the choice; nil when SnapTable left SDL to choose.
    public let waylandDisplay: String?

    /// `environment`: the process's variables. SDL_VIDEODRIVER, when set, is the user's and wins.
    /// On Wayland (WAYLAND_DISPLAY set) native first, X11 (XWayland) when that cannot start:
    /// a compositor without xdg-shell, or a libwayland-client that will not load.
    public static func decide(environment: [String: String]) -> VideoDriverChoice {
        if let asked = environment["SDL_VIDEODRIVER"], !asked.isEmpty {
            return VideoDriverChoice(hint: nil, waylandDisplay: nil)
        }
        guard let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty else {
            return VideoDriverChoice(hint: nil, waylandDisplay: nil)
        }
        return VideoDriverChoice(hint: "wayland,x11", waylandDisplay: wayland)
    }

    /// The one line that says what came of the choice, once SDL started `driver`.
    public func outcome(driver: String) -> String? {
        guard let wayland = waylandDisplay else { return nil }
        if driver == "wayland" {
            return "Wayland session (WAYLAND_DISPLAY=\(wayland)): drawing natively with SDL's wayland driver"
                + " (SDL_VIDEODRIVER=x11 goes through XWayland)"
        }
        return "Wayland session (WAYLAND_DISPLAY=\(wayland)), but SDL's wayland driver did not start: through XWayland with its \(driver) driver"
    }
}
