import Foundation
import Testing

/// Network play between processes on the loopback interface: a headless host and clients
/// started by the test, each client driven by a replay. Every wait is for a condition.
@Suite("Network play end to end", .serialized)
struct NetEndToEndTests {
    /// A headless host on a free port; its address is read from what it prints.
    static func startHost(in dir: URL, _ extra: [String] = []) throws -> (NetProcess, port: Int) {
        let host = try NetProcess("host", ["--host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--code", "K7F2Q",
                                           "--net-log", dir.appendingPathComponent("host.log").path,
                                           "--state-out", dir.appendingPathComponent("host.json").path] + extra, in: dir)
        #expect(waitUntil(20) { host.stdout.contains("hosting on") }, "the host printed no address: \(host.stderr)")
        let line = host.stdout.split(separator: "\n").first { $0.hasPrefix("hosting on") } ?? ""
        let port = line.split(separator: " ").dropFirst(2).first.flatMap { $0.split(separator: ":").last }.flatMap { Int($0) } ?? 0
        #expect(line.hasSuffix("join code K7F2Q"))
        return (host, port)
    }

    /// A replay that presses Enter every 50 ms for `seconds`: turns over on this player's turn
    /// (and deals the next round once one is won).
    static func enterReplay(in dir: URL, seconds: Double = 240) throws -> URL {
        let url = dir.appendingPathComponent("enter.replay")
        var lines = ["# Enter every 50 ms: turn over on my turn, deal after a round"]
        var t = 0.05
        while t < seconds {
            lines.append(String(format: "%.2f key enter", t))
            t += 0.05
        }
        try lines.joined(separator: "\n").appending("\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func startClient(_ name: String, port: Int, in dir: URL, replay: URL?, token: String? = nil, log: String? = nil) throws -> NetProcess {
        let shots = dir.appendingPathComponent("shots-\(name)")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        var args = ["--join", "127.0.0.1:\(port)", "--code", "K7F2Q", "--name", name, "--screenshot", shots.path,
                    "--net-log", dir.appendingPathComponent("\(log ?? name).log").path,
                    "--state-out", dir.appendingPathComponent("\(log ?? name).json").path]
        if let replay { args += ["--replay", replay.path] }
        if let token { args += ["--token", token] }
        return try NetProcess(log ?? name, args, in: dir)
    }

    /// "joined as Ben seat 1 token ..." from a client's output.
    static func joined(_ p: NetProcess) -> (id: String, seat: Int, token: String)? {
        guard let line = p.stdout.split(separator: "\n").first(where: { $0.hasPrefix("joined as") }) else { return nil }
        let w = line.split(separator: " ").map(String.init)
        guard w.count == 7, let seat = Int(w[4]) else { return nil }
        return (w[2], seat, w[6])
    }

    /// Every update a client logged matches the host's update of the same number, none is
    /// missing between its first and last, and the cards are all there in each.
    /// `dropped`: the client was away for a while (updates meanwhile never reached it).
    static func agree(_ client: [NetLogLine], _ host: [NetLogLine], _ who: String, dropped: Bool = false) {
        let byHost = Dictionary(uniqueKeysWithValues: host.map { ($0.seq, $0) })
        #expect(!client.isEmpty, "\(who) logged nothing")
        for l in client {
            #expect(byHost[l.seq]?.digest == l.digest, "\(who): update \(l.seq) differs from the host's")
            #expect(l.cards != "BAD", "\(who): cards lost in update \(l.seq)")
        }
        if !dropped, let first = client.first?.seq {
            #expect(client.map(\.seq) == Array(first..<(first + client.count)), "\(who): updates missing")
        }
    }

    @Test func threeClientsPlayARoundAndAClientComesBackWithItsToken() throws {
        let dir = try SnapTableRunner.tempDir("net")
        let (host, port) = try Self.startHost(in: dir, ["--start-with", "3", "--bots", "hard", "--seed", "3"])
        let replay = try Self.enterReplay(in: dir)
        var clients: [String: NetProcess] = [:]
        for n in ["Bea", "Col", "Dot"] { clients[n] = try Self.startClient(n, port: port, in: dir, replay: replay) }
        for (n, c) in clients { #expect(waitUntil(20) { Self.joined(c) != nil }, "\(n) did not join: \(c.stderr)") }
        // A failed wait stops the test here (the processes are killed on the way out), not a crash.
        let ids = try clients.mapValues { try #require(Self.joined($0)).id }
        #expect(Set(ids.values) == ["Ann", "Ben", "Cy"])

        // The computer player in Dee's seat and the clients play round 1 to a win.
        let hostLog = dir.appendingPathComponent("host.log")
        #expect(waitUntil(180) { NetLogLine.read(hostLog).contains { $0.phase == "roundOver" } }, "no round was won: \(host.stderr)")
        let won = try #require(NetLogLine.read(hostLog).first { $0.phase == "roundOver" })
        for n in clients.keys {
            let log = dir.appendingPathComponent("\(n).log")
            #expect(waitUntil(20) { NetLogLine.read(log).contains { $0.seq >= won.seq } }, "\(n) never saw the round end")
            #expect(NetLogLine.read(log).first { $0.seq == won.seq }?.digest == won.digest)
        }

        // Bea's program dies mid-game and comes back with its token: the same seat.
        let bea = clients["Bea"]!
        let (beaID, beaSeat, token) = try #require(Self.joined(bea))
        bea.signal(SIGKILL)
        bea.finish()
        #expect(waitUntil(20) { host.stderr.contains("Bea dropped out") })
        let back = try Self.startClient("Bea", port: port, in: dir, replay: replay, token: token, log: "Bea-again")
        #expect(waitUntil(20) { Self.joined(back) != nil }, "Bea could not come back: \(back.stderr)")
        #expect(Self.joined(back)?.id == beaID && Self.joined(back)?.seat == beaSeat && Self.joined(back)?.token == token)
        #expect(waitUntil(20) { host.stderr.contains("Bea is back") })
        let againLog = dir.appendingPathComponent("Bea-again.log")
        let mark = NetLogLine.read(hostLog).last?.seq ?? 0
        #expect(waitUntil(60) { (NetLogLine.read(againLog).last?.seq ?? 0) > mark + 10 }, "no play after Bea came back")

        // Everyone stops; each state file shows its own player at the bottom.
        for c in [clients["Col"]!, clients["Dot"]!, back] { c.signal(SIGTERM) }
        for c in [clients["Col"]!, clients["Dot"]!, back] { #expect(c.finish() == 0, "\(c.name): \(c.stderr)") }
        host.signal(SIGTERM)
        #expect(host.finish() == 0, "\(host.stderr)")

        let hostLines = NetLogLine.read(hostLog)
        for name in ["Bea", "Col", "Dot", "Bea-again"] {
            Self.agree(NetLogLine.read(dir.appendingPathComponent("\(name).log")), hostLines, name)
        }
        for (name, id) in [("Col", ids["Col"]!), ("Dot", ids["Dot"]!), ("Bea-again", beaID)] {
            let state = try SnapTableRunner.json(dir.appendingPathComponent("\(name).json"))
            let seats = state["seats"] as! [[String: Any]]
            #expect(seats[0]["seat"] as? String == "bottom" && seats[0]["player"] as? String == id, "\(name): \(seats[0])")
            #expect(seats[0]["control"] as? String == "local")
            let piles = (state["game"] as? [String: Any])?["piles"] as? [[String: Any]] ?? []
            #expect(piles.reduce(0) { $0 + ($1["closed"] as! Int) + ($1["open"] as! Int) } == 52, "\(name): cards not conserved")
        }
        for c in clients.values where c !== bea { #expect(!c.stderr.contains("updates were lost"), "\(c.stderr)") }
    }
}
