/// What a client says of its own Snap! call, on its own clock: the update whose drawing showed
/// the match (`seen`), when that frame was presented (`drawn`), and when the player pressed.
public struct CallClaim: Sendable, Equatable, Codable {
    public var seen: Int
    public var drawn: Double
    public var pressed: Double

    public init(seen: Int, drawn: Double, pressed: Double) {
        self.seen = seen
        self.drawn = drawn
        self.pressed = pressed
    }
}
