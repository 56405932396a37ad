import Foundation

/// A loopback TCP forwarder the test can cut: every connection through it is closed at once
/// (as a network drop would), while it keeps accepting new ones.
final class TCPForwarder: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let target: Int
    private let lock = NSLock()
    private var sockets: [Int32] = []
    private var stopped = false

    init(to target: Int) throws {
        self.target = target
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, len) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &len) == 0 }
        }
        port = Int(UInt16(bigEndian: addr.sin_port))
        guard bound else { throw RawWebSocket.RawError("forwarder: cannot listen") }
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    private func acceptLoop() {
        while true {
            let c = accept(listener, nil, nil)
            if c < 0 { return }
            guard let up = try? RawWebSocket.connectTCP(port: target) else { close(c); continue }
            lock.withLock { sockets += [c, up] }
            Thread.detachNewThread { Self.pump(from: c, to: up) }
            Thread.detachNewThread { Self.pump(from: up, to: c) }
        }
    }

    private static func pump(from a: Int32, to b: Int32) {
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { read(a, $0.baseAddress!, 65536) }
            if n <= 0 { break }
            var off = 0
            while off < n {
                let w = buf.withUnsafeBytes { write(b, $0.baseAddress! + off, n - off) }
                if w <= 0 { break }
                off += w
            }
        }
        shutdown(a, Int32(SHUT_RDWR))
        shutdown(b, Int32(SHUT_RDWR))
    }

    /// Drops every connection through the forwarder now.
    func cut() {
        let all = lock.withLock { () -> [Int32] in defer { sockets = [] }; return sockets }
        for s in all { shutdown(s, Int32(SHUT_RDWR)) }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        cut()
    }
}
