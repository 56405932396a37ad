import Foundation
import Synchronization
import Testing

extension NetUnderLoad {
    /// A host whose log nobody reads keeps serving: its standard output and error are a full pipe
    /// that is never read, or closed, or a pipe whose reader went away (EPIPE). Lines are dropped
    /// and counted; the table and the network go on, and the exit status is the usual one.
    @Suite("Network play: a host whose output nobody reads", .serialized)
    struct NetOutputTests {
        /// A port nothing listens on now (the host gets `--port`: it cannot tell us its address).
        static func freePort() throws -> Int {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            var len = socklen_t(MemoryLayout<sockaddr_in>.size)
            let ok = withUnsafeMutablePointer(to: &addr) { a in
                a.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
            }
            guard ok else { throw RawWebSocket.RawError("no free port: errno \(errno)") }
            return Int(UInt16(bigEndian: addr.sin_port))
        }

        static func hostArgs(port: Int, dir: URL) -> [String] {
            ["--host", "--headless", "--port", "\(port)", "--bind", "127.0.0.1", "--code", "K7F2Q", "--start-with", "1",
             "--bots", "hard", "--seed", "5", "--log-level", "info", "--state-out", dir.appendingPathComponent("host.json").path]
        }

        /// Waits until the host accepts WebSockets (it printed its address where nobody can read it).
        static func waitForHost(port: Int) -> Bool {
            waitUntil(30) { (try? RawWebSocket(port: port)) != nil }
        }

        /// Wrong codes, each logged by the host (the pipe is long full by the end), within two
        /// minutes in all (a host that blocks again fails the test instead of holding it for hours).
        static func wrongCodes(_ n: Int, port: Int) {
            let end = Date().addingTimeInterval(120)
            for i in 0..<n where Date() < end {
                guard let ws = try? RawWebSocket(port: port) else { continue }
                ws.setReadTimeout(2)
                try? ws.send(NetFaultTests.hello("W\(i % 10)", code: "WRONG"))
                _ = ws.receive()
            }
        }

        /// Everything that comes out of `fd` until its writers are gone (or 30 s pass), read on a
        /// thread of its own: what was read so far, and whether it ended.
        final class Drain: Sendable {
            let text = Mutex<[UInt8]>([])
            let ended = Atomic<Bool>(false)

            init(_ fd: Int32) {
                Thread { [self] in
                    var buf = [UInt8](repeating: 0, count: 65536)
                    let end = Date().addingTimeInterval(30)
                    while Date() < end {
                        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                        guard poll(&p, 1, 100) > 0 else { continue }
                        let n = read(fd, &buf, buf.count)
                        if n <= 0 { break }
                        text.withLock { $0 += buf[0..<n] }
                    }
                    ended.store(true, ordering: .relaxed)
                }.start()
            }

            var string: String { String(decoding: text.withLock { $0 }, as: UTF8.self) }
        }

