import SnapCore

/// The opaque part of an image that is not (a card in hand's inside, within its soft shadow) kept
/// as an opaque texture in the window's format: the software renderer copies that with memcpy,
/// where it blends the image pixel by pixel, and even unblended converts it a pixel at a time.
public struct OpaquePart {
    public let texture: Texture
    /// Where it lies in the image, in the image's pixels.
    public let rect: Rect
}
