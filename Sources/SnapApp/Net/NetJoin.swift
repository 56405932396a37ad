#if canImport(Glibc)
import Glibc
#endif
import Logging
import SnapCore
import SnapNet

/// A client's way in: connect, say hello, and wait (bounded) for the host's welcome and the
/// roster, so the table can open with this machine's player at the bottom.
final class NetJoin {
    private(set) var link: NetClientLink
    let address: String
    let code: String
    let name: String
    let logger: Logger
    let inbox: NetInbox<NetClientLink.Event>
    let me: String
    let token: String
    let roster: [NetPlayer]
    /// Messages after the roster that arrived while waiting (handled first by the loop).
    let early: [NetInbox<NetClientLink.Event>.Stamped]

    static let waitSeconds = 10.0

    /// Dials the host again with this seat's token; what it says arrives in the same inbox.
    func reconnect() {
        link.stop()
        let inbox = self.inbox
        let hello = NetClientMessage.hello(protocolVersion: NetProtocol.version, code: code, name: name, token: token)
        link = NetClientLink(address: address, hello: hello, logger: logger) { inbox.post($0) }
    }

    init(address: String, code: String, name: String, token: String?, logger: Logger, wake: @escaping @Sendable () -> Void) throws(JoinError) {
        let inbox = NetInbox<NetClientLink.Event>(wake: wake) { e in
            if case .closed = e { return false }
            return true
        }
        let hello = NetClientMessage.hello(protocolVersion: NetProtocol.version, code: code, name: name, token: token)
        var link = NetClientLink(address: address, hello: hello, logger: logger) { inbox.post($0) }
        var busy = 0
        var welcome: (String, String)?
        var roster: [NetPlayer]?
        var early: [NetInbox<NetClientLink.Event>.Stamped] = []
        let deadline = NetInbox<Int>.now() + Self.waitSeconds
        while roster == nil {
            let left = deadline - NetInbox<Int>.now()
            guard left > 0 else {
                link.stop()
                throw .noAnswer(address: address, seconds: Int(Self.waitSeconds))
            }
            inbox.wait(seconds: left)
            batch: for s in inbox.take().items {
                if roster != nil { early.append(s); continue }
                switch s.item {
                case .message(.welcome(let p, let tok, _)): welcome = (p, tok)
                case .message(.ready(let players)) where welcome != nil: roster = players
                case .message(.refusal(.busy, let message)) where welcome == nil:
                    // A flood of connections at the host closed ours to make room: dial again
                    // (what the old link still says is dropped with it).
                    busy += 1
                    logger.notice("the host is busy (\(message)): trying again")
                    link.stop()
                    usleep(UInt32(min(1, 0.05 * Double(busy)) * 1e6))
                    _ = inbox.take()
                    link = NetClientLink(address: address, hello: hello, logger: logger) { inbox.post($0) }
                    break batch
                case .message(.refusal(let r, let message)):
                    link.stop()
                    throw .refused(r, message: message)
                case .closed(let why):
                    link.stop()
                    throw .cannotConnect(address: address, why: why)
                default: early.append(s)
                }
            }
        }
        guard let (me, tok) = welcome, let roster else { throw .cannotConnect(address: address, why: "no welcome from the host") }
        self.link = link
        self.address = address
        self.code = code
        self.name = name
        self.logger = logger
        self.inbox = inbox
        self.me = me
        self.token = tok
        self.roster = roster
        self.early = early
    }
}
