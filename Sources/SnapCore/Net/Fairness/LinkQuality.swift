/// The mark on a remote player's name: whether their connection lets the race be fair.
public enum LinkQuality: String, Sendable, Equatable, Codable {
    /// Round trip and jitter within 100 ms: nobody will notice.
    case good
    /// Up to the 300 ms the host waits for calls: fair, but the verdicts come later.
    case slow
    /// Over it, or silent for a while: compensated only up to the cap.
    case tooSlow

    /// No pong for this long: the connection is not keeping up.
    public static let silence = 3.0

    public init(_ link: LinkClock, at t: Double) {
        guard let r = link.roundTrip, let j = link.jitter, let last = link.lastSampleAt, t - last <= Self.silence else {
            self = .tooSlow
            return
        }
        self = r + j <= 0.1 ? .good : r + j <= FairCall.cap ? .slow : .tooSlow
    }
}
