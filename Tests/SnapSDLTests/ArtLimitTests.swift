import Foundation
import Testing
@testable import SnapCore
@testable import SnapSDL

/// Art files are checked before decoding: size on disk, the PNG header's declared size, the
/// format. Every refusal names the file. Part of the rendering suite (SDL once at a time).
extension RenderingTests {
    /// A PNG signature and an IHDR chunk declaring `w` x `h`, RGBA, with no image data after it.
    static func pngHeader(width w: UInt32, height h: UInt32) -> Data {
        var d = Data(ImageHeader.pngSignature)
        d += [0, 0, 0, 13] + Array("IHDR".utf8)
        for v in [w, h] { d += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        d += [8, 6, 0, 0, 0] + [0, 0, 0, 0] // depth, colour type, compression, filter, interlace; CRC (unchecked here)
        return d
    }

    /// The file these tests replace: the first one checked.
    static let replaced = ImageRef.requiredFiles[0]

    /// A folder with the real art, where `replaced` is replaced by `contents`.
    static func artFolder(replacing contents: Data) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snaptable-art-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for f in ImageRef.requiredFiles {
            try FileManager.default.copyItem(atPath: "\(resources)/\(f)", toPath: "\(dir)/\(f)")
        }
        try FileManager.default.removeItem(atPath: "\(dir)/\(replaced)")
        try contents.write(to: URL(fileURLWithPath: "\(dir)/\(replaced)"))
        return dir
    }

    func loadError(_ dir: String, limits: ArtLimits = .standard) throws -> AssetError? {
        let session = try SDLSession(forceDriver: "offscreen")
        do {
            _ = try ArtLibrary(session: session, directory: dir, fonts: try FontSet.locate(), limits: limits)
            return nil
        } catch let e as AssetError {
            return e
        }
    }

    @Test func hugeDeclaredSizeIsRefusedBeforeDecoding() throws {
        let dir = try Self.artFolder(replacing: Self.pngHeader(width: 40000, height: 40000))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let e = try loadError(dir)
        #expect(e == .tooLarge(path: "\(dir)/\(Self.replaced)", found: "it declares 40000x40000 pixels",
                               limit: "art may be at most 4096x4096 pixels"))
        #expect("\(e!)" == "cannot use \(dir)/\(Self.replaced): it declares 40000x40000 pixels; art may be at most 4096x4096 pixels")
        // One side over is enough.
        let wide = try Self.artFolder(replacing: Self.pngHeader(width: 4097, height: 10))
        defer { try? FileManager.default.removeItem(atPath: wide) }
        #expect("\(try loadError(wide)!)".contains("declares 4097x10 pixels"))
    }

    @Test func fileOverTheSizeLimitIsRefusedUnread() throws {
        let real = try Data(contentsOf: URL(fileURLWithPath: "\(Self.resources)/\(Self.replaced)"))
        let dir = try Self.artFolder(replacing: real)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try loadError(dir) == nil, "the real art loads")
        let e = try loadError(dir, limits: ArtLimits(maxFileBytes: 1 << 12))
        #expect(e == .tooLarge(path: "\(dir)/\(Self.replaced)", found: "the file is \(real.count) bytes",
                               limit: "art files may be at most 4096 bytes"))
        #expect("\(ArtLimits.standard.fileSizeText)" == "32 MiB (33554432 bytes)")
    }

    @Test func truncatedAndForeignFilesAreNamedWithTheReason() throws {
        let real = try Data(contentsOf: URL(fileURLWithPath: "\(Self.resources)/\(Self.replaced)"))
        var damaged = real
        damaged[real.count / 2] ^= 0xFF                                         // one byte of the image data changed
        let cases: [(Data, String)] = [
            (real.prefix(real.count / 2), "PNG decoding failed: the file is cut short"),  // header fine, data cut off
            (damaged, "PNG decoding failed: its IDAT chunk is damaged"),
            (real.prefix(20), "the PNG header is cut short (20 bytes, 24 needed)"),
            (Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(count: 100), "it is a JPEG image; art files must be PNG"),
            (Data("GIF89a".utf8) + Data(count: 40), "it is a GIF image; art files must be PNG"),
            (Data("BM".utf8) + Data(count: 60), "it is a BMP image; art files must be PNG"),
            (Data("hello, I am text".utf8), "it is not a PNG image (no PNG signature)"),
            (Data(), "it is not a PNG image (no PNG signature)"),
        ]
        for (contents, reason) in cases {
            let dir = try Self.artFolder(replacing: contents)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let e = try loadError(dir)
            #expect("\(e.map { "\($0)" } ?? "loaded")".hasPrefix("cannot use \(dir)/\(Self.replaced): \(reason)"))
        }
    }

    @Test func headerReaderReadsDeclaredSizes() {
        let h = [UInt8](Self.pngHeader(width: 1280, height: 720))
        guard case .success(let s) = ImageHeader.pngSize(h) else { Issue.record("not read"); return }
        #expect(s.width == 1280 && s.height == 720)
        func problem(_ b: [UInt8]) -> String? {
            if case .failure(let p) = ImageHeader.pngSize(b) { return p.reason }
            return nil
        }
        #expect(problem([UInt8](Self.pngHeader(width: 0, height: 5))) == "the PNG declares an impossible size 0x5")
        var noIHDR = h
        noIHDR[12] = UInt8(ascii: "X")
        #expect(problem(noIHDR) == "the PNG does not start with an IHDR chunk")
    }
}
