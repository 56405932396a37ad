/// Where a player sits on this screen, clockwise from the local player at the bottom.
public enum SeatPosition: Int, CaseIterable, Sendable, Codable, Hashable, CustomStringConvertible {
    case bottom = 0, left, top, right

    /// The seat's name. (String(describing: self) would call this property again, forever.)
    public var description: String { name }
    public var name: String {
        switch self {
        case .bottom: "bottom"
        case .left: "left"
        case .top: "top"
        case .right: "right"
        }
    }

    /// The seat on this screen of a player the host put at absolute seat `theirs`, when the
    /// local player has absolute seat `mine`. The +4 keeps the result in 0...3 (the seed's
    /// version computed -1 for players seated before the local one).
    public static func relative(theirs: Int, mine: Int) -> SeatPosition {
        SeatPosition(rawValue: ((theirs - mine) % 4 + 4) % 4)!
    }
}
