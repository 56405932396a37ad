import Foundation

/// A bare WebSocket client on a plain socket, for tests that must send what no well-behaved
/// client would: garbage, oversize frames, floods, another seat's intents, or nothing at all.
final class RawWebSocket {
    let fd: Int32
    private var buffer: [UInt8] = []
    /// The last read found the connection closed (not merely quiet).
    private(set) var sawEOF = false

    /// A plain TCP connection to 127.0.0.1:port; `source`: the local address it comes from
    /// (any of 127.0.0.0/8 on the loopback interface, to look like another machine).
    static func connectTCP(port: Int, receiveBuffer: Int32? = nil, source: String? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawError("socket failed: errno \(errno)") }
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        if let source {
            // IP_BIND_ADDRESS_NO_PORT (24, linux/in.h; not in glibc's headers): the port is picked at
            // connect, per destination, so one address can hold many connections.
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_IP), 24, &one, socklen_t(MemoryLayout<Int32>.size))
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard bound == 0 else {
                close(fd)
                throw RawError("bind to \(source) failed: errno \(errno)")
            }
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else {
            close(fd)
            throw RawError("connect failed: errno \(errno)")
        }
        return fd
    }

    /// `receiveBuffer`: a small kernel buffer, for a client that never reads to fill up fast.
    init(port: Int, receiveBuffer: Int32? = nil, source: String? = nil) throws {
        fd = try Self.connectTCP(port: port, receiveBuffer: receiveBuffer, source: source)
        var tv = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try writeAll(Array(request.utf8))
        // The 101 response ends with an empty line.
        while !buffer.ends(with: Array("\r\n\r\n".utf8)) {
            var b: UInt8 = 0
            guard read(fd, &b, 1) == 1 else { throw RawError("no upgrade response") }
            buffer.append(b)
        }
        let head = String(decoding: buffer, as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else { throw RawError("upgrade refused: \(head)") }
        buffer = []
    }

    deinit { close(fd) }

    /// How long a read waits before `receive` gives up (5 s at first).
    func setReadTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    struct RawError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    /// A masked frame as a client must send it (opcode 1 text, 2 binary).
    func send(_ text: String, opcode: UInt8 = 1) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count < 65536 {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        } else {
            frame.append(0x80 | 127)
            for i in (0..<8).reversed() { frame.append(UInt8((payload.count >> (8 * i)) & 0xff)) }
        }
        let mask: [UInt8] = [1, 2, 3, 4]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try writeAll(frame)
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + off, bytes.count - off) }
            if n <= 0 { throw RawError("write failed: errno \(errno)") }
            off += n
        }
    }

    /// The next text message, or nil when the connection closed (or nothing came in 5 s).
    func receive() -> String? {
        while true {
            var h = [UInt8](repeating: 0, count: 2)
            guard readExactly(&h) else { return nil }
            var len = Int(h[1] & 0x7f)
            if len == 126 {
                var e = [UInt8](repeating: 0, count: 2)
                guard readExactly(&e) else { return nil }
                len = Int(e[0]) << 8 | Int(e[1])
            } else if len == 127 {
                var e = [UInt8](repeating: 0, count: 8)
                guard readExactly(&e) else { return nil }
                len = e.reduce(0) { $0 << 8 | Int($1) }
            }
            var payload = [UInt8](repeating: 0, count: len)
            guard readExactly(&payload) else { return nil }
            switch h[0] & 0x0f {
            case 1: return String(decoding: payload, as: UTF8.self)
            case 8:
                sawEOF = true
                return nil
            default: continue
            }
        }
    }

    /// Messages until one satisfies `match`; nil when the connection closes first.
    func receive(until match: (String) -> Bool) -> String? {
        while let m = receive() { if match(m) { return m } }
        return nil
    }

    private func readExactly(_ out: inout [UInt8]) -> Bool {
        var off = 0
        while off < out.count {
            let want = out.count - off
            let n = out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + off, want) }
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { sawEOF = true }
            if n <= 0 { return false }
            off += n
        }
        return true
    }

    /// Reads until the host closes the connection; false when it is still open after `seconds`.
    func closedByPeer(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if receive() == nil, sawEOF { return true }
        }
        return false
    }
}

extension Array where Element: Equatable {
    func ends(with suffix: [Element]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
