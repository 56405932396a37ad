/// When the host's updates reached a client's screen, for a call's account of itself (as the
/// phone page's drawn.js does): each match showing keeps the first drawn update that showed it,
/// a call names the match that has shown longest (else the last update drawn) as it was on the
/// last frame presented before the press, and the update-to-drawn times go to the pongs.
public struct ClientScreen: Sendable, Equatable {
    struct Heard: Sendable, Equatable {
        var seq: Int
        var at: Double
        var pairs: Set<String>
    }

    public struct Shown: Sendable, Equatable {
        public var seq: Int
        public var drawn: Double
        public var match: Bool
    }

    struct Frame: Sendable, Equatable {
        var at: Double
        var seen: Shown
    }

    static let maxWaiting = 64
    static let lagsKept = 16
    /// Frames remembered, so a press between two frames names what was on screen at the press.
    static let framesKept = 16

    private(set) var waiting: [Heard] = []
    /// Each match showing on the last frame, with the first drawn update that showed it.
    private var showing: [String: Shown] = [:]
    /// What a call would name, frame by frame (newest last).
    private var frames: [Frame] = []
    private(set) var lags: [Double] = []
    /// The last update drawn and when.
    public private(set) var lastDrawn: Shown?

    public init() {}

    /// What a call pressed now would name.
    public var shown: Shown? { frames.last?.seen }

    mutating func heard(_ seq: Int, pairs: Set<String>, at t: Double) {
        waiting.append(Heard(seq: seq, at: t, pairs: pairs))
        if waiting.count > Self.maxWaiting { waiting.removeFirst() }
    }

    /// A frame showing everything heard was presented at `t`.
    mutating func presented(at t: Double) {
        guard let last = waiting.last else { return }
        for h in waiting { lags.append(max(0, t - h.at)) }
        if lags.count > Self.lagsKept { lags.removeFirst(lags.count - Self.lagsKept) }
        var next: [String: Shown] = [:]
        for p in last.pairs { next[p] = showing[p] ?? Shown(seq: waiting.first { $0.pairs.contains(p) }?.seq ?? last.seq, drawn: t, match: true) }
        showing = next
        lastDrawn = Shown(seq: last.seq, drawn: t, match: !next.isEmpty)
        let seen = showing.values.min { $0.seq < $1.seq } ?? Shown(seq: last.seq, drawn: t, match: false)
        frames.append(Frame(at: t, seen: seen))
        if frames.count > Self.framesKept { frames.removeFirst() }
        waiting = []
    }

    /// What a call pressed at `t` names: the last frame presented by then (the oldest kept, if
    /// every frame kept came after).
    public func seen(pressed t: Double) -> Shown? {
        frames.last { $0.at <= t }?.seen ?? frames.first?.seen
    }

    /// The median update-to-drawn time of the last updates.
    public var drawLag: Double? {
        guard !lags.isEmpty else { return nil }
        return lags.sorted()[lags.count / 2]
    }
}
