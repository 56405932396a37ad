import Foundation
import Synchronization
import Testing

extension NetUnderLoad {
    /// A stranger on the network with no join code tries to keep everyone out: silent WebSockets
    /// re-opened as fast as the host closes them, slow HTTP requests, idle sockets. Players with
    /// the code still join, at once. The host's hello timeout is a minute here, so it is not what
    /// lets them in.
    @Suite("Network play: floods of connections", .serialized)
    struct NetBusyTests {
        /// How long a join may take before the test calls it refused: generous for a loaded 2-core
        /// machine, far below the host's 60 s hello timeout (and the usual 10 s).
        static let joinDeadline = 5.0

        static func now() -> Double { Date().timeIntervalSince1970 }

        /// Silent WebSocket connections, each opened again as soon as the host closes it.
        final class Flood: Sendable {
            let stopped = Atomic<Bool>(false)
            let opened = Atomic<Int>(0)
            let ended = Atomic<Int>(0)
            let count: Int

            init(port: Int, count: Int, source: @escaping @Sendable (Int) -> String) {
                self.count = count
                for i in 0..<count {
                    let t = Thread { [self] in
                        while !stopped.load(ordering: .relaxed) {
                            guard let ws = try? RawWebSocket(port: port, source: source(i)) else {
                                usleep(5_000)
                                continue
                            }
                            opened.add(1, ordering: .relaxed)
                            ws.setReadTimeout(0.2)
                            while !stopped.load(ordering: .relaxed) {
                                if ws.receive() == nil, ws.sawEOF { break }
                            }
                        }
                        ended.add(1, ordering: .relaxed)
                    }
                    t.stackSize = 256 * 1024
                    t.start()
                }
            }

            var connections: Int { opened.load(ordering: .relaxed) }

            /// Stops every thread (bounded wait); false when some did not end.
            func stop() -> Bool {
                stopped.store(true, ordering: .relaxed)
                return waitUntil(20) { ended.load(ordering: .relaxed) == count }
            }
        }

