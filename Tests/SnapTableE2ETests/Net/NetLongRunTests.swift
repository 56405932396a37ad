import Foundation
import Synchronization
import Testing

extension NetUnderLoad {
    /// A host that runs all evening: 50,000 connections of every kind, made as fast as it takes
    /// them, leave nothing behind. Its memory after them is what it was after the first 5,000, and
    /// it stops on SIGTERM with status 0 on a small stack (a teardown whose depth grew with what
    /// the host had seen would overflow it).
    @Suite("Network play: a host that runs all evening", .serialized)
    struct NetLongRunTests {
        static let stackKiB = 512

        /// Connections of every kind a party sees, `count` of them on `threads` threads: mostly
        /// sockets that connect and go (a port scan, a phone's browser giving up), WebSockets with a
        /// wrong code, silent ones, junk, and players who sign in, send junk, and leave or drop.
        static func connections(_ count: Int, from start: Int, port: Int, threads: Int = 8) {
            let next = Atomic<Int>(start)
            let group = DispatchGroup()
            for _ in 0..<threads {
                group.enter()
                let t = Thread {
                    while case let k = next.add(1, ordering: .relaxed).newValue, k <= start + count {
                        Self.connection(k, port: port)
                    }
                    group.leave()
                }
                t.stackSize = 256 * 1024
                t.start()
            }
            group.wait()
        }

        static func connection(_ k: Int, port: Int) {
            switch k % 20 {
            case 0, 1:
                guard let ws = try? RawWebSocket(port: port) else { return }
                try? ws.send(NetFaultTests.hello("W", code: "WRONG"))
                _ = ws.receive()
            case 2:
                // Silent: closed by the client before its hello.
                _ = try? RawWebSocket(port: port)
            case 3:
                guard let ws = try? RawWebSocket(port: port) else { return }
                try? ws.send("junk{")
                _ = ws.receive()
            case 4:
                guard let ws = try? RawWebSocket(port: port) else { return }
                try? ws.send(NetFaultTests.hello("P\(k % 3)"))
                guard NetFaultTests.welcomed(ws) != nil else { return }
                try? ws.send("junk after the welcome")
                if k % 40 == 4 { try? ws.send(#"{"type":"intent","intent":"leave"}"#) }
                _ = ws.receive()
            default:
                guard let fd = try? RawWebSocket.connectTCP(port: port) else { return }
                close(fd)
            }
        }

        static func rssKiB(_ pid: Int32) -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }

        /// RSS once the host is quiet again: after the connections it has seen went, it settles
        /// (bounded wait); the lowest of a few readings.
        static func settledRSS(_ host: NetProcess) -> Int {
            var lowest = Int.max
            for _ in 0..<5 {
                _ = waitUntil(0.3) { false }
                lowest = min(lowest, rssKiB(host.pid))
            }
            return lowest
        }

        @Test func fiftyThousandConnectionsLeaveNothingBehindAndTheHostStopsCleanly() throws {
            let dir = try SnapTableRunner.tempDir("netlong")
            let port = try NetOutputTests.freePort()
            let args = NetOutputTests.hostArgs(port: port, dir: dir).filter { $0 != "--start-with" && $0 != "1" }
                .map { $0 == "info" ? "notice" : $0 }
            // A small stack for the whole host: every thread's default comes from it too.
            let host = try NetProcess("host", ["-c", "ulimit -s \(Self.stackKiB) && exec \"$0\" \"$@\"", SnapTableRunner.binary.path] + args,
                                      in: dir, executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(NetOutputTests.waitForHost(port: port), "the host never served: \(host.stderr.suffix(1000))")
            let start = Date()
            Self.connections(5_000, from: 0, port: port)
            let early = Self.settledRSS(host)
            Self.connections(45_000, from: 5_000, port: port)
            let late = Self.settledRSS(host)
            let seconds = Date().timeIntervalSince(start)
            print(String(format: "net-long 50,000 connections in %.0f s (%.0f a second): RSS %.1f MB after 5,000, %.1f MB after 50,000 (stack %d KiB)",
                         seconds, 50_000 / seconds, Double(early) / 1024, Double(late) / 1024, Self.stackKiB))
            #expect(late - early <= 2048, "RSS grew \(late - early) KiB from 5,000 to 50,000 connections")
            // Still answering (the seats of players who dropped wait for their tokens: the table
            // may be full), then gone on SIGTERM, whole.
            let ws = try RawWebSocket(port: port)
            try ws.send(NetFaultTests.hello("Ann"))
            let answer = ws.receive(until: { $0.contains(#""type":"welcome""#) || $0.contains(#""type":"refusal""#) }) ?? "nothing"
            #expect(answer.contains(#""type":"welcome""#) || answer.contains(#""reason":"tableFull""#), "\(answer)")
            host.signal(SIGTERM)
            #expect(host.finish(within: 30) == 0, "\(host.stderr.suffix(2000))")
            #expect(host.stderr.contains("stopping: telling the clients"))
            #expect(NetOutputTests.stateIsWhole(dir))
        }
    }
}
