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
    /// The local player left the game (the Leave dialog).
    case leaveGame
    /// The game ended and the menu is back: the shell stops what served or joined it.
    case leftGame
    /// What the menu asks of the shell: the network, the settings file.
    case menu(MenuRequest)
    /// A replay line that cannot apply to the screen it met (`choose` of an item not there).
    case scriptError(String)
    /// Play a sound now (the shell drops it when headless, muted or without a device).
    case sound(SoundCue)
    /// `M`: mute or unmute for this run (the settings keep only the volume).
    case toggleMute
}

public enum LogLevel: String, Equatable, Sendable {
    case info, notice, warning, error
}
