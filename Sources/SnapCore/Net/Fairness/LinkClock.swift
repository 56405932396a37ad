/// One connection's clock and delay, kept from its pongs (docs/protocol.md, "Fair races"): the
/// round trip (the median of the last `span` seconds), the jitter (half the 10–90 % spread), and,
/// when the client reports its own clock, its offset and drift. Bounded in samples and pings out.
public struct LinkClock: Sendable, Equatable {
    public struct Sample: Sendable, Equatable {
        /// When the pong arrived, on the host's clock.
        public var at: Double
        /// Ping to pong, less the time the client says it held the ping.
        public var roundTrip: Double
        /// The client's clock minus the host's, when the client reported its clock.
        public var offset: Double?
    }

    struct Ping: Sendable, Equatable {
        var number: Int
        var sentAt: Double
    }

    /// How far back samples count.
    public static let span = 30.0
    public static let maxSamples = 64
    /// Pings remembered while waiting for their pongs (a pong for an older one is not a sample).
    static let maxPingsOut = 8
    /// Jitter is never taken as less than one frame at 60 Hz: "shown" is only known to a frame,
    /// so a near client's honest wait for its next frame is credited as a far one's is.
    public static let minJitter = 1.0 / 60
    /// A round trip over this is not a network (a client that slept): not a sample.
    static let maxRoundTrip = 10.0
    /// Three samples in a row this far (or three jitters, if more) from the others: a new route.
    static let routeChange = 0.02

    public private(set) var samples: [Sample] = []
    /// The client's last word on its update-to-drawn time (bounded to 0...10 s; never trusted).
    public private(set) var drawLag: Double?
    private(set) var pingsOut: [Ping] = []

    public init() {}

    /// A ping left for this connection at `t`.
    public mutating func pinged(_ number: Int, at t: Double) {
        pingsOut.append(Ping(number: number, sentAt: t))
        if pingsOut.count > Self.maxPingsOut { pingsOut.removeFirst() }
    }

    /// A pong for ping `number` arrived at `t`; `received`/`sent` are the client's clock when it
    /// got the ping and answered. False when it is not a sample (an unknown ping, impossible times).
    @discardableResult
    public mutating func ponged(_ number: Int, received: Double?, sent: Double?, drawLag lag: Double? = nil, at t: Double) -> Bool {
        if let lag, lag.isFinite, (0...Self.maxRoundTrip).contains(lag) { drawLag = lag }
        guard let i = pingsOut.firstIndex(where: { $0.number == number }) else { return false }
        let t0 = pingsOut[i].sentAt
        pingsOut.remove(at: i)
        var held = 0.0
        var offset: Double?
        if let t1 = received, let t2 = sent, t2 >= t1 {
            let o = ((t1 - t0) + (t2 - t)) / 2
            // A clock out of all reason (1e308, infinity) is not used: the trip still is.
            if (t2 - t1).isFinite, o.isFinite {
                held = t2 - t1
                offset = o
            }
        }
        let rtt = (t - t0) - held
        // A client cannot answer before it was asked: "held" longer than the whole trip is a lie.
        guard rtt >= 0, rtt <= Self.maxRoundTrip else { return false }
        add(Sample(at: t, roundTrip: rtt, offset: offset))
        return true
    }

    mutating func add(_ s: Sample) {
        samples.append(s)
        samples.removeAll { $0.at < s.at - Self.span }
        if samples.count > Self.maxSamples { samples.removeFirst(samples.count - Self.maxSamples) }
        forgetOldRoute()
    }

    /// Three new samples all on one side of the others, well beyond their spread: the old ones
    /// describe a route that is gone.
    mutating func forgetOldRoute() {
        guard samples.count >= 6 else { return }
        let old = Self.spread(samples.dropLast(3).map(\.roundTrip))
        let margin = max(Self.routeChange, 3 * old.jitter)
        let new = samples.suffix(3).map(\.roundTrip)
        if new.allSatisfy({ $0 > old.median + margin }) || new.allSatisfy({ $0 < old.median - margin }) {
            samples = Array(samples.suffix(3))
        }
    }

    /// The round trip, the median of the samples (nil before the first pong).
    public var roundTrip: Double? { samples.isEmpty ? nil : Self.spread(samples.map(\.roundTrip)).median }
    /// Half the spread between the 10th and 90th percentile round trips.
    public var jitter: Double? { samples.isEmpty ? nil : Self.spread(samples.map(\.roundTrip)).jitter }
    /// When the last sample came (for "too slow to be fair": no pong for a while).
    public var lastSampleAt: Double? { samples.last?.at }

    /// The client's clock minus the host's at `t`: a straight line through the least delayed half
    /// of the samples that carry the client's clock (their offsets are the least skewed by
    /// queues), so a drifting clock is followed. Nil when the client never reported its clock.
    public func offset(at t: Double) -> Double? {
        let known = samples.filter { $0.offset != nil }.sorted { $0.roundTrip < $1.roundTrip }
        guard let best = known.first?.offset else { return nil }
        let chosen = known.prefix(max(2, known.count / 2)).sorted { $0.at < $1.at }
        guard chosen.count >= 2, let first = chosen.first, let last = chosen.last, last.at - first.at >= 1 else { return best }
        let n = Double(chosen.count)
        let mt = chosen.reduce(0) { $0 + $1.at } / n
        let mo = chosen.reduce(0) { $0 + ($1.offset ?? 0) } / n
        var stt = 0.0, sto = 0.0
        for s in chosen {
            stt += (s.at - mt) * (s.at - mt)
            sto += (s.at - mt) * ((s.offset ?? 0) - mo)
        }
        return mo + sto / stt * (t - mt)
    }

    /// The median and the jitter of some round trips (nearest-rank percentiles).
    static func spread(_ values: [Double]) -> (median: Double, jitter: Double) {
        let v = values.sorted()
        func at(_ q: Double) -> Double { v[Int((Double(v.count - 1) * q).rounded())] }
        return (at(0.5), max(minJitter, (at(0.9) - at(0.1)) / 2))
    }
}
