extension InputMessage {
    /// The controller command a daemon message means; nil for the hello, which only opens the
    /// conversation (the client checks its version).
    public var padCommand: PadCommand? {
        switch self {
        case .hello: nil
        case .added(let id, _, let profile, _): .add(id: id, profile: profile)
        case .removed(let id): .remove(id: id)
        case .button(let id, let b, let pressed, _, _): .button(id: id, b, down: pressed)
        case .axis(let id, let a, let x, let y, _): .axis(id: id, a, x: x, y: y)
        }
    }
}
