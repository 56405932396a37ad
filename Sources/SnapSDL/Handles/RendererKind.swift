/// Which SDL render driver to ask for.
public enum RendererKind: String, Sendable, CaseIterable {
    /// SDL's pick: the GPU where there is one.
    case auto
    /// SDL's software renderer: no GPU driver to load, same pixels everywhere.
    case software
    /// SDL's OpenGL renderer, even over a software OpenGL (Mesa's llvmpipe); an error when it
    /// cannot be made, never another renderer instead.
    case opengl
    /// SDL's OpenGL ES 2 renderer, on the same terms as `opengl`.
    case opengles2

    /// The SDL render driver this kind insists on; nil: SDL may pick (or fall back).
    public var forcedDriver: String? {
        switch self {
        case .auto, .software: nil
        case .opengl, .opengles2: rawValue
        }
    }
}
