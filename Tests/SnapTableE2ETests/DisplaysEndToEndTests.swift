import Foundation
import Testing

/// Displays plugged in and out through replay verbs (a simulated display list), windows and
/// cards checked through the snapshots' state.
@Suite("snap-table displays end to end")
struct DisplaysEndToEndTests {
    func slotCard(_ json: [String: Any], _ slot: Int) -> Int? {
        (json["slots"] as! [[String: Any]]).first { $0["id"] as? Int == slot }?["card"] as? Int
    }

    @Test func plugInPlayOnBothWindowsUnplugMidDrag() throws {
        let dir = try SnapTableRunner.tempDir("displays")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try SnapTableRunner.replay("displays.replay", into: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let plugged = try SnapTableRunner.json(dir.appendingPathComponent("plugged.json"))
        let windows = plugged["windows"] as! [[String: Any]]
        #expect(windows.map { $0["role"] as! String } == ["primary", "table"])
        #expect(windows[1]["display"] as? String == "TV")
        #expect(windows[1]["x"] as? Double == 1280 && windows[1]["w"] as? Double == 1920 && windows[1]["h"] as? Double == 1080)
        #expect(slotCard(plugged, 8) == 1, "the primary-window drag did not land")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("plugged-table.png").path))

        let unplugged = try SnapTableRunner.json(dir.appendingPathComponent("unplugged.json"))
        #expect((unplugged["windows"] as! [[String: Any]]).map { $0["role"] as! String } == ["primary"])
        #expect(slotCard(unplugged, 10) == 5, "the table-view drag did not land")
        #expect(slotCard(unplugged, 9) == 6, "the card dragged on the unplugged TV is not back home")
        #expect(unplugged["drag"] is NSNull)
        #expect(r.stderr.contains("closed during a drag"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("unplugged-table.png").path))
    }

    /// Plugs in one display, takes snapshot `name` and ends, with `--secondary policy`.
    func plugIn(_ display: String, _ w: Int, _ h: Int, secondary policy: String, snapshot name: String) throws -> URL {
        let dir = try SnapTableRunner.tempDir(policy)
        let script = dir.appendingPathComponent("\(name).replay")
        try Data("0 display connect \(display) \(w) \(h)\n0 snapshot \(name)\n0 end\n".utf8).write(to: script)
        let r = try SnapTableRunner.run(["--sandbox", "--replay", script.path, "--screenshot", dir.path, "--secondary", policy])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        return dir
    }

    @Test func mirrorShowsTheSameSceneAsThePrimary() throws {
        let dir = try plugIn("Copy", 1280, 720, secondary: "mirror", snapshot: "m")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Data(contentsOf: dir.appendingPathComponent("m.png"))
        let b = try Data(contentsOf: dir.appendingPathComponent("m-mirror.png"))
        #expect(a == b, "a mirror of the same size must show the same pixels")
    }

    @Test func secondaryOffOpensNothing() throws {
        let dir = try plugIn("TV", 1920, 1080, secondary: "off", snapshot: "o")
        defer { try? FileManager.default.removeItem(at: dir) }
        let j = try SnapTableRunner.json(dir.appendingPathComponent("o.json"))
        #expect((j["windows"] as! [[String: Any]]).count == 1)
    }
}
