import Foundation
import Testing

/// Clients that misbehave and a host that dies: nothing crashes, nothing is lost, the others
/// play on. A real client (driven by a replay) plays throughout; the bad ones are raw sockets.
@Suite("Network play: faults", .serialized)
struct NetFaultTests {
    static func hello(_ name: String, code: String = "K7F2Q") -> String {
        #"{"type":"hello","protocol":1,"code":"\#(code)","name":"\#(name)"}"#
    }

    static func welcomed(_ ws: RawWebSocket) -> String? {
        guard let m = ws.receive(until: { $0.contains(#""type":"welcome""#) || $0.contains(#""type":"refusal""#) }),
              m.contains("welcome") else { return nil }
        return m.split(separator: "\"").drop { $0 != "playerID" }.dropFirst(2).first.map(String.init)
    }

    @Test func badClientsAreRefusedOrDroppedAndTheGameGoesOn() throws {
        let dir = try SnapTableRunner.tempDir("netfault")
        let (host, port) = try NetEndToEndTests.startHost(in: dir, ["--start-with", "1", "--bots", "hard", "--seed", "5"])
        let bea = try NetEndToEndTests.startClient("Bea", port: port, in: dir, replay: try NetEndToEndTests.enterReplay(in: dir))
        #expect(waitUntil(20) { NetEndToEndTests.joined(bea)?.id == "Ann" }, "\(bea.stderr)")
        let beaLog = dir.appendingPathComponent("Bea.log")
        #expect(waitUntil(20) { NetLogLine.read(beaLog).contains { $0.phase == "playing" } })

        // A wrong code: a refusal naming it, then the connection closes. Nothing else.
        let wrong = try RawWebSocket(port: port)
        try wrong.send(Self.hello("Wes", code: "NOPE1"))
        let refusal = wrong.receive()
        #expect(refusal?.contains(#""reason":"wrongCode""#) == true, "\(refusal ?? "nothing")")
        #expect(wrong.closedByPeer(within: 10))

        // A client that signs in and then never reads (nor answers pings).
        let silent = try RawWebSocket(port: port)
        try silent.send(Self.hello("Nil"))

        // Garbage and another seat's intents: errors, and the connection stays.
        let gus = try RawWebSocket(port: port)
        try gus.send(Self.hello("Gus"))
        let gusID = Self.welcomed(gus)
        #expect(gusID != nil && gusID != "Ann")
        try gus.send("garbage{")
        #expect(gus.receive(until: { $0.contains(#""type":"error""#) })?.contains("message not understood") == true)
        try gus.send(#"{"type":"intent","intent":"turnOver","player":"Ann","id":7}"#)
        let other = gus.receive(until: { $0.contains(#""type":"error""#) }) ?? ""
        #expect(other.contains("you play \(gusID ?? "?"), not Ann") && other.contains(#""id":7"#), "\(other)")
        try gus.send(#"{"type":"intent","intent":"snap","player":"Ann"}"#)
        #expect(gus.receive(until: { $0.contains(#""type":"error""#) })?.contains("not Ann") == true)

        // An oversize frame closes that connection.
        let big = try RawWebSocket(port: port)
        try big.send(Self.hello("Ozzy"))
        #expect(Self.welcomed(big) != nil)
        try big.send(#"{"type":"pong","ping":1,"pad":""# + String(repeating: "x", count: 20_000) + #""}"#)
        #expect(big.closedByPeer(within: 10))

        // Every seat is taken now (Ann, Nil, Gus, Ozzy's kept for his return): a fifth gets "table full".
        let fifth = try RawWebSocket(port: port)
        try fifth.send(Self.hello("Flo"))
        #expect(fifth.receive()?.contains(#""reason":"tableFull""#) == true)

        // A flood: more than 50 messages a second drops Gus.
        for i in 0..<120 { try? gus.send(#"{"type":"pong","ping":\#(i)}"#) }
        #expect(gus.closedByPeer(within: 10))
        #expect(waitUntil(10) { host.stderr.contains("Gus dropped out (more than 50 messages in a second)") }, "\(host.stderr)")
        #expect(host.stderr.contains("Ozzy dropped out (a frame of"))

        // The silent one is dropped after 10 s without a pong.
        #expect(waitUntil(30) { host.stderr.contains("Nil dropped out (no answer for 10 s)") }, "\(host.stderr)")
        _ = silent

        // Bea played on throughout and still agrees with the host.
        let mark = NetLogLine.read(dir.appendingPathComponent("host.log")).last?.seq ?? 0
        #expect(waitUntil(30) { (NetLogLine.read(beaLog).last?.seq ?? 0) > mark + 5 }, "Bea stopped getting updates")
        bea.signal(SIGTERM)
        #expect(bea.finish() == 0, "\(bea.stderr)")
        host.signal(SIGTERM)
        #expect(host.finish() == 0, "\(host.stderr)")
        NetEndToEndTests.agree(NetLogLine.read(beaLog), NetLogLine.read(dir.appendingPathComponent("host.log")), "Bea")
    }

    @Test func aClientWhoseConnectionDropsDialsBackToItsSeat() throws {
        let dir = try SnapTableRunner.tempDir("netdrop")
        let (host, port) = try NetEndToEndTests.startHost(in: dir, ["--start-with", "1", "--bots", "hard", "--seed", "6"])
        let forwarder = try TCPForwarder(to: port)
        let bea = try NetEndToEndTests.startClient("Bea", port: forwarder.port, in: dir, replay: try NetEndToEndTests.enterReplay(in: dir))
        let beaLog = dir.appendingPathComponent("Bea.log")
        #expect(waitUntil(20) { NetLogLine.read(beaLog).contains { $0.phase == "playing" } }, "\(bea.stderr)")
        forwarder.cut()
        #expect(waitUntil(20) { host.stderr.contains("Bea dropped out") }, "\(host.stderr)")
        #expect(waitUntil(30) { bea.stderr.contains("back at the table") }, "\(bea.stderr)")
        #expect(host.stderr.contains("Bea is back"))
        let mark = NetLogLine.read(dir.appendingPathComponent("host.log")).last?.seq ?? 0
        #expect(waitUntil(30) { (NetLogLine.read(beaLog).last?.seq ?? 0) > mark + 5 }, "no play after the drop")
        bea.signal(SIGTERM)
        #expect(bea.finish() == 0, "\(bea.stderr)")
        host.signal(SIGTERM)
        #expect(host.finish() == 0, "\(host.stderr)")
        let state = try SnapTableRunner.json(dir.appendingPathComponent("Bea.json"))
        #expect((state["seats"] as! [[String: Any]])[0]["player"] as? String == "Ann")
        #expect(state["status"] as? String != "The host went away: Leave quits")
        NetEndToEndTests.agree(NetLogLine.read(beaLog), NetLogLine.read(dir.appendingPathComponent("host.log")), "Bea", dropped: true)
    }

    @Test func whenTheHostDiesTheClientSaysSoAndKeepsItsWindow() throws {
        let dir = try SnapTableRunner.tempDir("nethost")
        let (host, port) = try NetEndToEndTests.startHost(in: dir, ["--start-with", "1", "--seed", "2"])
        let bea = try NetEndToEndTests.startClient("Bea", port: port, in: dir, replay: nil)
        let beaLog = dir.appendingPathComponent("Bea.log")
        #expect(waitUntil(20) { NetLogLine.read(beaLog).contains { $0.phase != "start" } }, "\(bea.stderr)")
        host.signal(SIGKILL)
        host.finish()
        #expect(waitUntil(20) { bea.stderr.contains("the host went away") }, "\(bea.stderr)")
        // Still running, showing the table with the news; it writes its state when asked.
        #expect(bea.process.isRunning)
        let state = dir.appendingPathComponent("Bea.json")
        bea.signal(SIGUSR1)
        #expect(waitUntil(10) { ((try? SnapTableRunner.json(state))?["status"] as? String)?.hasPrefix("The host went away") == true })
        #expect(bea.process.isRunning)
        bea.signal(SIGTERM)
        #expect(bea.finish() == 0, "\(bea.stderr)")
    }

    @Test func badNetworkOptionsAndAnAbsentHostAreClearErrors() throws {
        let cases: [([String], Int32, String)] = [
            (["--join", "nohost", "--code", "K", "--name", "N"], 64, "--join must look like 192.168.1.20:7420, got 'nohost'"),
            (["--join", "127.0.0.1:7420", "--name", "N"], 64, "--join needs --code"),
            (["--join", "127.0.0.1:7420", "--code", "K"], 64, "--join needs --name"),
            (["--host", "--join", "127.0.0.1:7420"], 64, "give either --host or --join, not both"),
            (["--host", "--start-with", "2"], 64, "--start-with needs --host --headless"),
            (["--host", "--code", "no spaces"], 64, "--code must be 1 to 16 letters and digits"),
            (["--headless"], 64, "--headless needs --host"),
        ]
        for (args, status, message) in cases {
            let r = try SnapTableRunner.run(args, timeout: 20)
            #expect(r.status == status && r.stderr.contains(message), "\(args): \(r.status) \(r.stderr)")
        }
        // Nobody listening: the client says so and exits 3, without opening a window.
        let dir = try SnapTableRunner.tempDir("netnohost")
        let r = try SnapTableRunner.run(["--join", "127.0.0.1:1", "--code", "K7F2Q", "--name", "Bea", "--screenshot", dir.path], timeout: 30)
        #expect(r.status == 3 && r.stderr.contains("cannot join 127.0.0.1:1"), "\(r.status) \(r.stderr)")
    }
}
