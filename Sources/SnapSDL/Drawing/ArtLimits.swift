/// How big an art file may be, checked before it is read or decoded. Generous for art (the
/// table background is 1280x720; 4K art still fits), and small enough that twelve of them
/// decoded, plus a texture copy per window, stay within a desktop's memory.
public struct ArtLimits: Sendable, Equatable {
    /// Bytes on disk.
    public var maxFileBytes: Int
    /// Pixels on the longer side, declared in the file's header.
    public var maxSide: Int

    public init(maxFileBytes: Int = 32 << 20, maxSide: Int = 4096) {
        self.maxFileBytes = maxFileBytes
        self.maxSide = maxSide
    }

    public static let standard = ArtLimits()

    /// "32 MiB (33554432 bytes)", for error messages.
    var fileSizeText: String {
        maxFileBytes % (1 << 20) == 0 ? "\(maxFileBytes >> 20) MiB (\(maxFileBytes) bytes)" : "\(maxFileBytes) bytes"
    }
}
