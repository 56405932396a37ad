import Foundation
import Testing

/// The real snap-inputd under pressure: more clients than it serves, and no descriptors left to
/// accept with. Either way the daemon says so, keeps serving those it has, and takes new clients
/// again once one leaves.
@Suite("snap-inputd limits end to end", .serialized)
struct InputDaemonLimitsTests {
    /// A daemon whose standard input the test holds (for `--virtual-control`) and whose standard
    /// error goes to a file the test can read while it runs; killed when the test is done.
    final class Daemon {
        let process = Process()
        let control = Pipe()
        let logPath: String

        init(_ args: [String], logPath: String) throws {
            self.logPath = logPath
            guard FileManager.default.createFile(atPath: logPath, contents: nil), let log = FileHandle(forWritingAtPath: logPath) else {
                throw POSIXError(.EIO)
            }
            process.executableURL = InputDaemonSocketTests.binary
            process.arguments = args
            var env = ProcessInfo.processInfo.environment
            env["SDL_VIDEODRIVER"] = "dummy"
            process.environment = env
            process.standardError = log
            process.standardInput = control
            try process.run()
            try log.close()
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }

        var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

        /// Waits (with a deadline) until the log contains `text`.
        func waitForLog(_ text: String, within seconds: Double = 30) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if log.contains(text) { return true }
                guard process.isRunning else { return log.contains(text) }
                usleep(20_000)
            }
            return false
        }

        func send(_ line: String) { control.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        /// SIGTERM, then waits (with a deadline) for the end; its status and the whole log.
        func stop(within seconds: Double = 30) -> (status: Int32?, log: String) {
            if process.isRunning { process.terminate() }
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            guard !process.isRunning else {
                kill(process.processIdentifier, SIGKILL)
                return (nil, log)
            }
            return (process.terminationStatus, log)
        }

        /// User plus system CPU time of the whole daemon (all threads), in clock ticks.
        var cpuTicks: Int? {
            guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // Fields after "(comm)" start at field 3 (state); utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
            return user + system
        }

        /// The descriptor numbers the daemon has open.
        var openDescriptors: Set<Int32> {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd")) ?? []
            return Set(names.compactMap { Int32($0) })
        }

        /// Lowers the running daemon's descriptor limit so that exactly `room` more descriptors fit
        /// (the kernel hands out the lowest free number, and refuses numbers at or above the limit).
        func leaveRoom(for room: Int) -> Bool {
            let open = openDescriptors
            guard !open.isEmpty else { return false }
            var free = 0
            var limit: Int32 = 0
            while free < room {
                if !open.contains(limit) { free += 1 }
                limit += 1
            }
            // prlimit(2) is not imported into Swift's Glibc module; it is in libc all the same.
            typealias Prlimit = @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32
            guard let symbol = dlsym(nil, "prlimit") else { return false }
            var lowered = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
            return unsafeBitCast(symbol, to: Prlimit.self)(process.processIdentifier, Int32(RLIMIT_NOFILE.rawValue), &lowered, nil) == 0
        }
    }

    /// One connection the test keeps open.
    final class Client {
        let fd: Int32

        /// Connects to `path`; nil if that failed.
        init?(_ path: String) {
            guard let fd = InputDaemonSocketTests.connect(path) else { return nil }
            self.fd = fd
        }

        // shutdown first: it ends the connection even while a child that a parallel test is
        // spawning still holds a copy of the descriptor (between its fork and its exec).
        deinit {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }

        /// The next line, or nil at the end of the connection or when nothing came within the deadline.
        func line(within seconds: Double = 15) -> String? {
            var line: [UInt8] = []
            var b: UInt8 = 0
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard left > 0, poll(&p, 1, left) == 1, read(fd, &b, 1) == 1 else { return nil }
                if b == 0x0A { return String(decoding: line, as: UTF8.self) }
                line.append(b)
            }
        }

        /// True if nothing has arrived yet (no waiting).
        var quiet: Bool {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&p, 1, 0) == 0
        }

        /// True once the server has closed the connection (within the deadline).
        func ended(within seconds: Double = 15) -> Bool {
            var b: UInt8 = 0
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&p, 1, Int32(seconds * 1000)) == 1 && read(fd, &b, 1) == 0
        }
    }

    static func occurrences(of text: String, in log: String) -> Int { log.components(separatedBy: text).count - 1 }

    @Test func theThirtyThirdClientIsRefusedAndTheFirstThirtyTwoKeepBeingServed() throws {
        let dir = try InputDaemonSocketTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        let daemon = try Daemon(["--input-socket", path, "--virtual-control"], logPath: dir + "/stderr")
        // Its log, not a throwaway client, says it is up: every client slot and descriptor stays free.
        try #require(daemon.waitForLog("listening on"), "\(daemon.log)")

        var clients: [Client] = []
        for i in 0..<32 {
            let c = try #require(Client(path), "client \(i) could not connect")
            let first = c.line()
            #expect(first?.contains("\"type\":\"hello\"") == true, "client \(i): \(first ?? "nothing")")
            clients.append(c)
        }
        for attempt in 0..<2 { // refused every time while full, not just once
            let extra = try #require(Client(path))
            let first = extra.line()
            #expect(first?.contains("\"type\":\"refused\"") == true, "attempt \(attempt): \(first ?? "nothing")")
            #expect(first?.contains("at most 32 clients") == true, "attempt \(attempt): \(first ?? "nothing")")
            #expect(extra.ended(), "attempt \(attempt): the refused connection stayed open")
        }

        // The 32 still hear events: a controller plugged in now reaches every one of them.
        daemon.send("attach")
        for (i, c) in clients.enumerated() {
            let next = c.line()
            #expect(next?.contains("\"type\":\"added\"") == true, "client \(i): \(next ?? "nothing")")
        }

        // One leaves, one comes, again and again: each newcomer is served, and told about the
        // controller already there. (A departure and a newcomer seen in the same poll round used to
        // be taken in the wrong order, refusing the newcomer; repeating makes that show.)
        for round in 0..<20 {
            clients.removeFirst()
            let newcomer = try #require(Client(path))
            let hello = newcomer.line()
            #expect(hello?.contains("\"type\":\"hello\"") == true, "round \(round): \(hello ?? "nothing")")
            let added = newcomer.line()
            #expect(added?.contains("\"type\":\"added\"") == true, "round \(round): \(added ?? "nothing")")
            clients.append(newcomer)
        }

        // Full again: the next one is refused once more.
        let late = try #require(Client(path))
        let refused = late.line()
        #expect(refused?.contains("\"type\":\"refused\"") == true, "\(refused ?? "nothing")")

        #expect(daemon.process.isRunning)
        let end = daemon.stop()
        #expect(end.status == 0, "\(end.log)")
        #expect(Self.occurrences(of: "32 clients already", in: end.log) == 1, "\(end.log)")
    }

    @Test func runningOutOfDescriptorsIsLoggedOnceAndAWaitingClientIsServedWhenOneLeaves() throws {
        let dir = try InputDaemonSocketTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        let daemon = try Daemon(["--input-socket", path], logPath: dir + "/stderr")
        // Its log, not a throwaway client, says it is up: every client slot and descriptor stays free.
        try #require(daemon.waitForLog("listening on"), "\(daemon.log)")
        #expect(daemon.leaveRoom(for: 2), "could not lower the daemon's descriptor limit")

        // Two fit; the daemon cannot accept the next three, which wait in the listen queue.
        var served = [Client(path), Client(path)].compactMap { $0 }
        try #require(served.count == 2)
        for (i, c) in served.enumerated() {
            let first = c.line()
            #expect(first?.contains("\"type\":\"hello\"") == true, "client \(i): \(first ?? "nothing")")
        }
        let waiting = [Client(path), Client(path), Client(path)].compactMap { $0 }
        try #require(waiting.count == 3, "the listen queue should hold them")
        let message = "cannot accept clients"
        #expect(daemon.waitForLog(message), "\(daemon.log)")
        #expect(daemon.log.contains(String(cString: strerror(EMFILE))), "\(daemon.log)")
        #expect(daemon.process.isRunning, "\(daemon.log)")
        // The hello is written before the next accept, so had the first waiting one been
        // accepted, its hello would be there by the time of the log line.
        #expect(waiting[0].quiet, "a third client was served: the limit left more room than meant")

        // Sanity bound, not a timing: the old daemon spun on the listener here at full CPU;
        // resting, it uses next to none. Watch for a while that it does not burn half a second.
        if let before = daemon.cpuTicks {
            let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
            let watchUntil = Date().addingTimeInterval(2)
            var used = 0
            while Date() < watchUntil, used < Int(0.5 * ticksPerSecond) {
                usleep(50_000)
                used = (daemon.cpuTicks ?? before) - before
            }
            #expect(Double(used) / ticksPerSecond < 0.5, "the daemon is busy while it cannot accept")
        }

        // One leaves: its descriptor is free, and the first waiting client is served.
        served.removeFirst()
        let first = waiting[0].line()
        #expect(first?.contains("\"type\":\"hello\"") == true, "\(first ?? "nothing") \(daemon.log)")

        #expect(daemon.process.isRunning)
        let end = daemon.stop()
        #expect(end.status == 0, "\(end.log)")
        // It failed at least twice (before the leave, and for the second waiting client after it).
        #expect(Self.occurrences(of: message, in: end.log) == 1, "\(end.log)")
    }
}
