/// What the centre status label says: the last thing worth telling, by player id.
public enum GameStatus: Sendable, Equatable {
    case dealing(round: Int)
    case turn(player: String)
    case snap(player: String, cards: Int)
    case wrongCall(player: String, paid: Int)
    case late(player: String)
    case roundWon(player: String)

    /// The label text, with ids turned into display names by `name`.
    public func text(name: (String) -> String = { $0 }) -> String {
        switch self {
        case let .dealing(round): "Dealing round \(round)"
        case let .turn(p): "\(name(p))\u{2019}s turn"
        case let .snap(p, n): "Snap! \(name(p)) takes \(n) card\(n == 1 ? "" : "s")"
        case let .wrongCall(p, n): "\(name(p)) called Snap! wrongly and pays \(n)"
        case let .late(p): "\(name(p)) called Snap! too late"
        case let .roundWon(p): "\(name(p)) wins the round"
        }
    }
}
