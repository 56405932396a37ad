import Testing
@testable import SnapSDL

@Suite("Software OpenGL is recognised by its GL_RENDERER name")
struct GLProbeTests {
    @Test(arguments: ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast", "Software Rasterizer"])
    func mesasSoftwareRasterizersAreSoftware(name: String) {
        #expect(GLProbe.isSoftware(name))
    }

    @Test(arguments: ["Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "NVIDIA GeForce RTX 3060/PCIe/SSE2", "AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49)"])
    func gpusAreNot(name: String) {
        #expect(!GLProbe.isSoftware(name))
    }
}
