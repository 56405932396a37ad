import Foundation
import Testing
@testable import SnapApp
@testable import SnapCore

@Suite("QR codes from libqrencode read back as the link (zbar decodes them)")
struct QREncoderTests {
    /// The code as a greyscale PGM, 6 pixels a module with the quiet zone, as a camera would see it.
    private func pgm(_ qr: QRCode) -> Data {
        let scale = 6, side = (qr.width + 2 * QRCode.quietZone) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let mx = x / scale - QRCode.quietZone, my = y / scale - QRCode.quietZone
                if (0..<qr.width).contains(mx), (0..<qr.width).contains(my), qr.isDark(x: mx, y: my) { pixels[y * side + x] = 0 }
            }
        }
        return Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)
    }

    private func zbar(_ file: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        p.arguments = ["-q", "--nodbus", "--raw", file]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ["http://192.168.1.20:7420/?code=K7F2Q", "http://[fe80::1c2d:3e4f:5a6b:7c8d]:65535/?code=ABCDEFGH"])
    func theCodeReadsBackAsTheLink(_ url: String) throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"), "zbarimg is missing: scripts/install-deps --test installs zbar-tools")
        let qr = try #require(QREncoder.encode(url))
        // Level M keeps a join link small: version 3 or 4, easy to read from the couch.
        #expect(qr.width <= 37, "width \(qr.width)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("snap-qr-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).pgm").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try pgm(qr).write(to: URL(fileURLWithPath: file))
        #expect(try zbar(file) == url)
    }

    @Test func nothingIsEncodedPastTheBound() {
        #expect(QREncoder.encode(String(repeating: "a", count: QREncoder.maxBytes + 1)) == nil)
        #expect(QREncoder.encode("") == nil)
        #expect(JoinInvite.made(code: "AB", address: "10.0.0.2:7420").qr != nil)
    }
}
