import CSDL2
import SnapCore

/// Pixels read back from the window or a target texture (frame checks and tests).
extension Renderer {
    /// What the window shows now, read back from the renderer.
    public func readPixels() throws -> Surface {
        let size = outputSize
        let s = try Surface(width: Int(size.w), height: Int(size.h), session: window.session)
        makeCurrent()
        try readTarget(into: s)
        return s
    }

    /// The pixels of a texture made as a target (`compose`), as ARGB.
    func readPixels(of texture: Texture) throws -> Surface {
        let s = try Surface(width: texture.width, height: texture.height, session: window.session)
        try drawing(into: texture) { try readTarget(into: s) }
        return s
    }

    /// The current target's pixels into `s`, its size, as ARGB.
    private func readTarget(into s: Surface) throws {
        guard SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, s.pointer.pointee.pixels, s.pointer.pointee.pitch) == 0 else {
            throw SDLError("SDL_RenderReadPixels")
        }
    }
}
