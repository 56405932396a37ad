import CSDL2
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// Asks OpenGL, on a hidden window of its own, who renders: without a GPU SDL's `auto` renderer is
/// OpenGL through Mesa's software rasterizer (llvmpipe), which redraws both whole windows every
/// frame and cost 4 to 5 times the CPU of SDL's software renderer, which redraws only what moved.
public enum GLProbe {
    /// The GL_RENDERER string, or nil when no OpenGL context can be made.
    public static func rendererName() -> String? {
        let flags = SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_OPENGL.rawValue
        guard let w = SDL_CreateWindow("SnapTable GL probe", 0, 0, 16, 16, flags) else { return nil }
        defer { SDL_DestroyWindow(w) }
        guard let ctx = SDL_GL_CreateContext(w) else { return nil }
        defer { SDL_GL_DeleteContext(ctx) }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let f = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let getString = unsafeBitCast(f, to: GetString.self)
        let glRenderer: UInt32 = 0x1F01
        return getString(glRenderer).map { String(cString: $0) }
    }

    /// Whether this machine has a GPU device node at all (a DRM render node, or NVIDIA's own):
    /// without one OpenGL can only be a software rasterizer, and asking it would load Mesa's
    /// 50 MB of LLVM into the process for nothing.
    public static func hasGPUDevice(devices: String = "/dev") -> Bool {
        let dri = (try? FileManager.default.contentsOfDirectory(atPath: devices + "/dri")) ?? []
        if dri.contains(where: { $0.hasPrefix("renderD") || $0.hasPrefix("card") }) { return true }
        return FileManager.default.fileExists(atPath: devices + "/nvidia0")
    }

    /// True when OpenGL is a software rasterizer (Mesa names them in GL_RENDERER).
    public static func isSoftware(_ name: String) -> Bool {
        let n = name.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { n.contains($0) }
    }
}
