/// What reaches the menu: the same keys, pointer and controllers as the table, plus typed text.
public enum MenuInput: Equatable, Sendable {
    case key(KeyName)
    /// Text typed on a keyboard (SDL's text input, or the replay verb `text`).
    case text(String)
    /// The primary window's pointer, in logical coordinates; nil outside it.
    case pointer(MouseAction, Point?)
    case pad(PadCommand)
}

/// A replay's `choose ID` named an item that is not on the screen.
public struct MenuError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
