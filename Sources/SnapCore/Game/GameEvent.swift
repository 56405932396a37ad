/// Something that happened in the game, for the shell's status text, indicators and animations.
/// `time` is on the game clock: when it happened, not when it was reported.
public struct GameEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case roundStarted(round: Int, dealer: String)
        /// One card of the deal, flying from the centre to a closed pile.
        case dealt(CardFlight)
        /// The deal has landed; `first` has the first turn.
        case playStarted(first: String)
        /// The turn passed to `player`.
        case turn(player: String)
        /// `player`'s open pile became their closed pile (their closed one was empty at their turn).
        case recycled(player: String, flights: [CardFlight])
        case turnedOver(player: String, flight: CardFlight)
        /// A correct call: `player` took `from`'s open piles (`cards` in all) under their closed pile;
        /// in Slapjack and Egyptian Ratscrew a right slap took the centre pile (`from` empty).
        case snapWon(player: String, cards: Int, from: [String], flights: [CardFlight])
        /// A wrong call: one card to each other player still in; `short` when the caller ran out first.
        /// A wrong slap: one card to the player slapped (Slapjack) or burned under the centre pile.
        case wrongCall(player: String, flights: [CardFlight], short: Bool)
        /// Snap pool: two calls judged together; both callers' open piles went onto the pool.
        case tie(players: [String], flights: [CardFlight])
        /// Egyptian Ratscrew: a challenge began, or its player answered with a number card.
        case challenge(Challenge)
        /// Slapjack and Egyptian Ratscrew: the centre pile went to `player` without a slap (a
        /// challenge won, or nobody left to play on it).
        case pileTaken(player: String, cards: Int, flights: [CardFlight])
        /// A call after the piles had been taken: no penalty.
        case lateCall(player: String)
        case playerOut(player: String)
        case roundWon(player: String, gamesWon: Int)
        case paused
        case resumed
        case seatTaken(player: String)
        case seatHandedBack(player: String)
        /// An input that could not be applied, and why (the game goes on).
        case rejected(GameInput, reason: String)
    }

    public var time: Double
    public var kind: Kind

    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
