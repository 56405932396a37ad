/// One thing on a menu screen a person can point at: a button, a choice that steps through its
/// values, a text field, or a key of the on-screen keyboard. `id` is a stable word that tests
/// and replays (`choose ID`) use; `label` is what the screen shows.
public struct MenuItem: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Enter, A or a click does it.
        case action
        /// Left and right (or Enter, A, a click) step through its values.
        case choice
        /// Typed into; `value` is what it holds.
        case text(value: String, placeholder: String)
        /// A key of the on-screen keyboard.
        case key
    }

    public var id: String
    public var label: String
    public var enabled: Bool
    public var kind: Kind

    public init(_ id: String, _ label: String, enabled: Bool = true, kind: Kind = .action) {
        self.id = id
        self.label = label
        self.enabled = enabled
        self.kind = kind
    }

    public var isText: Bool {
        if case .text = kind { return true }
        return false
    }
}
