import Foundation
import Testing

@Suite("snap-table end to end")
struct ReplayEndToEndTests {
    @Test func replayCreatesMovesSnapsBackAndDeletes() throws {
        let dir = try SnapTableRunner.tempDir("e2e")
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json")
        let r = try SnapTableRunner.replay("play.replay", into: dir, ["--state-out", state.path])
        #expect(r.status == 0, "stderr: \(r.stderr)")

        let final = try SnapTableRunner.json(state)
        let slots = final.slotCards()
        #expect(slots[5] == 7, "the click made card 7 in hand slot 5")
        #expect(slots[8] == 1, "card 1 moved to table slot 8")
        #expect(slots[1] == .some(nil), "and its old slot is empty")
        #expect(slots[2] == 2 && slots[9] == 6, "card 2 snapped back from the taken slot 9")
        #expect(slots[3] == .some(nil) && slots[12] == .some(nil), "card 3 deleted; the discard slot stays empty")
        #expect(final.cards()[3] == nil)
        #expect(slots[4] == 4, "card 4 home after Escape")
        #expect(final["drag"] is NSNull)
        #expect((final["fading"] as! [Any]).isEmpty)
        #expect(final.cards().values.allSatisfy { ($0["rotation"] as! Double) == 0 && ($0["alpha"] as! Double) == 1 })

        let dragging = try SnapTableRunner.json(dir.appendingPathComponent("dragging.json"))
        #expect(dragging["drag"] as? Int == 1)
        #expect(dragging.cards()[1]?["rotation"] as? Double == 5.625)
        #expect(dragging.cards()[1]?["x"] as? Double == 452 && dragging.cards()[1]?["y"] as? Double == 356)

        // Released at (562, 356) at 1.20; halfway home to (475, 604) at 1.25.
        let snapping = try SnapTableRunner.json(dir.appendingPathComponent("snapping.json"))
        let c2 = snapping.cards()[2]!
        #expect(abs((c2["x"] as! Double) - (562 + 475) / 2) < 0.01 && abs((c2["y"] as! Double) - (356 + 604) / 2) < 0.01)
        #expect(c2["slot"] as? Int == 2)

        let fading = try SnapTableRunner.json(dir.appendingPathComponent("fading.json"))
        let ghost = (fading["fading"] as! [[String: Any]]).first
        #expect(ghost?["id"] as? Int == 3)
        #expect(abs((ghost?["alpha"] as? Double ?? 0) - 0.5) < 0.01)

        for name in ["dragging", "snapping", "fading", "final"] {
            let png = try Data(contentsOf: dir.appendingPathComponent("\(name).png"))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name).png is a PNG")
            #expect(png.count > 10_000)
        }
    }

    @Test func sameReplayGivesIdenticalPicturesAndState() throws {
        var outputs: [[Data]] = []
        for _ in 0..<2 {
            let dir = try SnapTableRunner.tempDir("det")
            defer { try? FileManager.default.removeItem(at: dir) }
            let state = dir.appendingPathComponent("state.json")
            let r = try SnapTableRunner.replay("play.replay", into: dir, ["--state-out", state.path])
            #expect(r.status == 0, "stderr: \(r.stderr)")
            outputs.append(try ["dragging.png", "fading.png", "final.png", "state.json", "snapping.json"].map {
                try Data(contentsOf: dir.appendingPathComponent($0))
            })
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func screenshotWithoutReplayShowsTheDemoTable() throws {
        let dir = try SnapTableRunner.tempDir("shot")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try SnapTableRunner.run(["--sandbox", "--screenshot", dir.path])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let state = try SnapTableRunner.json(dir.appendingPathComponent("screenshot.json"))
        #expect(state.cards().count == 6)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("screenshot.png").path))
    }
}
