/// A live change to who sits where, from a replay line or a feed line (same words in both).
public enum SeatCommand: Equatable, Sendable {
    case join(id: String, seat: Int, name: String)
    case leave(id: String)
    case active(id: String)
    case wins(id: String, count: Int)
    case snap(id: String)
    case status(String)

    public static let verbs: Set<String> = ["player", "active", "wins", "snap", "status"]

    /// `words` starts with the verb. Throws a reason without a place; callers add it.
    public static func parse(_ words: [String]) throws(SeatingError) -> SeatCommand {
        guard let verb = words.first else { throw SeatingError("empty line") }
        let args = Array(words.dropFirst())
        switch verb {
        case "player":
            switch args.first {
            case "join":
                guard args.count >= 4 else { throw SeatingError("expected 'player join ID SEAT NAME'") }
                guard let seat = Int(args[2]), (0...3).contains(seat) else {
                    throw SeatingError("player \(args[1]): seat '\(args[2])' is not 0, 1, 2 or 3")
                }
                return .join(id: args[1], seat: seat, name: args[3...].joined(separator: " "))
            case "leave":
                guard args.count == 2 else { throw SeatingError("expected 'player leave ID'") }
                return .leave(id: args[1])
            default:
                throw SeatingError("expected 'player join ID SEAT NAME' or 'player leave ID'")
            }
        case "active":
            guard args.count == 1 else { throw SeatingError("expected 'active ID'") }
            return .active(id: args[0])
        case "wins":
            guard args.count == 2 else { throw SeatingError("expected 'wins ID N'") }
            guard let n = Int(args[1]), n >= 0 else { throw SeatingError("player \(args[0]): games won '\(args[1])' is not a whole number >= 0") }
            return .wins(id: args[0], count: n)
        case "snap":
            guard args.count == 1 else { throw SeatingError("expected 'snap ID'") }
            return .snap(id: args[0])
        case "status":
            guard !args.isEmpty else { throw SeatingError("expected 'status TEXT'") }
            return .status(args.joined(separator: " "))
        default:
            throw SeatingError("unknown verb '\(verb)' (expected player, active, wins, snap or status)")
        }
    }
}
