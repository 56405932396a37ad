/// Who is acting on the table. Each actor has its own drag, so several can play at once
/// without taking each other's cards.
public enum Actor: Hashable, Sendable, CustomStringConvertible {
    case mouse
    /// The keyboard's focus cursor (arrows, Enter, Escape).
    case keyboard
    /// A game controller, by its id.
    case pad(Int)

    public var description: String {
        switch self {
        case .mouse: "mouse"
        case .keyboard: "keyboard"
        case .pad(let id): "pad \(id)"
        }
    }
}
