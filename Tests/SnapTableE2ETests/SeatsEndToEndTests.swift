import Foundation
import Testing

/// Seats through the executable: a replay of joins, turns, a Snap! call and a leave, and a
/// live feed read headless.
@Suite("snap-table seats end to end")
struct SeatsEndToEndTests {
    func seats(_ json: [String: Any]) -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        for s in json["seats"] as! [[String: Any]] { out[s["seat"] as! String] = s }
        return out
    }

    @Test func replayWithJoinsTurnsSnapAndLeave() throws {
        let dir = try SnapTableRunner.tempDir("seats")
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json")
        let r = try SnapTableRunner.replay("seats.replay", into: dir, ["--state-out", state.path, "--players", "Ann,Cy", "--me", "Cy"])
        #expect(r.status == 0, "stderr: \(r.stderr)")

        let joined = seats(try SnapTableRunner.json(dir.appendingPathComponent("joined.json")))
        #expect(joined["bottom"]?["player"] as? String == "Cy")
        #expect(joined["right"]?["player"] as? String == "Ann")
        #expect(joined["left"]?["player"] as? String == "Ben")
        #expect(joined["top"]?["player"] as? String == "Dee")
        #expect(joined["top"]?["gamesWon"] as? Int == 2)
        #expect(joined["right"]?["active"] as? Bool == true)

        let snap = try SnapTableRunner.json(dir.appendingPathComponent("snap.json"))
        #expect(seats(snap)["left"]?["snap"] as? Bool == true)
        #expect(seats(snap)["bottom"]?["active"] as? Bool == true)
        #expect(snap["status"] as? String == "Cy\u{2019}s turn")

        let final = try SnapTableRunner.json(state)
        let s = seats(final)
        #expect(s["top"]?["player"] is NSNull, "Dee left but the seat is still taken")
        #expect(s["left"]?["snap"] as? Bool == false)
        #expect(s["left"]?["active"] as? Bool == true)
        #expect(s["right"]?["player"] as? String == "Ann", "a leave moved someone")
        #expect(s["left"]?["player"] as? String == "Ben", "a leave moved someone")
        #expect(final["status"] as? String == "Ben called Snap!")
        for name in ["joined", "snap", "left"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(name).png").path))
        }
        // The pictures differ where the seats changed.
        let a = try Data(contentsOf: dir.appendingPathComponent("joined.png"))
        let b = try Data(contentsOf: dir.appendingPathComponent("left.png"))
        #expect(a != b)
    }

    @Test func feedOnStandardInputIsReadBeforeTheScreenshot() throws {
        let dir = try SnapTableRunner.tempDir("feed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json")
        let feed = "active Dee\nwins Ben seven\nsnap Cy\nplayer leave Ben\n"
        let r = try SnapTableRunner.run(["--sandbox", "--screenshot", dir.path, "--feed", "-", "--state-out", state.path], stdin: feed)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("feed:2: player Ben: games won 'seven' is not a whole number >= 0"), "stderr: \(r.stderr)")
        let s = seats(try SnapTableRunner.json(state))
        #expect(s["right"]?["active"] as? Bool == true)   // Dee, seat 3
        #expect(s["top"]?["snap"] as? Bool == true)       // Cy, seat 2
        #expect(s["left"]?["player"] is NSNull)           // Ben left after the bad line
    }

    @Test func badTableFileNamesTheField() throws {
        let dir = try SnapTableRunner.tempDir("table")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("table.json")
        try Data(#"{"me": "a", "players": [{"id": "a", "name": "A", "seat": 0}, {"id": "b", "name": "B", "seat": 0}]}"#.utf8).write(to: file)
        let r = try SnapTableRunner.run(["--sandbox", "--screenshot", dir.path, "--table", file.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(file.path): player b: seat 0 is already taken by a"), "stderr: \(r.stderr)")
    }
}
