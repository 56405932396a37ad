/// The game's clock constants: the arbitration window and the animation lengths, in seconds.
public struct GameTiming: Sendable, Equatable {
    /// How long every input (and every computer player's move) is held before it is applied, so
    /// that inputs are applied in the order of their own timestamps, not the order they arrived.
    /// 50 ms covers a frame the loop missed at 60 Hz (33 ms) plus the daemon's socket hop: a call
    /// read one or two frames after an earlier one from another source is still put first. It is
    /// short enough not to be felt as lag. An input older than that is applied at once, as if it
    /// had happened then: a call that arrives later than the window loses to calls already applied.
    public var arbitrationWindow: Double = 0.05
    /// The deal: one card every `dealInterval`, each flying `dealFlight` from the centre.
    public var dealInterval: Double = 0.06
    public var dealFlight: Double = 0.3
    /// A card turned from the closed pile onto the open pile (a flip).
    public var flip: Double = 0.2
    /// An open pile turned back over to be the closed pile.
    public var recycle: Double = 0.25
    /// Won piles sliding to the winner.
    public var snapSlide: Double = 0.35
    /// Penalty cards sliding from the payer to each other player.
    public var penaltySlide: Double = 0.35
    /// A call without a match up to this long after a won snap is "too late", not wrong.
    public var lateWindow: Double = 1.0
    /// Egyptian Ratscrew: a lost challenge's pile waits this long for a slap before its winner takes it.
    public var collectPause: Double = 1.0

    public init() {}

    public static let standard = GameTiming()

    /// The first field that is negative, not finite, or over a minute (nil when all are sound).
    public var invalidField: String? {
        let fields: KeyValuePairs = [
            "arbitrationWindow": arbitrationWindow, "dealInterval": dealInterval, "dealFlight": dealFlight,
            "flip": flip, "recycle": recycle, "snapSlide": snapSlide, "penaltySlide": penaltySlide, "lateWindow": lateWindow, "collectPause": collectPause,
        ]
        return fields.first { !$0.value.isFinite || $0.value < 0 || $0.value > 60 }?.key
    }
}
