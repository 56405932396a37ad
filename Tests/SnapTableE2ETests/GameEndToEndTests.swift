import Foundation
import Testing

/// The game of Snap! through the snap-table executable: a seeded replay where the local player
/// turns cards with the mouse and the keyboard, a controller joins as the second player, calls
/// Snap! wrongly and pays, and the local player then calls it rightly and takes the piles.
@Suite("Snap! end to end", .serialized)
struct GameEndToEndTests {
    static let args = ["--seed", "1", "--bots", "off", "--players", "Ann,Ben"]

    func play(into dir: URL, _ extra: [String] = []) throws -> SnapTableRunner.Result {
        try SnapTableRunner.replay("game.replay", into: dir, Self.args + extra + ["--state-out", dir.appendingPathComponent("final.json").path],
                                   sandbox: false)
    }

    /// The replay played twice with `extra` options, each into a folder of its own (removed by
    /// the caller), every run checked to end well.
    func playTwice(_ name: String, _ extra: [String] = []) throws -> (URL, URL) {
        let a = try SnapTableRunner.tempDir("\(name)-a"), b = try SnapTableRunner.tempDir("\(name)-b")
        for dir in [a, b] {
            let r = try play(into: dir, extra)
            #expect(r.status == 0, "stderr: \(r.stderr)")
        }
        return (a, b)
    }

    func expectSame(_ files: [String], in a: URL, and b: URL) throws {
        for file in files {
            #expect(try Data(contentsOf: a.appendingPathComponent(file)) == Data(contentsOf: b.appendingPathComponent(file)), "\(file) differs between two runs")
        }
    }

    func game(_ j: [String: Any]) -> [String: Any]? { j["game"] as? [String: Any] }

