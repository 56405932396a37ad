import NIOCore
import SnapCore
import Synchronization

/// The sockets still speaking HTTP (not yet a WebSocket), bounded per address and in total:
/// `NetAdmission` picks which to close when a new one comes, and only those are closed. A socket
/// leaves when it closes or becomes a WebSocket (`NetHost` bounds it from then on).
final class HTTPRoom: Sendable {
    private struct Entry {
        let channel: any Channel
        let waiting: NetAdmission.Waiting
    }

    private let sockets = Mutex<[ObjectIdentifier: Entry]>([:])
    let perAddress: Int
    let total: Int

    init(perAddress: Int, total: Int) {
        self.perAddress = perAddress
        self.total = total
    }

    /// A socket was accepted: it is counted, and those picked to make room are closed.
    func enter(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        let peer = channel.remoteAddress?.ipAddress ?? "unknown"
        let victims = sockets.withLock { s -> [any Channel] in
            let picked = NetAdmission.makeRoom(in: s.mapValues(\.waiting), for: peer, perAddress: perAddress, total: total)
            let closing = picked.compactMap { s.removeValue(forKey: $0.id)?.channel }
            s[id] = Entry(channel: channel, waiting: NetAdmission.Waiting(peer: peer, since: NetInbox<Int>.now()))
            return closing
        }
        for v in victims { v.close(promise: nil) }
        channel.closeFuture.whenComplete { [self] _ in leave(channel) }
    }

    func leave(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        sockets.withLock { s in
            // The same object only: an identifier can be reused once a channel is gone.
            if s[id]?.channel === channel { s[id] = nil }
        }
    }
}

