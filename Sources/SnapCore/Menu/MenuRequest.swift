/// What the menu asks of the session or the shell: starting and ending games, the network,
/// the settings file.
public enum MenuRequest: Equatable, Sendable {
    case quit
    /// A game at this machine (the session sets it up itself).
    case playLocal(LocalSetup)
    /// Serve a game: the shell starts the server and shows the host screen.
    case host(emptySeats: BotLevel)
    /// The host's screen: deal the first round now.
    case startHostedRound
    /// The host's screen: who plays the seats nobody took (a level, or `off`).
    case emptySeats(BotLevel)
    /// The host's screen: give an away player's seat back to the table.
    case freeSeat(player: String)
    /// Leave the host screen: stop serving.
    case stopHosting
    /// Sign in to a host.
    case join(address: String, code: String)
    /// Look for games on the network (while the join screen shows) or stop looking.
    case browse(Bool)
    case saveSettings(Settings)
}
