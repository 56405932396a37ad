/// What an image file says about itself in its first bytes, read before anything is decoded:
/// a decoder trusts the declared size and allocates it, so a tiny file can ask for gigabytes.
/// Art is PNG only; other formats are recognised so the error can name what the file is.
enum ImageHeader {
    /// PNG signature, then the IHDR chunk: length 13, "IHDR", width and height (big-endian).
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Signature (8) + chunk length (4) + type (4) + width (4) + height (4).
    static let pngHeaderBytes = 24

    /// The declared width and height of a PNG, or why `bytes` is not one (reason without the file name).
    static func pngSize(_ bytes: [UInt8]) -> Result<(width: Int, height: Int), HeaderProblem> {
        guard bytes.starts(with: pngSignature) else {
            if let other = otherFormat(bytes) { return .failure(.notPNG("it is a \(other) image; art files must be PNG")) }
            return .failure(.notPNG("it is not a PNG image (no PNG signature)"))
        }
        guard bytes.count >= pngHeaderBytes else {
            return .failure(.notPNG("the PNG header is cut short (\(bytes.count) bytes, \(pngHeaderBytes) needed)"))
        }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard be32(8) == 13, bytes[12..<16].elementsEqual("IHDR".utf8) else {
            return .failure(.notPNG("the PNG does not start with an IHDR chunk"))
        }
        let w = be32(16), h = be32(20)
        // The PNG specification allows 1 ... 2^31-1 on each side.
        guard (1...Int(Int32.max)).contains(w), (1...Int(Int32.max)).contains(h) else {
            return .failure(.notPNG("the PNG declares an impossible size \(w)x\(h)"))
        }
        return .success((w, h))
    }

    /// Formats SDL_image would otherwise decode, by their signatures.
    static func otherFormat(_ b: [UInt8]) -> String? {
        func at(_ i: Int, _ s: String) -> Bool { b.count >= i + s.utf8.count && b[i..<i + s.utf8.count].elementsEqual(s.utf8) }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if at(0, "GIF87a") || at(0, "GIF89a") { return "GIF" }
        if at(0, "RIFF") && at(8, "WEBP") { return "WebP" }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if at(0, "qoif") { return "QOI" }
        if at(0, "BM") { return "BMP" }
        if at(4, "ftypavif") { return "AVIF" }
        if at(0, "<svg") || at(0, "<?xml") { return "SVG" }
        return nil
    }

    enum HeaderProblem: Error, Equatable {
        case notPNG(String)
        var reason: String {
            switch self { case .notPNG(let r): r }
        }
    }
}
