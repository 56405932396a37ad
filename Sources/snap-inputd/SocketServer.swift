import Foundation
import SnapCore

/// The Unix socket the daemon serves: clients connect, get `hello` and the controllers that are
/// plugged in, then every event. Clients only listen; what they send is read and ignored.
final class SocketServer {
    let path: String
    private let listener: Int32
    private(set) var clients: [Int32] = []
    private var warned: Set<String> = []

    init(path: String) throws {
        self.path = path
        let dir = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(dir, 0o700)
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw DaemonError("socket(): \(String(cString: strerror(errno)))") }
        let old = umask(0o177)
        let bound = InputSocket.withAddress(path) { bind(listener, $0, $1) }
        umask(old)
        guard let bound else {
            close(listener)
            throw DaemonError("socket path too long: \(path)")
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw DaemonError("cannot listen on \(path): \(String(cString: strerror(errno)))")
        }
        chmod(path, 0o600)
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        for c in clients { close(c) }
        close(listener)
        unlink(path)
    }

    /// File descriptors to wait on: the listener and every client.
    var pollSet: [Int32] { [listener] + clients }

    /// New connections get the greeting; `greeting` lists the controllers already there.
    func acceptNew(greeting: [InputMessage]) {
        while true {
            let c = accept(listener, nil, nil)
            guard c >= 0 else { return }
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            var one: Int32 = 1
            _ = setsockopt(c, SOL_SOCKET, SO_KEEPALIVE, &one, socklen_t(MemoryLayout<Int32>.size))
            clients.append(c)
            send([.hello(version: InputMessage.version, server: "snap-inputd 1")] + greeting, to: [c])
        }
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
            // A client that cannot keep up (its buffer is full) is dropped rather than stalling everyone.
            let n = data.withUnsafeBytes { write(c, $0.baseAddress, data.count) }
            if n != data.count {
                warnOnce("slow-\(c)", "dropping a client that does not read (\(n < 0 ? String(cString: strerror(errno)) : "short write"))")
                drop(c)
            }
        }
    }

    private func drop(_ c: Int32) {
        close(c)
        clients.removeAll { $0 == c }
    }

    func warnOnce(_ key: String, _ message: String) {
        guard warned.insert(key).inserted else { return }
        FileHandle.standardError.write(Data("snap-inputd: \(message)\n".utf8))
    }
}