        /// A player signs in and turns over cards: the host plays (updates come). The seconds from
        /// the hello to the welcome, or nil.
        static func play(port: Int) throws -> Double? {
            let ws = try RawWebSocket(port: port)
            let start = Date()
            try ws.send(NetFaultTests.hello("Ann"))
            guard let id = NetFaultTests.welcomed(ws) else { return nil }
            let seated = Date().timeIntervalSince(start)
            var updates = 0
            let end = Date().addingTimeInterval(20)
            var lastTurn = Date.distantPast
            while updates < 5, Date() < end {
                if Date().timeIntervalSince(lastTurn) > 0.2 {
                    try ws.send(#"{"type":"intent","intent":"turnOver","player":"\#(id)"}"#)
                    lastTurn = Date()
                }
                var p = pollfd(fd: ws.fd, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, 50) > 0 else { continue }
                guard let m = ws.receive() else { break }
                if m.contains(#""type":"update""#) { updates += 1 }
                if m.contains(#""type":"ping""#), let n = m.split(separator: ":").last?.filter(\.isNumber) {
                    try ws.send(#"{"type":"pong","ping":\#(n)}"#)
                }
            }
            #expect(updates >= 5, "the host sent \(updates) updates while Ann played")
            try ws.send(#"{"type":"intent","intent":"leave"}"#)
            return seated
        }

        /// The state the host wrote on its way out is whole JSON with the game in it.
        static func stateIsWhole(_ dir: URL) -> Bool {
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent("host.json").path),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
            return json["game"] != nil
        }

        @Test func aFullPipeNeverReadStillSeatsAPlayerWithinASecond() throws {
            let dir = try SnapTableRunner.tempDir("netfullpipe")
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            // Only the host gets the write end (a child of another suite must not hold it open).
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            // Full before the host writes a byte.
            _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
            let junk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
            var filled = 0
            while case let n = write(ends[1], junk, junk.count), n > 0 { filled += n }
            _ = fcntl(ends[1], F_SETFL, 0)
            let port = try Self.freePort()
            let host = Process()
            host.executableURL = SnapTableRunner.binary
            host.arguments = Self.hostArgs(port: port, dir: dir)
            let sink = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
            host.standardOutput = sink
            host.standardError = sink
            host.standardInput = FileHandle.nullDevice
            try host.run()
            try sink.close()
            defer { if host.isRunning { kill(host.processIdentifier, SIGKILL) } }
            #expect(Self.waitForHost(port: port), "the host never served")
            Self.wrongCodes(1200, port: port)
            let seated = try Self.play(port: port)
            print(String(format: "net-output full pipe (%d bytes, never read): seated %.0f ms after the hello", filled, (seated ?? -1) * 1000))
            #expect(seated != nil && seated! < 1, "seated after \(seated ?? -1) s")
            // Once someone reads, the lines that were kept come out, then the count of the others.
            let drain = Drain(ends[0])
            defer { close(ends[0]) }
            #expect(waitUntil(20) { drain.string.contains("log lines dropped") }, "\(drain.string.suffix(1000))")
            kill(host.processIdentifier, SIGTERM)
            try #require(waitUntil(20) { !host.isRunning })
            #expect(waitUntil(20) { drain.ended.load(ordering: .relaxed) })
            host.waitUntilExit()
            #expect(host.terminationStatus == 0)
            let out = String(drain.string.dropFirst(filled))
            #expect(out.contains("stopping: telling the clients"), "\(out.suffix(1000))")
            #expect(Self.stateIsWhole(dir))
        }

        /// `how`: the shell redirection that takes standard output and error away.
        @Test(arguments: ["closed", "EPIPE"])
        func aHostWithNoOutputStillPlaysAndExitsZero(how: String) throws {
            let dir = try SnapTableRunner.tempDir("netnoout")
            let port = try Self.freePort()
            let host = Process()
            host.executableURL = URL(fileURLWithPath: "/bin/bash")
            // EPIPE: a pipe whose reader (true) is soon gone; pipefail gives the host's status.
            let redirect = how == "closed" ? #"exec "$0" "$@" >&- 2>&-"# : #"set -o pipefail; "$0" "$@" 2>&1 | true"#
            host.arguments = ["-c", redirect, SnapTableRunner.binary.path] + Self.hostArgs(port: port, dir: dir)
            host.standardInput = FileHandle.nullDevice
            try host.run()
            defer { if host.isRunning { kill(host.processIdentifier, SIGKILL) } }
            #expect(Self.waitForHost(port: port), "the host never served")
            Self.wrongCodes(50, port: port)
            #expect(try Self.play(port: port) != nil)
            // The shell's pipeline ends with the host; SIGTERM the host itself.
            let pid = how == "closed" ? host.processIdentifier : Self.child(of: host.processIdentifier, named: "snap-table")
            try #require(pid > 0)
            if how == "closed" {
                // What the host opened later did not land on its closed descriptors: they hold /dev/null.
                for fd in 1...2 {
                    let link = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
                    #expect(link == "/dev/null", "descriptor \(fd) is \(link)")
                }
                // No thread, the output queues' included, takes SIGINT, SIGUSR1 or SIGTERM itself:
                // the signal sources get them, whenever they come.
                for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
                    let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
                    let blocked = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }?.split(separator: "\t").last
                    let mask = blocked.flatMap { UInt64($0, radix: 16) } ?? 0
                    #expect(mask & 0x4202 == 0x4202, "thread \(task) takes these signals: SigBlk \(blocked ?? "?")")
                }
            }
            kill(pid, SIGTERM)
            try #require(waitUntil(20) { !host.isRunning })
            host.waitUntilExit()
            #expect(host.terminationStatus == 0)
            #expect(Self.stateIsWhole(dir))
        }

        /// The pid of `parent`'s child running `name` (0 when none).
        static func child(of parent: Int32, named name: String) -> Int32 {
            let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for p in all {
                guard let pid = Int32(p), let stat = try? String(contentsOfFile: "/proc/\(p)/stat", encoding: .utf8) else { continue }
                // "pid (comm) state ppid ..."
                guard let close = stat.lastIndex(of: ")") else { continue }
                let comm = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
                let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
                if comm == name, fields.count > 1, Int32(fields[1]) == parent { return pid }
            }
            return 0
        }
    }
}
