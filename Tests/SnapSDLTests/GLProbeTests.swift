import Foundation
import Testing
@testable import SnapSDL

@Suite("Software OpenGL is recognised by its GL_RENDERER name")
struct GLProbeTests {
    @Test(arguments: ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast", "Software Rasterizer"])
    func mesasSoftwareRasterizersAreSoftware(name: String) {
        #expect(GLProbe.isSoftware(name))
    }

    @Test func aMachineWithoutDeviceNodesHasNoGPU() throws {
        let dev = FileManager.default.temporaryDirectory.appendingPathComponent("snap-dev-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dev) }
        try FileManager.default.createDirectory(atPath: dev + "/dri", withIntermediateDirectories: true)
        #expect(!GLProbe.hasGPUDevice(devices: dev))
        FileManager.default.createFile(atPath: dev + "/dri/renderD128", contents: nil)
        #expect(GLProbe.hasGPUDevice(devices: dev))
    }

    @Test(arguments: ["Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "NVIDIA GeForce RTX 3060/PCIe/SSE2", "AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49)"])
    func gpusAreNot(name: String) {
        #expect(!GLProbe.isSoftware(name))
    }
}
