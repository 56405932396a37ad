/// What the session asks of the shell after an input: the only way the core changes the world
/// outside itself. Redraws are not listed: the shell compares revisions.
public enum ShellEffect: Equatable, Sendable {
    case openWindow(WindowPlan.Placement)
    case closeWindow(WindowPlan.Placement)
    /// The primary window's display went away: move it to this one.
    case movePrimary(toDisplay: String)
    case toggleFullscreen
    /// Keep the mouse while a button is down, so a drag can leave the window and come back.
    case captureMouse(Bool)
    case quit
    case log(LogLevel, String)
    /// An input that could not apply; the shell passes it through a `ProblemLog`.
    case problem(Problem)
    /// A client's own move, for the host to judge (network play: the client's table never
    /// changes the game itself).
    case netIntent(NetIntent)
}

public enum LogLevel: String, Equatable, Sendable {
    case info, notice, warning, error
}
