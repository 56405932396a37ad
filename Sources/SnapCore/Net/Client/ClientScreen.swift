/// When the host's updates reached a client's screen: for a call, the first drawn update of the
/// match showing (or the last one drawn), and the update-to-drawn times the pongs report.
public struct ClientScreen: Sendable, Equatable {
    struct Heard: Sendable, Equatable {
        var seq: Int
        var at: Double
        var match: Bool
    }

    public struct Shown: Sendable, Equatable {
        public var seq: Int
        public var drawn: Double
        public var match: Bool
    }

    static let maxWaiting = 64
    static let lagsKept = 16

    private(set) var waiting: [Heard] = []
    public private(set) var shown: Shown?
    /// The last update drawn and when (a turn, a round's end).
    public private(set) var lastDrawn: Shown?
    private(set) var lags: [Double] = []

    public init() {}

    mutating func heard(_ seq: Int, match: Bool, at t: Double) {
        waiting.append(Heard(seq: seq, at: t, match: match))
        if waiting.count > Self.maxWaiting { waiting.removeFirst() }
    }

    /// A frame showing everything heard was presented at `t`.
    mutating func presented(at t: Double) {
        for h in waiting {
            lags.append(max(0, t - h.at))
            // A match stays the one first shown while it shows; anything else is the last drawn.
            if !(h.match && shown?.match == true) { shown = Shown(seq: h.seq, drawn: t, match: h.match) }
            lastDrawn = Shown(seq: h.seq, drawn: t, match: h.match)
        }
        if lags.count > Self.lagsKept { lags.removeFirst(lags.count - Self.lagsKept) }
        waiting = []
    }

    /// The median update-to-drawn time of the last updates.
    public var drawLag: Double? {
        guard !lags.isEmpty else { return nil }
        return lags.sorted()[lags.count / 2]
    }
}
