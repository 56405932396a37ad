/// A game that cannot be set up, naming the player and the field that is wrong.
public enum GameSetupError: Error, Equatable, CustomStringConvertible {
    case playerCount(Int)
    case emptyID(index: Int)
    case duplicateID(String)
    case seatOutOfRange(player: String, seat: Int)
    case seatTaken(player: String, seat: Int, by: String)
    case unknownDealer(String)
    case timing(field: String)
    case start(Double)

    public var description: String {
        switch self {
        case let .playerCount(n): "players: Snap! needs 2 to 4 players, got \(n)"
        case let .emptyID(i): "players[\(i)].id: empty"
        case let .duplicateID(id): "players: id \"\(id)\" appears twice"
        case let .seatOutOfRange(p, s): "player \"\(p)\".seat: \(s) is not in 0...3"
        case let .seatTaken(p, s, by): "player \"\(p)\".seat: seat \(s) is already \"\(by)\"'s"
        case let .unknownDealer(d): "dealer: no player \"\(d)\""
        case let .timing(f): "timing.\(f): must be a finite number of seconds, 0 or more (at most 60)"
        case let .start(t): "start: \(t) is not a finite time"
        }
    }
}
