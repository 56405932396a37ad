import Foundation
import SnapCore

/// Connects to the input daemon on a background thread, reads its messages and wakes the SDL
/// loop with a user event. No daemon is normal: it retries quietly with backoff, so controllers
/// appear within a second of a daemon (re)starting.
final class InputDaemonClient: Sendable {
    enum Event: Sendable {
        case message(InputMessage)
        case dropped(InputProtocolError)
        /// The daemon went away: its controllers are gone.
        case lost
        case connected
    }

    let path: String
    private let inbox = LoopInbox<Event>()

    init(path: String) {
        self.path = path
        let thread = Thread { [self] in run() }
        thread.name = "snap-table input daemon"
        thread.start()
    }

    func take() -> [Event] { inbox.take() }

    private func post(_ events: [Event]) { inbox.post(events) }

    private func run() {
        var backoff = 0.1
        while true {
            if let fd = connectOnce() {
                backoff = 0.1
                post([.connected])
                read(fd)
                close(fd)
                post([.lost])
            }
            Thread.sleep(forTimeInterval: backoff)
            backoff = min(backoff * 2, 0.8)
        }
    }

    private func connectOnce() -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        let ok = InputSocket.withAddress(path) { connect(fd, $0, $1) }
        if ok != 0 {
            close(fd)
            return nil
        }
        return fd
    }

    private func read(_ fd: Int32) {
        var framer = InputLineFramer()
        var buf = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = Glibc.read(fd, &buf, buf.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            var events: [Event] = []
            for piece in framer.feed(buf[0..<n]) {
                switch piece {
                case .line(let l):
                    do { events.append(.message(try InputMessage.decode(Substring(l)))) } catch { events.append(.dropped(error)) }
                case .dropped(let e):
                    events.append(.dropped(e))
                }
            }
            post(events)
        }
        if case .dropped(let e)? = framer.finish() { post([.dropped(e)]) }
    }
}
