import Foundation
import Testing

extension NetUnderLoad {
    /// docs/protocol.md promises that a connection closed to make room hears `busy` first, and
    /// that a client saying hello at once is welcomed. Here silent WebSockets from the player's own
    /// address are re-opened as fast as the host closes them, and a player says hello the moment
    /// its socket is open, 100 times: every try ends in `welcome` or `busy`, never a bare close,
    /// and after a `busy` the player is seated within a second.
    @Suite("Network play: a hello under a flood from the same address", .serialized)
    struct NetHelloUnderFloodTests {
        enum Outcome: Equatable {
            case welcome, busy, bare(String)
        }

        /// One try: the upgrade, the hello at once, then what the host answers.
        static func attempt(port: Int, name: String) -> Outcome {
            let ws: RawWebSocket
            do { ws = try RawWebSocket(port: port, source: "127.0.0.1") } catch { return .bare("no upgrade: \(error)") }
            ws.setReadTimeout(10)
            do { try ws.send(NetFaultTests.hello(name)) } catch { return .bare("the hello could not be sent: \(error)") }
            guard let m = ws.receive(until: { $0.contains(#""type":"welcome""#) || $0.contains(#""type":"refusal""#) }) else {
                return .bare(ws.sawEOF ? "closed without a word" : "no answer in 10 s")
            }
            if m.contains(#""type":"welcome""#) {
                // Leave, so the seat is free for the next try.
                try? ws.send(#"{"type":"intent","intent":"leave"}"#)
                _ = ws.closedByPeer(within: 5)
                return .welcome
            }
            return m.contains(#""reason":"busy""#) ? .busy : .bare("refused otherwise: \(m)")
        }

        @Test(arguments: [16, 100])
        func aHelloAtOnceGetsWelcomeOrBusyNeverABareClose(silent: Int) throws {
            let dir = try SnapTableRunner.tempDir("nethello\(silent)")
            let (host, port) = try NetBusyTests.startHost(in: dir)
            let flood = NetBusyTests.Flood(port: port, count: silent, source: { _ in "127.0.0.1" })
            #expect(waitUntil(20) { flood.connections >= silent }, "the flood never got going")
            var welcomed = 0, busy = 0, bare: [String] = [], slowest = 0.0
            for k in 0..<100 {
                var outcome = Self.attempt(port: port, name: "P\(k % 10)")
                guard outcome != .welcome else {
                    welcomed += 1
                    continue
                }
                // Retried at once after `busy`, as a client does, until seated (bounded).
                let start = Date()
                while outcome == .busy, Date().timeIntervalSince(start) < 5 {
                    busy += 1
                    outcome = Self.attempt(port: port, name: "P\(k % 10)")
                }
                switch outcome {
                case .welcome:
                    welcomed += 1
                    slowest = max(slowest, Date().timeIntervalSince(start))
                case .busy: bare.append("try \(k): still busy after 5 s of retries")
                case .bare(let why): bare.append("try \(k): \(why)")
                }
            }
            #expect(flood.stop())
            print(String(format: "net-hello %d silent from the player's address: 100 tries, %d welcomed, %d busy on the way, slowest seat after busy %.0f ms",
                         silent, welcomed, busy, slowest * 1000))
            #expect(bare.isEmpty, "\(bare.count) tries ended without welcome or busy: \(bare.prefix(5))")
            #expect(welcomed == 100)
            #expect(slowest <= 1.0, "a retry after busy took \(slowest) s to be seated")
            host.signal(SIGTERM)
            #expect(host.finish() == 0, "\(host.stderr.suffix(2000))")
        }
    }
}
