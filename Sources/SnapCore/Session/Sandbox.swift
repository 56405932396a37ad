/// The `--sandbox` screen: the seed's free table of card slots and the cursors that drive it
/// (the keyboard's and one per controller).
public struct Sandbox: Sendable {
    public internal(set) var table: Table
    public internal(set) var focus = FocusPlayers()
    /// This sandbox through its copies: a new sandbox's table counts its revisions from zero again.
    let identity = Identity()

    public init(table: Table) {
        self.table = table
    }
}
