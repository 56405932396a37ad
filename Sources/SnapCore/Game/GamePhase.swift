/// Where a round of Snap! stands. The names are the state JSON's `phase` values.
public enum GamePhase: String, Sendable, Codable, Equatable {
    /// Cards are flying from the centre to the seats; nobody may turn or call yet.
    case dealing
    /// Turns and Snap! calls.
    case playing
    /// One player holds every card; waiting for `nextRound`.
    case roundOver
}
