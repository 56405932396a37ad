/// Who is acting on the table. Each actor has its own drag, so several can play at once
/// without taking each other's cards.
public enum Actor: Hashable, Sendable, CustomStringConvertible {
    case mouse

    public var description: String {
        switch self {
        case .mouse: "mouse"
        }
    }
}
