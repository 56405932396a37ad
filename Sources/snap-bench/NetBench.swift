import ArgumentParser
import Foundation
import Logging
import SnapCore
import SnapNet

/// Network play on loopback: a headless `snap-table --host` and four clients in this process
/// (WSClient). Prints how long a Snap! call takes to reach every other client, and the host's
/// CPU and memory while idle and during play.
struct NetBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "net",
        abstract: "Prints Snap! call latency to the other clients (p50, p99) and the host's CPU and RSS, idle and in play (loopback).")

    @Option(help: "Snap! calls to time (10...5000).") var calls = 200
    @Option(name: .customLong("idle-seconds"), help: "How long to measure the idle host (1...120).") var idleSeconds = 5.0

    func validate() throws {
        guard (10...5000).contains(calls) else { throw ValidationError("--calls wants 10...5000, got \(calls)") }
        guard (1...120).contains(idleSeconds) else { throw ValidationError("--idle-seconds wants 1...120, got \(idleSeconds)") }
    }

    typealias Tagged = (client: Int, event: NetClientLink.Event)

    final class Table {
        var me: [Int: String] = [:]
        var state: NetGameState?
        var stateSeq = 0
        /// Per client: the arrival time of the last `call` event by each player.
        var heardCall: [Int: [String: Double]] = [:]
        var verdicts: [String: Int] = [:]
        var errors = 0
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("snap-table")
        let host = Process()
        host.executableURL = exe
        host.arguments = ["--host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--code", "BENCH", "--bots", "off",
                          "--start-with", "4", "--log-level", "warning"]
        let out = Pipe()
        host.standardOutput = out
        try host.run()
        defer { if host.isRunning { host.terminate(); host.waitUntilExit() } }
        var printed = ""
        while !printed.contains("\n") {
            let d = out.fileHandleForReading.availableData
            guard !d.isEmpty else { throw ValidationError("the host printed no address") }
            printed += String(decoding: d, as: UTF8.self)
        }
        guard let address = printed.split(separator: " ").dropFirst(2).first.map(String.init) else { throw ValidationError("no address in \(printed)") }

        let inbox = NetInbox<Tagged>(limit: 100_000)
        var logger = Logger(label: "snap-bench")
        logger.logLevel = .warning
        let links = (0..<4).map { i in
            NetClientLink(address: address, hello: .hello(protocolVersion: 1, code: "BENCH", name: "Bench \(i)", token: nil), logger: logger) {
                inbox.post((i, $0))
            }
        }
        defer { for l in links { l.stop() } }
        let table = Table()

        func pump(until done: () -> Bool, within seconds: Double) throws {
            let deadline = NetInbox<Int>.now() + seconds
            while !done() {
                let left = deadline - NetInbox<Int>.now()
                guard left > 0 else { throw ValidationError("the host did not answer in time") }
                inbox.wait(seconds: left)
                for s in inbox.take().items {
                    let c = s.item.client
                    switch s.item.event {
                    case .message(.welcome(let p, _, _)): table.me[c] = p
                    case .message(.ping(let n, _)): links[c].send(.pong(n))
                    case .message(.update(let seq, let events, let state)):
                        if seq > table.stateSeq, let state { table.state = state; table.stateSeq = seq }
                        for e in events where e.type == .call { table.heardCall[c, default: [:]][e.player ?? ""] = s.time }
                        for e in events where [.snapWon, .wrongCall, .lateCall].contains(e.type) { table.verdicts[e.player ?? "", default: 0] += 1 }
                    case .message(.error): table.errors += 1
                    case .closed(let why): throw ValidationError("client \(c) lost the host: \(why)")
                    default: break
                    }
                }
            }
        }

        try pump(until: { table.me.count == 4 && table.state?.phase == "playing" }, within: 20)
        let idle = try measure(host.processIdentifier, seconds: idleSeconds) { try pump(until: { false }, within: $0) }

        var samples: [Double] = []
        let start = Usage.read(host.processIdentifier)
        let t0 = NetInbox<Int>.now()
        var k = 0
        while samples.count < calls {
            k += 1
            guard let s = table.state else { break }
            if s.phase == "roundOver" {
                let seq = table.stateSeq
                links[0].send(.intent(NetIntent(.nextRound)))
                try pump(until: { table.stateSeq > seq && table.state?.phase == "playing" }, within: 20)
                continue
            }
            // The player whose turn it is turns over (the game moves), then someone still in calls.
            if let a = s.active, let c = table.me.first(where: { $0.value == a })?.key {
                let seq = table.stateSeq
                links[c].send(.intent(NetIntent(.turnOver)))
                try pump(until: { table.stateSeq > seq }, within: 10)
            }
            guard let now = table.state, now.phase == "playing" else { continue }
            let inPlayers = now.players.filter { !$0.out }.map(\.id)
            guard let caller = table.me.sorted(by: { $0.key < $1.key }).map({ $0 }).filter({ inPlayers.contains($0.value) })
                .dropFirst(k % max(1, inPlayers.count)).first ?? table.me.first(where: { inPlayers.contains($0.value) }) else { continue }
            let before = table.verdicts[caller.value] ?? 0
            let others = (0..<4).filter { $0 != caller.key }
            let sent = NetInbox<Int>.now()
            links[caller.key].send(.intent(NetIntent(.snap)))
            try pump(until: { others.allSatisfy { (table.heardCall[$0]?[caller.value] ?? 0) >= sent } && (table.verdicts[caller.value] ?? 0) > before },
                     within: 10)
            samples.append(others.map { table.heardCall[$0]![caller.value]! - sent }.max()!)
        }
        let playSeconds = NetInbox<Int>.now() - t0
        let end = Usage.read(host.processIdentifier)
        let play = Usage.between(start, end, seconds: playSeconds)

        samples.sort()
        func pct(_ p: Double) -> Double { samples[min(samples.count - 1, Int((Double(samples.count) * p).rounded(.up)) - 1)] * 1000 }
        print("snap-bench net: headless host and 4 clients on loopback (\(address)), \(samples.count) Snap! calls")
        print(String(format: "  call -> every other client has it (call event received): p50 %.2f ms   p99 %.2f ms   max %.2f ms",
                     pct(0.5), pct(0.99), samples.last! * 1000))
        print("  (the host holds nothing back for a call: it tells the others at once; a window shows the bubble on its next frame, <= 16.7 ms at 60 Hz)")
        print(String(format: "  host idle, 4 clients seated, nobody moving (%.0f s): CPU %.2f%% of one core   RSS %.1f MB", idleSeconds, idle.cpu, idle.rssMB))
        print(String(format: "  host in play (%.1f s, a turn and a call each step): CPU %.2f%% of one core   RSS %.1f MB (peak %.1f MB)",
                     playSeconds, play.cpu, play.rssMB, end.peakMB))
        host.terminate()
        host.waitUntilExit()
    }

    func measure(_ pid: Int32, seconds: Double, wait: (Double) throws -> Void) throws -> (cpu: Double, rssMB: Double) {
        let a = Usage.read(pid)
        do { try wait(seconds) } catch {}
        let b = Usage.read(pid)
        return Usage.between(a, b, seconds: seconds)
    }
}

/// A process's CPU time and memory from /proc.
struct Usage {
    var cpuSeconds: Double
    var rssMB: Double
    var peakMB: Double

    static func read(_ pid: Int32) -> Usage {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // Fields after the command name (which may hold spaces) start at ") ".
        let fields = stat.split(separator: ")").last?.split(separator: " ").map(String.init) ?? []
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let cpu = fields.count > 13 ? ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / ticks : 0
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func kb(_ key: String) -> Double {
            status.split(separator: "\n").first { $0.hasPrefix(key) }.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) } ?? 0
        }
        return Usage(cpuSeconds: cpu, rssMB: kb("VmRSS:") / 1024, peakMB: kb("VmHWM:") / 1024)
    }

    static func between(_ a: Usage, _ b: Usage, seconds: Double) -> (cpu: Double, rssMB: Double) {
        ((b.cpuSeconds - a.cpuSeconds) / max(seconds, 0.001) * 100, b.rssMB)
    }
}
