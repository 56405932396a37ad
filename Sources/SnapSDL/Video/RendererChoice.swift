/// What `--renderer` becomes for the windows of a run, and the one line that says why when it
/// is not what was asked. A pure function of what the shell found, so the rule is tested
/// without a display, a GPU or a compositor.
public struct RendererChoice: Equatable, Sendable {
    public let kind: RendererKind
    /// Why `auto` became something else; nil when there is nothing to say.
    public let reason: String?

    public init(_ kind: RendererKind, reason: String? = nil) {
        self.kind = kind
        self.reason = reason
    }

    /// SDL2's video drivers without a software window surface: SDL's software renderer cannot
    /// draw into their windows (on Wayland SDL_CreateRenderer fails with "Couldn't find matching
    /// render driver"), but OpenGL through EGL works, on Mesa's llvmpipe without a GPU.
    public static let driversWithoutSurface: Set<String> = ["wayland"]

    /// `auto` lets SDL pick, unless OpenGL is Mesa's software rasterizer (or there is no GPU at
    /// all): then SDL's software renderer, which presents only what changed, does the same work
    /// for a fraction; where the video driver has no window surface for it, OpenGL after all.
    /// Headless runs are always software. `glRenderer` (the GL_RENDERER string, nil when no
    /// context can be made) is asked only when there is a GPU device, since asking loads Mesa.
    public static func decide(asked: RendererKind, headless: Bool, videoDriver: String,
                              hasGPUDevice: Bool, glRenderer: () -> String?) -> RendererChoice {
        guard !headless else { return RendererChoice(.software) }
        guard asked == .auto else { return RendererChoice(asked) }
        let why: String
        if !hasGPUDevice {
            why = "no GPU device (/dev/dri, /dev/nvidia0)"
        } else if let gl = glRenderer(), GLProbe.isSoftware(gl) {
            why = "OpenGL is \(gl) (no GPU)"
        } else {
            return RendererChoice(.auto)
        }
        if driversWithoutSurface.contains(videoDriver) {
            return RendererChoice(.opengl, reason: "\(why) and the \(videoDriver) video driver has no window surface"
                + " for SDL's software renderer: drawing with OpenGL (Mesa's software rasterizer)")
        }
        let instead = hasGPUDevice ? " instead" : ""
        return RendererChoice(.software, reason: "\(why): drawing with SDL's software renderer\(instead)")
    }
}
