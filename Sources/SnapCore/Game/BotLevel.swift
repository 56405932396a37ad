/// How fast and how careful the computer players are (`--bots easy|normal|hard|off`).
public enum BotLevel: String, Sendable, Codable, CaseIterable, Equatable {
    case easy, normal, hard
    /// Computer players do nothing: the shell leaves their seats empty.
    case off

    /// The numbers behind a level. Times are means; each draw is uniform in 0.6...1.4 of the mean,
    /// so the average is the mean and two bots rarely tie.
    public struct Profile: Sendable, Equatable {
        /// Seconds from a card landing to the Snap! call.
        public var reaction: Double
        /// Seconds from the turn coming to the card being turned over.
        public var think: Double
        /// Chance of not seeing a real snap at all.
        public var missChance: Double
        /// Chance, after a turn with no match, of calling Snap! anyway.
        public var wrongChance: Double
    }

    public var profile: Profile {
        switch self {
        case .easy: Profile(reaction: 1.2, think: 0.8, missChance: 0.25, wrongChance: 0.04)
        case .normal: Profile(reaction: 0.8, think: 0.6, missChance: 0.05, wrongChance: 0)
        case .hard: Profile(reaction: 0.45, think: 0.4, missChance: 0, wrongChance: 0)
        case .off: Profile(reaction: 0, think: 0, missChance: 1, wrongChance: 0)
        }
    }
}
