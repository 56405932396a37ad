/// What is waiting to happen on the game clock: held inputs and the game's own timers (computer
/// players' moves, the end of the deal). Kept sorted by time, then by the order things were
/// added, so the same inputs always run in the same order.
struct GameAgenda: Sendable, Equatable {
    enum Item: Sendable, Equatable {
        /// `stamped` is the input's own time; the entry's time can be later (an input that
        /// arrived after the arbitration window is applied when it arrives).
        case input(GameInput, stamped: Double)
        /// A computer player turns over, if it is still the same turn (`turn` is the turn count).
        case botTurn(player: String, turn: Int)
        /// A computer player calls Snap!, if the cards showing did not change since (`seen` counts changes).
        case botCall(player: String, seen: Int)
        /// The last dealt card has landed.
        case dealDone(round: Int)
        /// The centre pile goes to the player `SnapGame.collecting` names, if the pile is still
        /// the one it was (`pile` counts pile changes).
        case collect(pile: Int)

        var isInput: Bool { if case .input = self { true } else { false } }
    }

    struct Entry: Sendable, Equatable {
        var time: Double
        var seq: Int
        var item: Item
    }

    private(set) var entries: [Entry] = []
    private var nextSeq = 0

    var inputCount: Int { entries.count(where: { $0.item.isInput }) }

    mutating func add(_ item: Item, at time: Double) {
        let e = Entry(time: time, seq: nextSeq, item: item)
        nextSeq += 1
        // Later seq always sorts after equal times: insert after every entry not later than this.
        let i = entries.firstIndex(where: { $0.time > time }) ?? entries.endIndex
        entries.insert(e, at: i)
    }

    /// The first entry whose time plus `window` has come by `clock` (added, not subtracted from
    /// the clock, so an entry is due exactly at `time + window` whatever the rounding); while
    /// paused only inputs run (one of them may resume).
    mutating func popNext(clock: Double, window: Double, paused: Bool) -> Entry? {
        guard let i = entries.firstIndex(where: { !paused || $0.item.isInput }), entries[i].time + window <= clock else { return nil }
        return entries.remove(at: i)
    }

    /// When the next entry could run.
    func nextTime(paused: Bool) -> Double? {
        entries.first(where: { !paused || $0.item.isInput })?.time
    }

    /// After a pause: every timer moves on by the pause's length (inputs keep their times).
    mutating func shiftTimers(by d: Double) {
        for i in entries.indices where !entries[i].item.isInput { entries[i].time += d }
        entries.sort { ($0.time, $0.seq) < ($1.time, $1.seq) }
    }

    /// Drops `player`'s waiting call (a person's or a computer player's): it was judged already.
    mutating func removeCall(by player: String) {
        guard let i = entries.firstIndex(where: {
            switch $0.item {
            case let .input(.callSnap(p), _), let .botCall(p, _): p == player
            default: false
            }
        }) else { return }
        entries.remove(at: i)
    }

    /// Whether a computer player's turn-over is already waiting (a plain loop: checked every step).
    func hasBotTurn(player: String, turn: Int) -> Bool {
        var i = 0
        while i < entries.count {
            if case let .botTurn(p, n) = entries[i].item, n == turn, p == player { return true }
            i += 1
        }
        return false
    }
}