    func piles(_ j: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: (game(j)!["piles"] as! [[String: Any]]).map { ($0["player"] as! String, $0) })
    }

    @Test func aSeededGameWithARightAndAWrongSnap() throws {
        let dir = try SnapTableRunner.tempDir("game")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try play(into: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        func snap(_ n: String) throws -> [String: Any] { try SnapTableRunner.json(dir.appendingPathComponent("\(n).json")) }

        let start = try snap("start")
        #expect(start["game"] is NSNull && start["status"] as? String == "Press Deal to start")
        let seats = start["seats"] as! [[String: Any]]
        #expect(seats[0]["control"] as? String == "local" && seats[1]["control"] as? String == "pad 1", "the controller sits as Ben")

        let dealing = try snap("dealing")
        #expect(game(dealing)?["phase"] as? String == "dealing")
        #expect((dealing["cards"] as! [[String: Any]]).allSatisfy { $0["flying"] as? String == "deal" })

        let wrong = try snap("wrong")
        #expect(wrong["status"] as? String == "Ben called Snap! wrongly and pays 1")
        let call = game(wrong)?["lastCall"] as? [String: Any]
        #expect(call?["player"] as? String == "Ben" && call?["correct"] as? Bool == false && call?["cards"] as? Int == 1)
        #expect((wrong["seats"] as! [[String: Any]])[1]["snap"] as? Bool == true, "Ben's bubble shows")

        let match = try snap("match")
        #expect(piles(match)["Ann"]?["top"] as? String == "QD" && piles(match)["Ben"]?["top"] as? String == "QH")

        let won = try snap("snap")
        #expect(won["status"] as? String == "Snap! Ann takes 14 cards")
        let right = game(won)?["lastCall"] as? [String: Any]
        #expect(right?["player"] as? String == "Ann" && right?["correct"] as? Bool == true && right?["cards"] as? Int == 14)
        #expect((won["cards"] as! [[String: Any]]).filter { $0["flying"] as? String == "snap" }.count == 14, "the piles slide to Ann")

        let final = try snap("final")
        let p = piles(final)
        #expect(p["Ann"]?["closed"] as? Int == 34 && p["Ben"]?["closed"] as? Int == 18)
        #expect(p.values.map { ($0["closed"] as! Int) + ($0["open"] as! Int) }.reduce(0, +) == 52)
        for name in ["start", "dealing", "wrong", "match", "snap"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(name).png").path))
        }
    }

    /// `--rule colour=on` reaches the rules: the state names it, and the queens that Ann snaps
    /// (QD and QH, both red) still match; the same run twice is the same byte for byte. A bad
    /// rule is refused before anything opens.
    @Test func theColourRuleFromTheCommandLineJudgesTheGame() throws {
        let (a, b) = try playTwice("colour", ["--rule", "colour=on"])
        defer { for d in [a, b] { try? FileManager.default.removeItem(at: d) } }
        let won = try SnapTableRunner.json(a.appendingPathComponent("snap.json"))
        #expect(game(won)?["rules"] as? [String: Bool] == ["colour": true])
        #expect(game(won)?["kind"] as? String == "snap")
        #expect(won["status"] as? String == "Snap! Ann takes 14 cards")
        try expectSame(["snap.json", "snap.png", "final.json"], in: a, and: b)
        let bad = try SnapTableRunner.run(Self.args + ["--rule", "colour=maybe"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--rule: rule \"colour\": \"maybe\" is neither on nor off"), "stderr: \(bad.stderr)")
    }

    /// Snap pool from the command line: the same replay twice is the same game byte for byte,
    /// and Ben's wrong call (no match showing) puts his three open cards in the pool, not in Ann's hand.
    @Test func snapPoolFromTheCommandLineIsRepeatableAndFeedsThePool() throws {
        let (a, b) = try playTwice("pool", ["--game", "snap-pool"])
        defer { for d in [a, b] { try? FileManager.default.removeItem(at: d) } }
        let wrong = try SnapTableRunner.json(a.appendingPathComponent("wrong.json"))
        #expect(game(wrong)?["kind"] as? String == "snapPool")
        #expect(wrong["status"] as? String == "Ben called Snap! wrongly: 3 cards to the pool", "\(wrong["status"] ?? "")")
        #expect((game(wrong)?["pool"] as? [String: Any])?["count"] as? Int == 3)
        #expect(piles(wrong)["Ben"]?["open"] as? Int == 0, "Ben's three open cards went to the pool")
        #expect(piles(wrong).values.map { ($0["closed"] as! Int) + ($0["open"] as! Int) }.reduce(0, +) == 49, "52 with the pool's 3")
        try expectSame(["wrong.json", "wrong.png", "final.json"], in: a, and: b)
    }

    /// Slapjack, Egyptian Ratscrew and Snap pool headless with computer players, to the end of a
    /// round: Ann turns her cards and never slaps or calls, the computer players do, and one of
    /// them ends up holding all 52. Twice, the same bytes.
    @Test(arguments: [("slapjack", "7", "slapjack"), ("ratscrew", "5", "ratscrew"), ("snap-pool", "1", "snap-pool-round")])
    func aGameOfTheFamilyIsPlayedToTheEndOfARound(kind: String, seed: String, replay: String) throws {
        let a = try SnapTableRunner.tempDir("\(kind)-a"), b = try SnapTableRunner.tempDir("\(kind)-b")
        defer { for d in [a, b] { try? FileManager.default.removeItem(at: d) } }
        for dir in [a, b] {
            let r = try SnapTableRunner.replay("\(replay).replay", into: dir, ["--seed", seed, "--game", kind, "--players", "Ann,Ben,Cy", "--bots", "hard"],
                                               sandbox: false)
            #expect(r.status == 0, "stderr: \(r.stderr)")
        }
        let end = try SnapTableRunner.json(a.appendingPathComponent("end.json"))
        let g = try #require(game(end))
        #expect(g["kind"] as? String == (kind == "snap-pool" ? "snapPool" : kind) && g["phase"] as? String == "roundOver")
        let winner = try #require(g["winner"] as? String)
        #expect(piles(end)[winner]?["closed"] as? Int == 52, "the winner holds every card")
        #expect(((g["centre"] ?? g["pool"]) as? [String: Any])?["count"] as? Int == 0, "nothing left in the middle")
        #expect(piles(end).filter { $0.key != winner }.allSatisfy { $0.value["out"] as? Bool == true })
        #expect(end["status"] as? String == "\(winner) wins the round")
        try expectSame(["end.json", "end.png", "end-table.png"].filter { FileManager.default.fileExists(atPath: a.appendingPathComponent($0).path) }, in: a, and: b)
    }

    @Test func theSameSeedAndReplayGiveTheSameGameByteForByte() throws {
        let (a, b) = try playTwice("game")
        defer { for d in [a, b] { try? FileManager.default.removeItem(at: d) } }
        try expectSame(["snap.png", "snap.json", "wrong.png", "final.json"], in: a, and: b)
    }
}
