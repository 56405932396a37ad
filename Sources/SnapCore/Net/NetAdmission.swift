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
    /// holds the most. Each with the reason, for the log and the refusal.
    public static func makeRoom<ID: Comparable>(in waiting: [ID: Waiting], for peer: String, perAddress: Int,
                                                 total: Int) -> [(id: ID, why: String)] {
        var left = waiting
        var out: [(id: ID, why: String)] = []
        let mine = left.filter { $0.value.peer == peer }
        if mine.count >= perAddress, let oldest = oldest(mine) {
            left[oldest] = nil
            out.append((oldest, "\(perAddress) connections from \(peer) have not signed in"))
        }
        while left.count >= max(0, total), !left.isEmpty {
            var perPeer: [String: Int] = [:]
            for w in left.values { perPeer[w.peer, default: 0] += 1 }
            let most = perPeer.values.max() ?? 0
            guard let victim = oldest(left.filter { perPeer[$0.value.peer] == most }) else { break }
            out.append((victim, "\(left.count) connections have not signed in"))
            left[victim] = nil
        }
        return out
    }

    static func oldest<ID: Comparable>(_ w: [ID: Waiting]) -> ID? {
        w.min { ($0.value.since, $0.key) < ($1.value.since, $1.key) }?.key
    }
}
