/// The last Snap! call that was judged: the state JSON's `lastCall`.
public struct SnapCall: Sendable, Equatable {
    public var player: String
    /// A match was showing and this call was the first: the caller took the piles.
    public var correct: Bool
    /// The piles had already been taken by an earlier call: no penalty.
    public var late: Bool
    /// Cards moved: taken when correct, paid when wrong, 0 when late.
    public var cards: Int
    /// When the call was made (its input's time).
    public var time: Double

    public init(player: String, correct: Bool, late: Bool, cards: Int, time: Double) {
        self.player = player
        self.correct = correct
        self.late = late
        self.cards = cards
        self.time = time
    }
}
