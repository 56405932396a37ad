/// Which connections make room for a new one, as nginx's and HAProxy's limits on pending
/// handshakes per address and in total do, but closing the oldest instead of turning the
/// newcomer away: a flood can then only push out its own connections, never keep anyone out.
/// Used for WebSockets that have not signed in (`NetHost`) and for sockets still speaking HTTP
/// (the transport): the decision is here, the transport only closes what it is told.
public enum NetAdmission {
    /// A connection that may be closed to make room.
    public struct Waiting: Sendable, Equatable {
        public var peer: String
        public var since: Double
        public init(peer: String, since: Double) {
            self.peer = peer
            self.since = since
        }
    }

    /// The connections of `waiting` to close so that one more from `peer` fits: past
    /// `perAddress` from that address, its oldest; past `total`, the oldest of the address that
    /// holds the most. Each with the reason, for the log and the refusal. Those in `spared` count
    /// for the bounds but are never picked (their hello is about to be judged): where only they
    /// are left to pick, the bound gives way until they are judged.
    public static func makeRoom<ID: Comparable>(in waiting: [ID: Waiting], for peer: String, perAddress: Int,
                                                 total: Int, spared: Set<ID> = []) -> [(id: ID, why: String)] {
        var left = waiting
        var out: [(id: ID, why: String)] = []
        while case let mine = left.filter({ $0.value.peer == peer }), mine.count >= perAddress,
              let oldest = oldest(mine.filter { !spared.contains($0.key) }) {
            left[oldest] = nil
            out.append((oldest, "\(perAddress) connections from \(peer) have not signed in"))
        }
        while left.count >= max(0, total) {
            var perPeer: [String: Int] = [:]
            for w in left.values { perPeer[w.peer, default: 0] += 1 }
            // The address holding the most pays, spared connections counted: a flood's burst
            // never makes a quieter address pay for it.
            let most = perPeer.values.max() ?? 0
            let busiest = left.filter { perPeer[$0.value.peer] == most && !spared.contains($0.key) }
            guard let victim = oldest(busiest) else { break }
            out.append((victim, "\(left.count) connections have not signed in"))
            left[victim] = nil
        }
        return out
    }

    static func oldest<ID: Comparable>(_ w: [ID: Waiting]) -> ID? {
        w.min { ($0.value.since, $0.key) < ($1.value.since, $1.key) }?.key
    }
}
