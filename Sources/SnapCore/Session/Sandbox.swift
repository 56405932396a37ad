/// The `--sandbox` screen: the seed's free table of card slots and the cursors that drive it
/// (the keyboard's and one per controller).
public struct Sandbox: Sendable {
    public internal(set) var table: Table
    public internal(set) var focus = FocusPlayers()

    public init(table: Table) {
        self.table = table
    }
}
