extension ReplayCommand {
    /// The table input this line is, the same a live run makes (the mouse in the window it
    /// names); nil for what the runner does itself (snapshots, displays, the end).
    public var tableInput: TableInput? {
        switch self {
        case .mouse(let action, let p, let window): .pointer(action, PointerSpot(.role(WindowRole(rawValue: window) ?? .primary), p))
        case .focusLost: .focusLost
        case .key(let k): .key(k)
        case .text(let text): .text(text)
        case .choose(let id): .choose(id)
        case .pad(let command): .pad(command)
        case .play(let input): .play(input)
        case .seat(let command): .seat(command)
        case .found(let game): .menu(.found(game))
        case .snapshot, .display, .end: nil
        }
    }
}
