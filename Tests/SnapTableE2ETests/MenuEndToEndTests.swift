import Foundation
import Testing

/// The menus through the executable, headless: a replay chooses items and types as a person
/// would, and the settings file is found again by the next run.
@Suite("The menus end to end (headless replays)")
struct MenuEndToEndTests {
    func run(_ replay: String, in dir: URL, config: URL, extra: [String] = []) throws -> SnapTableRunner.Result {
        let file = dir.appendingPathComponent("menu.replay")
        try replay.write(to: file, atomically: true, encoding: .utf8)
        return try SnapTableRunner.run(["--menu", "--replay", file.path, "--screenshot", dir.path] + extra,
                                       environment: ["XDG_CONFIG_HOME": config.path])
    }

    @Test func aGameFromTheMenuAndBackByLeave() throws {
        let dir = try SnapTableRunner.tempDir("menu")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run("""
            0.1 choose play
            0.2 choose players
            0.3 choose start
            0.4 snapshot table
            0.5 key enter
            2.0 key escape
            2.1 key enter
            2.2 key enter
            2.3 snapshot back
            """, in: dir, config: dir.appendingPathComponent("config"))
        #expect(r.status == 0, "\(r.stderr)")
        let table = try SnapTableRunner.json(dir.appendingPathComponent("table.json"))
        #expect(table["menu"] is NSNull)
        let names = (table["seats"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.count == 2, "Players: 4 -> 2 (\(names))")
        let back = try SnapTableRunner.json(dir.appendingPathComponent("back.json"))
        #expect((back["menu"] as? [String: Any])?["screen"] as? String == "main")
        #expect(back["game"] == nil, "no game under the menu")
    }

    @Test func chooseOfAnItemNotOnTheScreenIsAReplayErrorWithFileAndLine() throws {
        let dir = try SnapTableRunner.tempDir("menu-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run("0.1 choose play\n0.2 choose host\n", in: dir, config: dir.appendingPathComponent("config"))
        #expect(r.status == 2)
        #expect(r.stderr.contains("menu.replay:2: no item 'host' on the local screen"), "\(r.stderr)")
    }

    @Test func settingsChangedInOneRunAreFoundByTheNextAndUnknownKeysKept() throws {
        let dir = try SnapTableRunner.tempDir("menu-settings")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config")
        let file = config.appendingPathComponent("snap-table/settings.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"name": "Ann", "theme": {"felt": "blue"}}"#.utf8).write(to: file)
        let first = try run("""
            0.1 choose settings
            0.2 choose name
            0.3 key backspace
            0.4 key backspace
            0.5 key backspace
            0.6 text Zoë
            0.7 choose bots
            0.8 choose back
            """, in: dir, config: config)
        #expect(first.status == 0, "\(first.stderr)")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        #expect(saved["name"] as? String == "Zoë")
        #expect(saved["bots"] as? String == "hard")
        #expect((saved["theme"] as? [String: Any])?["felt"] as? String == "blue", "an unknown key is kept")
        let second = try run("0.1 choose settings\n0.2 snapshot settings\n", in: dir, config: config)
        #expect(second.status == 0, "\(second.stderr)")
        let state = try SnapTableRunner.json(dir.appendingPathComponent("settings.json"))
        let labels = ((state["menu"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels.contains("Computer players: hard"), "\(labels)")
    }

    @Test func anUnreadableSettingsFileIsKeptAsBadAndReportedOnce() throws {
        let dir = try SnapTableRunner.tempDir("menu-bad-settings")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config")
        let file = config.appendingPathComponent("snap-table/settings.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"name": "Ann", "volume": 300}"#.utf8).write(to: file)
        let r = try run("0.1 snapshot main\n", in: dir, config: config)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "could not be read").count == 2, "reported once: \(r.stderr)")
        #expect(r.stderr.contains("\"volume\" must be a whole number from 0 to 100"), "\(r.stderr)")
        let kept = try String(contentsOf: file.appendingPathExtension("bad"), encoding: .utf8)
        #expect(kept == #"{"name": "Ann", "volume": 300}"#)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
