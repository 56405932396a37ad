/// A width and height in logical or pixel units, depending on who holds it.
public struct Size: Hashable, Sendable, Codable {
    public var w: Double
    public var h: Double

    public init(w: Double, h: Double) {
        self.w = w
        self.h = h
    }
}
