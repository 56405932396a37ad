import Testing
@testable import SnapSDL

@Suite("--renderer auto becomes a renderer that works on this display, and says why")
struct RendererChoiceTests {
    private func decide(_ asked: RendererKind = .auto, headless: Bool = false, driver: String,
                        gpu: Bool, gl: String? = nil, probed: (() -> Void)? = nil) -> RendererChoice {
        RendererChoice.decide(asked: asked, headless: headless, videoDriver: driver, hasGPUDevice: gpu) {
            probed?()
            return gl
        }
    }

    @Test func x11WithoutAGPUDrawsInSoftwareWithoutAskingOpenGL() {
        var asked = false
        let c = decide(driver: "x11", gpu: false, probed: { asked = true })
        #expect(c == RendererChoice(.software, reason: "no GPU device (/dev/dri, /dev/nvidia0): drawing with SDL's software renderer"))
        #expect(!asked)
    }

    @Test func x11OverLlvmpipeDrawsInSoftwareInstead() {
        let c = decide(driver: "x11", gpu: true, gl: "llvmpipe (LLVM 15.0.6, 256 bits)")
        #expect(c == RendererChoice(.software, reason: "OpenGL is llvmpipe (LLVM 15.0.6, 256 bits) (no GPU): drawing with SDL's software renderer instead"))
    }

    @Test(arguments: ["x11", "wayland"])
    func aRealGPULetsSDLPick(driver: String) {
        #expect(decide(driver: driver, gpu: true, gl: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)") == RendererChoice(.auto))
        // No context at all: SDL picks, and falls back to software itself.
        #expect(decide(driver: driver, gpu: true, gl: nil) == RendererChoice(.auto))
    }

    @Test func waylandWithoutAGPUDrawsWithOpenGLSinceItHasNoWindowSurface() {
        let c = decide(driver: "wayland", gpu: false)
        #expect(c.kind == .opengl)
        #expect(c.reason?.hasPrefix("no GPU device (/dev/dri, /dev/nvidia0) and the wayland video driver has no window surface") == true)
    }

    @Test func waylandOverLlvmpipeDrawsWithOpenGL() {
        let c = decide(driver: "wayland", gpu: true, gl: "llvmpipe (LLVM 15.0.6, 256 bits)")
        #expect(c.kind == .opengl)
        #expect(c.reason?.contains("OpenGL is llvmpipe") == true)
    }

    @Test(arguments: [RendererKind.software, .opengl, .opengles2])
    func anAskedRendererIsKeptEverywhere(kind: RendererKind) {
        for driver in ["x11", "wayland"] {
            for gpu in [false, true] {
                #expect(decide(kind, driver: driver, gpu: gpu, gl: "llvmpipe") == RendererChoice(kind))
            }
        }
    }

    @Test func headlessRunsAreAlwaysSoftware() {
        for kind in RendererKind.allCases {
            #expect(decide(kind, headless: true, driver: "offscreen", gpu: true, gl: "llvmpipe") == RendererChoice(.software))
        }
    }
}