        /// A player signs in with the code from `source`, as a client does: a `busy` refusal (its
        /// connection was closed to make room) is tried again at once. Then it leaves, freeing the
        /// seat. The time to the welcome and the tries, or why it failed.
        static func join(port: Int, name: String, source: String) -> Result<(seconds: Double, tries: Int), JoinFailure> {
            let start = now()
            var tries = 0
            var last = "nothing"
            while now() - start < joinDeadline {
                tries += 1
                guard let ws = try? RawWebSocket(port: port, source: source) else { last = "no upgrade"; continue }
                ws.setReadTimeout(max(0.1, joinDeadline - (now() - start)))
                do { try ws.send(NetFaultTests.hello(name)) } catch { last = "\(error)"; continue }
                guard let m = ws.receive(until: { $0.contains(#""type":"welcome""#) || $0.contains(#""type":"refusal""#) }) else {
                    last = ws.sawEOF ? "closed without a word" : "no answer"
                    continue
                }
                if m.contains("welcome") {
                    let seconds = now() - start
                    try? ws.send(#"{"type":"intent","intent":"leave"}"#)
                    _ = ws.closedByPeer(within: 5)
                    return .success((seconds, tries))
                }
                last = m
                guard m.contains(#""reason":"busy""#) else { return .failure(JoinFailure(why: m)) }
            }
            return .failure(JoinFailure(why: "no welcome within \(joinDeadline) s after \(tries) tries; last: \(last)"))
        }

        struct JoinFailure: Error { var why: String }

        static func startHost(in dir: URL) throws -> (NetProcess, port: Int) {
            try NetEndToEndTests.startHost(in: dir, ["--hello-timeout", "60", "--bots", "normal", "--log-level", "notice"])
        }

        static func figures(_ label: String, _ times: [Double], tries: [Int]) {
            let ms = times.sorted().map { $0 * 1000 }
            guard !ms.isEmpty else { return }
            print(String(format: "net-busy %@: joins %d median %.1f ms max %.1f ms tries max %d", label, ms.count, ms[ms.count / 2], ms.last!, tries.max() ?? 0))
        }

        @Test func silentWebSocketsReopenedAsTheyCloseKeepNoPlayerOut() throws {
            let dir = try SnapTableRunner.tempDir("netbusy")
            let (host, port) = try Self.startHost(in: dir)
            let layouts: [(String, @Sendable (Int) -> String)] = [
                ("one address", { _ in "127.0.0.2" }),
                ("one per address", { "127.0.0.\($0 + 2)" }),
                ("three addresses", { "127.0.0.\($0 % 3 + 2)" }),
                ("the player's own address", { _ in "127.0.0.1" }),
            ]
            var all: [Double] = [], allTries: [Int] = []
            for attackers in [16, 100] {
                for (layout, source) in layouts {
                    let label = "\(attackers) silent, \(layout)"
                    let flood = Flood(port: port, count: attackers, source: source)
                    // The flood is on: every attacker has a connection open (and more follow).
                    #expect(waitUntil(20) { flood.connections >= attackers }, "\(label): the flood never got going")
                    var times: [Double] = [], tries: [Int] = []
                    for k in 0..<5 {
                        let before = flood.connections
                        switch Self.join(port: port, name: "P\(k)", source: "127.0.0.1") {
                        case .success(let r):
                            times.append(r.seconds)
                            tries.append(r.tries)
                        case .failure(let f):
                            Issue.record("\(label), join \(k): \(f.why)")
                        }
                        // The flood went on around the join: making room for the player closed one
                        // of its connections, and it opened another.
                        #expect(waitUntil(10) { flood.connections > before }, "\(label): the flood stalled")
                    }
                    #expect(flood.stop(), "\(label): flood threads did not end")
                    Self.figures(label, times, tries: tries)
                    all += times
                    allTries += tries
                }
            }
            Self.figures("all", all, tries: allTries)
            // A real client (snap-table --join) gets in during the worst flood too: 100 silent
            // connections from its own address (a `busy` refusal makes it dial again).
            let flood = Flood(port: port, count: 100, source: { _ in "127.0.0.1" })
            #expect(waitUntil(20) { flood.connections >= 100 })
            let t0 = Self.now()
            let bea = try NetEndToEndTests.startClient("Bea", port: port, in: dir, replay: nil)
            #expect(waitUntil(20) { NetEndToEndTests.joined(bea) != nil }, "\(bea.stderr.suffix(2000))")
            print(String(format: "net-busy snap-table --join under 100 silent from its own address: joined after %.2f s (process start included)", Self.now() - t0))
            #expect(flood.stop())
            bea.signal(SIGTERM)
            #expect(bea.finish() == 0, "\(bea.stderr.suffix(2000))")
            #expect(waitUntil(10) { host.stderr.contains("connections that had not signed in were closed to make room") }, "\(host.stderr.suffix(2000))")
            #expect(host.process.isRunning)
            host.signal(SIGTERM)
            #expect(host.finish() == 0, "\(host.stderr.suffix(2000))")
        }

        /// Bytes of `text`, one a second, until the host closes the socket or `limit` seconds pass;
        /// how long the socket stayed open.
        static func trickle(_ fd: Int32, _ text: String, limit: Double) -> Double {
            let start = now()
            for b in Array(text.utf8) {
                var byte = b
                if send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) != 1 { break }
                if closed(fd, within: 1) || now() - start > limit { break }
            }
            return now() - start
        }

        /// Whether the host closed `fd` within `seconds` (whatever it sent before is read and dropped).
        static func closed(_ fd: Int32, within seconds: Double) -> Bool {
            let deadline = now() + seconds
            var buf = [UInt8](repeating: 0, count: 4096)
            while true {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let left = Int32(max(0, (deadline - now()) * 1000))
                guard poll(&p, 1, left) > 0 else { return false }
                let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, 4096, Int32(MSG_DONTWAIT)) }
                if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { return true }
                if now() >= deadline { return false }
            }
        }

        @Test func slowRequestsAndIdleConnectionsKeepNoPlayerOut() throws {
            let dir = try SnapTableRunner.tempDir("netslow")
            let (host, port) = try Self.startHost(in: dir)
            let limits = (request: 10.0, idle: 15.0, http: 512, httpPerAddress: 128)
            let started = Self.now()
            // Sockets that never say anything: 200 from 50 addresses, 300 from one (over its bound of
            // 128: the host closes that address's oldest); 50 that asked for a page and then idle.
            let idle = (0..<200).compactMap { i in try? RawWebSocket.connectTCP(port: port, source: "127.0.0.\(i % 50 + 2)") }
            defer { for fd in idle { close(fd) } }
            #expect(idle.count == 200)
            let crowd = (0..<300).compactMap { _ in try? RawWebSocket.connectTCP(port: port, source: "127.0.0.250") }
            defer { for fd in crowd { close(fd) } }
            #expect(crowd.count == 300)
            var keptAlive: [Int32] = []
            defer { for fd in keptAlive { close(fd) } }
            for i in 0..<50 {
                let fd = try RawWebSocket.connectTCP(port: port, source: "127.0.0.\(i + 60)")
                keptAlive.append(fd)
                let get = Array("GET /page HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n".utf8)
                #expect(send(fd, get, get.count, Int32(MSG_NOSIGNAL)) == get.count)
            }
            // A slow header and a slow body, one byte a second, each on its own thread.
            let slow = Mutex<[String: Double]>([:])
            let header = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: " + String(repeating: "x", count: 100) + "\r\n\r\n"
            let body = "POST /join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n"
            for (name, head, trickled) in [("header", "", header), ("body", body, String(repeating: "y", count: 100))] {
                let fd = try RawWebSocket.connectTCP(port: port, source: "127.0.0.120")
                Thread {
                    let h = Array(head.utf8)
                    _ = h.isEmpty ? 0 : send(fd, h, h.count, Int32(MSG_NOSIGNAL))
                    let lasted = Self.trickle(fd, trickled, limit: 60)
                    slow.withLock { $0[name] = lasted }
                    close(fd)
                }.start()
            }
            // The host keeps within its bounds: the crowd's oldest went at once, the others stay.
            var crowdOpen = crowd.count
            #expect(waitUntil(10) {
                crowdOpen = crowd.filter { !Self.closed($0, within: 0) }.count
                return crowdOpen <= limits.httpPerAddress
            }, "\(crowdOpen) of one address's sockets still open")
            #expect(idle.allSatisfy { !Self.closed($0, within: 0) }, "a socket of a quieter address was closed for room")
            print("net-busy 300 idle sockets from one address: \(crowdOpen) left open (bound \(limits.httpPerAddress))")
            // Players still join, while all of that holds on.
            var times: [Double] = [], tries: [Int] = []
            for k in 0..<5 {
                switch Self.join(port: port, name: "P\(k)", source: "127.0.0.1") {
                case .success(let r):
                    times.append(r.seconds)
                    tries.append(r.tries)
                case .failure(let f): Issue.record("join \(k): \(f.why)")
                }
            }
            Self.figures("slow HTTP and 550 idle sockets", times, tries: tries)
            // And the host lets none of them hold a socket for long (a generous bound: it happens at all).
            #expect(waitUntil(limits.request + 20) { slow.withLock { $0.count } == 2 })
            for (name, lasted) in slow.withLock({ $0 }) {
                print(String(format: "net-busy slow %@ closed after %.1f s (request timeout %.0f s)", name, lasted, limits.request))
                #expect(lasted < limits.request + 15, "the slow \(name) held its socket \(lasted) s")
            }
            #expect(crowd.allSatisfy { Self.closed($0, within: max(0.1, started + limits.request + 15 - Self.now())) })
            let idleClosed = idle.filter { Self.closed($0, within: max(0.1, started + limits.request + 15 - Self.now())) }.count
            #expect(idleClosed == idle.count, "\(idle.count - idleClosed) silent sockets still open")
            let keptClosed = keptAlive.filter { Self.closed($0, within: max(0.1, started + limits.idle + 20 - Self.now())) }.count
            #expect(keptClosed == keptAlive.count, "\(keptAlive.count - keptClosed) idle kept-alive sockets still open")
            print(String(format: "net-busy idle sockets all closed %.1f s after they opened", Self.now() - started))
            // Still serving.
            if case .failure(let f) = Self.join(port: port, name: "Late", source: "127.0.0.1") { Issue.record("late join: \(f.why)") }
            host.signal(SIGTERM)
            #expect(host.finish() == 0, "\(host.stderr.suffix(2000))")
        }
    }
}
