import Foundation
import Testing

/// Controllers and the keyboard through replay verbs, checked through the state the executable writes.
@Suite("snap-table controllers end to end")
struct ControllersEndToEndTests {
    @Test func padsAndKeyboardPlayWithoutAMouse() throws {
        let dir = try SnapTableRunner.tempDir("pads")
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state.json")
        let r = try SnapTableRunner.replay("pads.replay", into: dir, ["--state-out", state.path])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let carrying = try SnapTableRunner.json(dir.appendingPathComponent("carrying.json"))
        let pads = carrying["controllers"] as! [[String: Any]]
        #expect(pads.count == 2)
        #expect(pads[0]["heldCard"] as? Int == 1 && pads[0]["focusedSlot"] as? Int == 8)
        #expect(pads[1]["heldCard"] is NSNull, "pad 2 took the card pad 1 holds")
        #expect(pads[0]["playerIndex"] as? Int == 0 && pads[1]["playerIndex"] as? Int == 1)

        let final = try SnapTableRunner.json(state)
        let slots = Dictionary(uniqueKeysWithValues: (final["slots"] as! [[String: Any]]).map { ($0["id"] as! Int, $0["card"] as? Int) })
        #expect(slots[8] == 1, "pad 1's drop did not land")
        #expect(slots[2] == 2, "card 2 is not home after its pad was unplugged and the keyboard's drop was refused")
        #expect((final["controllers"] as! [[String: Any]]).map { $0["id"] as! Int } == [1])
        #expect(final["paused"] as? Bool == true)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("paused.png").path))
    }
}
