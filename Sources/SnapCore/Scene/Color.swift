/// An 8-bit RGBA colour.
public struct Color: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The colour around the canvas when the window's shape differs from it.
    public static let letterbox = Color(12, 26, 18)

    /// Focus cursors: white for the keyboard, a colour per controller's player index.
    public static func cursor(_ index: Int) -> Color {
        let palette = [Color(80, 170, 255), Color(255, 120, 80), Color(120, 220, 110), Color(230, 110, 230)]
        return index < 0 ? Color(255, 255, 255, 230) : palette[index % palette.count]
    }
}
