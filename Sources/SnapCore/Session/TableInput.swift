/// Everything that can happen to a running table, from any source: the mouse in any window, keys,
/// controllers (daemon, SDL or a replay line), the daemon connection, feed lines, seat verbs,
/// display changes and windows closing. Live play and replays both become these, so a replay
/// drives exactly the code a player does.
public enum TableInput: Equatable, Sendable {
    /// The mouse, where it is: a window and a point in that window's logical coordinates, or nil
    /// when it is outside every window of ours (a button-up there ends the drag: the card goes home).
    case pointer(MouseAction, PointerSpot?)
    case key(KeyName)
    /// Keyboard focus left the program (not moving between its own windows).
    case focusLost
    case pad(PadCommand)
    case daemon(DaemonNote)
    /// What the `--feed` reader handed over: a line with its number, or a reading problem.
    case feed(FeedItem)
    case seat(SeatCommand)
    /// The displays there are now; the session opens, closes and moves windows to match.
    case displays([DisplayInfo])
    /// The person closed a window, or the shell could not open one.
    case windowClosed(WindowPlan.Placement, byUser: Bool)
    /// A rules input for any player by id (replay verbs `turn ID`, `call ID`).
    case play(GameInput)
    /// Only time passes (animations finish, bubbles run out).
    case tick
    /// Network play: seats changing hands on the host, the host's updates on a client.
    case net(NetTableInput)
    /// Text typed on a keyboard (SDL's text input, or the replay verb `text`).
    case text(String)
    /// The replay verb `choose ID`: a click on the menu item with that id.
    case choose(String)
    /// What the shell tells the menu: games found, a server running, a join that failed.
    case menu(MenuNote)
    /// The words to show from now on (at start, and after Settings chose another language).
    case language(Words)
}

/// News for the menu from the shell.
public enum MenuNote: Equatable, Sendable {
    /// The games on the local network now.
    case games([FoundGame])
    /// One game more (a replay's `found`): added to those shown, or replacing the one at its address.
    case found(FoundGame)
    /// The server runs: the host's screen says how to join.
    case hosting(JoinInvite)
    /// Something to say on the menu (a join that failed, the host gone), with the way back.
    case say(String, back: MenuScreen.Back)
    /// Signed in to a host: its table, seen from this machine's seat, replaces the menu.
    case joined(Seating)
}

/// A pointer position in one of the table's windows.
public struct PointerSpot: Equatable, Sendable {
    public enum Window: Equatable, Sendable {
        /// A window the shell knows exactly (a live pointer event).
        case placement(WindowPlan.Placement)
        /// The first open window with this role (replay lines name windows by role).
        case role(WindowRole)
    }

    public var window: Window
    /// Logical coordinates of that window (the 1280x720 canvas).
    public var point: Point

    public init(_ window: Window, _ point: Point) {
        self.window = window
        self.point = point
    }
}

/// What the input daemon's connection reports besides controller messages.
public enum DaemonNote: Equatable, Sendable {
    case connected
    /// The daemon went away: its controllers are gone.
    case lost
    /// The connection was refused (another protocol version, a limit): why.
    case refused(String)
    /// A line the daemon sent that could not be used; `kind` groups them for logging.
    case dropped(kind: String, message: String)
}
