/// Checks that a PNG is whole without decoding it: every chunk is complete and matches its
/// CRC, there is image data and the file ends with IEND. Art is checked this way at start and
/// decoded only when a window first draws it, so a truncated or damaged file is still named
/// before any window shows, without decoding art that is not on screen yet.
enum PNGChunks {
    /// Nil when whole, else why not (without the file name). The signature and IHDR are
    /// `ImageHeader`'s to check.
    static func problem(_ bytes: [UInt8]) -> String? {
        var at = ImageHeader.pngSignature.count
        var sawData = false
        while at + 12 <= bytes.count {
            let length = be32(bytes, at)
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard length <= Int(Int32.max), at + 12 + length <= bytes.count else { break }
            let stored = UInt32(be32(bytes, at + 8 + length))
            guard crc(bytes[at + 4..<at + 8 + length]) == stored else {
                return "PNG decoding failed: its \(type) chunk is damaged (CRC mismatch at byte \(at))"
            }
            if type == "IDAT" { sawData = true }
            if type == "IEND" { return sawData ? nil : "PNG decoding failed: it has no image data (IDAT)" }
            at += 12 + length
        }
        return "PNG decoding failed: the file is cut short (\(bytes.count) bytes, no IEND chunk)"
    }

    private static func be32(_ b: [UInt8], _ at: Int) -> Int { b[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }

    /// CRC-32 as PNG (and zlib) define it.
    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buf in
            for b in buf { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return c ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
