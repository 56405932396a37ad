/// A button edge or a move of the mouse.
public enum MouseAction: String, Sendable, CaseIterable {
    case down, move, up
}

/// Keys a script can press; the names are the ones scripts use.
public enum KeyName: String, Sendable, CaseIterable {
    case escape, f11, up, down, left, right, enter, backspace
    /// Enter at the table (turns over, deals); in a menu's text field it is typed instead.
    case space
    /// Snap! in the game.
    case s
    /// Mute or unmute the sound (in a game and on the sandbox table).
    case m
}

/// One scripted input. Later features add cases; the parser dispatches on the verb.
public enum ReplayCommand: Equatable, Sendable {
    /// Logical coordinates of the named window (`primary` when omitted).
    case mouse(MouseAction, Point, window: String)
    case key(KeyName)
    /// Typing: `text STRING`.
    case text(String)
    /// A click on the menu item with this id: `choose ID`.
    case choose(String)
    case focusLost
    /// Write NAME.png per window and NAME.json with the state.
    case snapshot(String)
    /// Stop here.
    case end
    /// Who sits where: the same words a `--feed` line uses.
    case seat(SeatCommand)
    /// A simulated display plugged in or out.
    case display(DisplayChange)
    /// A controller event, as the input daemon would send it.
    case pad(PadCommand)
    /// A Snap! move by any player: `turn ID`, `call ID`.
    case play(GameInput)
    /// A game on the network, as the browser would find it: `found NAME HOST:PORT FREE` (for
    /// pictures and checks of the join screen without a second machine).
    case found(FoundGame)
}

public enum PadCommand: Equatable, Sendable {
    case add(id: Int, profile: PadProfile)
    case remove(id: Int)
    case button(id: Int, PadButton, down: Bool)
    case axis(id: Int, PadAxis, x: Double, y: Double)
}

public enum DisplayChange: Equatable, Sendable {
    case connect(name: String, size: Size)
    case disconnect(name: String)
}

/// A command with the time it happens and the line it came from.
public struct ReplayEvent: Equatable, Sendable {
    public var time: Double
    public var line: Int
    public var command: ReplayCommand
}
