#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// The Unix socket the daemon serves: clients connect, get `hello` and the controllers that are
/// plugged in, then every event. Clients only listen; what they send is read and ignored.
final class SocketServer {
    /// More clients than this are told why (an `InputRefusal` line) and closed.
    static let maxClients = 32
    /// After accept() runs out of a resource, the listener rests this long (or until a client leaves).
    static let acceptPause = 1.0

    let path: String
    private let listener: Int32
    /// The socket file we bound, to remove at exit only if the path still is that very socket.
    private let bound: FileFacts
    private(set) var clients: [Int32] = []
    private var warned: Set<String> = []
    private var restingUntil: Double?

    /// `privateDirectory` (the default location's) is created 0700 and checked; with an explicit
    /// path only its parent's existence is checked. Refuses a live daemon, and anything at the
    /// path that is not a stale socket of ours, without touching it.
    init(path: String, privateDirectory: String?) throws {
        self.path = path
        if let privateDirectory {
            try SocketPlace.preparePrivateDirectory(privateDirectory)
        } else {
            try SocketPlace.checkParent(of: path)
        }
        try SocketPlace.clearStale(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw SocketPathError.system("socket", path, errno) }
        // The socket file is born 0600: nothing is chmodded afterwards (chmod would follow a link).
        let old = umask(0o177)
        let result = InputSocket.withAddress(path) { [listener] in bind(listener, $0, $1) == 0 ? 0 : errno }
        umask(old)
        guard let result else {
            close(listener)
            throw SocketPathError.tooLong(path)
        }
        guard result == 0 else {
            close(listener)
            // Another daemon bound it between our check and our bind.
            throw result == EADDRINUSE ? SocketPathError.inUse(path) : SocketPathError.system("bind", path, result)
        }
        guard listen(listener, SOMAXCONN) == 0, let facts = try? FileFacts.at(path), facts.kind == .socket else {
            let code = errno
            close(listener)
            throw SocketPathError.system("listen", path, code)
        }
        bound = facts
    }

    deinit {
        for c in clients { close(c) }
        close(listener)
        SocketPlace.removeIfOurs(path, ours: bound)
    }

    /// File descriptors to wait on: the listener (unless it rests) and every client.
    func pollSet(now: Double) -> [Int32] {
        if let until = restingUntil, now < until { return clients }
        restingUntil = nil
        return [listener] + clients
    }

    func isListener(_ fd: Int32) -> Bool { fd == listener }

    /// Milliseconds until a resting listener wants polling again, or nil.
    func restMilliseconds(now: Double) -> Int32? {
        restingUntil.map { Int32(max(0, (($0 - now) * 1000).rounded(.up))) }
    }

    /// New connections get the greeting; `greeting` lists the controllers already there.
    func acceptNew(greeting: [InputMessage], now: Double) {
        while true {
            let c = accept(listener, nil, nil)
            guard c >= 0 else {
                let code = errno
                switch code {
                case EAGAIN, EWOULDBLOCK: return
                case EINTR, ECONNABORTED, EPROTO: continue // that one connection, not us
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM: the pending client stays queued; polling the
                    // listener now would only spin, so it rests until a client leaves or time passes.
                    warnOnce("accept-\(code)", "cannot accept clients (\(String(cString: strerror(code)))); pausing for up to \(Self.acceptPause) s at a time until a client leaves")
                    restingUntil = now + Self.acceptPause
                    return
                }
            }
            guard clients.count < Self.maxClients || roomAfterDepartures() else {
                warnOnce("full", "\(Self.maxClients) clients already: further ones are refused")
                let line = Array((InputRefusal(reason: "the daemon serves at most \(Self.maxClients) clients").encoded() + "\n").utf8)
                _ = line.withUnsafeBytes { write(c, $0.baseAddress, line.count) }
                close(c)
                continue
            }
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            _ = setsockopt(c, SOL_SOCKET, SO_KEEPALIVE, &one, socklen_t(MemoryLayout<Int32>.size))
            clients.append(c)
            send([.hello(version: InputMessage.version, server: "snap-inputd 1")] + greeting, to: [c])
        }
    }

    /// Takes in departures the main loop has not seen yet: a client that left just before the
    /// newcomer arrived (in the same poll round, or while this accept loop ran) frees its slot.
    /// True if there is room now.
    private func roomAfterDepartures() -> Bool {
        var fds = clients.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        if poll(&fds, nfds_t(fds.count), 0) > 0 {
            for f in fds where f.revents != 0 { readFrom(f.fd) }
        }
        return clients.count < Self.maxClients
    }

    /// A client wrote something, or hung up.
    func readFrom(_ c: Int32) {
        var buf = [UInt8](repeating: 0, count: 4096)
        let n = read(c, &buf, buf.count)
        if n > 0 {
            warnOnce("client-talks", "a client sent \(n) bytes; clients only listen, so they are ignored")
        } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
            drop(c)
        }
    }

    func broadcast(_ messages: [InputMessage]) { send(messages, to: clients) }

    private func send(_ messages: [InputMessage], to targets: [Int32]) {
        guard !messages.isEmpty else { return }
        let data = Array(messages.map { $0.encoded() + "\n" }.joined().utf8)
        for c in targets {
            let n = data.withUnsafeBytes { write(c, $0.baseAddress, data.count) }
            guard n != data.count else { continue }
            let code = errno
            if n < 0 && (code == EPIPE || code == ECONNRESET) {
                drop(c) // it left
            } else {
                // A client that cannot keep up (its buffer is full) is dropped rather than stalling everyone.
                warnOnce("slow", "dropping a client that does not read (\(n < 0 ? String(cString: strerror(code)) : "short write"))")
                drop(c)
            }
        }
    }

    private func drop(_ c: Int32) {
        close(c)
        clients.removeAll { $0 == c }
        restingUntil = nil // a descriptor is free again
    }

    func warnOnce(_ key: String, _ message: String) {
        guard warned.insert(key).inserted else { return }
        StandardError.write("snap-inputd: \(message)\n")
    }
}
