/// A sound the table asks for: the core decides which one and when, the shell plays it (or not:
/// headless runs, muted, no device). Each cue names one file in the art folder's `sounds/`.
public enum SoundCue: Sendable, Equatable, Hashable {
    /// One dealt card landing on a pile: soft, there are 52 of them.
    case dealTick
    case turnOver
    /// A Snap! call from the player at absolute seat 0...3: each seat shouts at its own pitch.
    case call(seat: Int)
    /// A correct call: the piles slide to the caller.
    case snapWon
    /// A wrong call: the buzzer.
    case wrongCall
    /// A call after the piles had gone.
    case tooLate
    case playerOut
    case roundWon
    /// The menu's focus moved.
    case menuMove
    /// A menu item was pressed or chosen.
    case menuChoose
    /// The sandbox: a card picked up, a card let go.
    case pickUp
    case drop

    /// Every cue, for the generator's file list and the shell's loading.
    public static let all: [SoundCue] = [.dealTick, .turnOver] + (0..<4).map { .call(seat: $0) }
        + [.snapWon, .wrongCall, .tooLate, .playerOut, .roundWon, .menuMove, .menuChoose, .pickUp, .drop]

    /// The file's name without `.wav` under `sounds/` (scripts/tools/make_sounds.py writes the same names).
    public var fileName: String {
        switch self {
        case .dealTick: "deal-tick"
        case .turnOver: "turn-over"
        case .call(let s): "call-\(min(3, max(0, s)))"
        case .snapWon: "snap-won"
        case .wrongCall: "wrong-call"
        case .tooLate: "too-late"
        case .playerOut: "player-out"
        case .roundWon: "round-won"
        case .menuMove: "menu-move"
        case .menuChoose: "menu-choose"
        case .pickUp: "pick-up"
        case .drop: "drop"
        }
    }

    /// The cue's share of the volume: well below 1 so that several at once do not clip, the
    /// frequent ones (ticks, menu clicks) softest.
    public var gain: Double {
        switch self {
        case .dealTick: 0.18
        case .menuMove, .pickUp, .drop: 0.25
        case .turnOver, .menuChoose: 0.35
        case .call, .wrongCall: 0.5
        case .snapWon, .tooLate, .playerOut, .roundWon: 0.45
        }
    }
}
