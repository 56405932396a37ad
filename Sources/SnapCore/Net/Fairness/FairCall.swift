/// How the host times a Snap! call that came over the network (docs/protocol.md, "Fair races"):
/// the instant on its own game clock the caller's reaction says, as far as its own measurements
/// of the connection allow. Kept whole in a record, so a replay judges with the same numbers.
public struct FairCall: Sendable, Equatable, Codable {
    /// No call is moved back more than this, and the window never waits longer.
    public static let cap = 0.3

    /// When the call reached the host.
    public var arrival: Double
    /// The connection's round trip and jitter when the call came (0 before the first pong).
    public var roundTrip: Double
    public var jitter: Double
    /// The client's own account, and when the host sent the update it names (nil: not one of
    /// the last updates, or not reported).
    public var claim: CallClaim?
    public var sentAt: Double?
    /// The client's clock minus the host's when the call came, if it reports its clock: a
    /// claim that cannot have happened (drawn before the update left, pressed after the call
    /// arrived) is not used at all.
    public var offset: Double?
    /// What the client last said of its update-to-drawn time (for the record; never trusted).
    public var drawLag: Double?

    public init(arrival: Double, roundTrip: Double, jitter: Double, claim: CallClaim? = nil, sentAt: Double? = nil,
                offset: Double? = nil, drawLag: Double? = nil) {
        self.arrival = arrival
        self.roundTrip = roundTrip
        self.jitter = jitter
        self.claim = claim
        self.sentAt = sentAt
        self.offset = offset
        self.drawLag = drawLag
    }

    public init(arrival: Double, link: LinkClock, claim: CallClaim?, sentAt: Double?) {
        self.init(arrival: arrival, roundTrip: link.roundTrip ?? 0, jitter: link.jitter ?? 0, claim: claim, sentAt: sentAt,
                  offset: link.offset(at: arrival), drawLag: link.drawLag)
    }

    /// From the host's own measurements alone: the call left the player half a round trip before
    /// it arrived, and the update they answered reached them half a round trip after it left.
    public var measured: Double { arrival - min(roundTrip, Self.cap) }

    /// From the client's account: the update's send time plus the reaction it reports.
    public var reported: Double? {
        guard let claim, let sentAt else { return nil }
        let reaction = claim.pressed - claim.drawn
        guard reaction.isFinite else { return nil }
        if let offset {
            // The offset is off by up to half the round trip (a lopsided route) and the jitter.
            let slack = roundTrip / 2 + jitter
            guard claim.drawn - offset >= sentAt - slack, claim.pressed - offset <= arrival + slack else { return nil }
        }
        return sentAt + reaction
    }

    /// The instant the call is judged at: the reported one within the jitter of the measured one
    /// (so false times gain at most the jitter), never over `cap` before the arrival or after it.
    public var judged: Double {
        let m = measured
        let j = min(jitter, Self.cap)
        let t = reported.map { min(max($0, m - j), m + j) } ?? m
        return min(arrival, max(t, arrival - Self.cap))
    }

    /// How long the host holds every move: the slowest connection's round trip and jitter,
    /// between the table's own window and the cap.
    public static func window(base: Double, links: [LinkClock]) -> Double {
        let slowest = links.compactMap { l in l.roundTrip.map { $0 + (l.jitter ?? 0) } }.max() ?? 0
        return max(base, min(FairCall.cap, slowest))
    }
}
