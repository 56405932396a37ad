import Foundation
import Testing
@testable import SnapCore

@Suite("State JSON says what is where")
struct StateJSONTests {
    func json(_ t: Table, at time: Double) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: TableStateJSON(table: t, at: time).jsonData()) as! [String: Any]
    }

    @Test func slotsCardsAndDragWithExplicitNulls() throws {
        var t = smallTable()
        let j = try json(t, at: 0)
        let slots = j["slots"] as! [[String: Any]]
        #expect(slots.count == 4)
        #expect(slots[0]["card"] as? Int == 1)
        #expect(slots[1]["card"] is NSNull)
        #expect(slots[3]["kind"] as? String == "deleteOnDrop")
        #expect(slots[0]["x"] as? Double == 100 && slots[0]["w"] as? Double == 80)
        #expect(j["drag"] is NSNull)

        t.pointerDown(.mouse, at: t.center(of: 1), time: 0)
        t.pointerMove(.mouse, to: t.center(of: 2), time: 0.1)
        let d = try json(t, at: 0.3)
        #expect(d["drag"] as? Int == 1)
        let card = (d["cards"] as! [[String: Any]])[0]
        #expect(card["slot"] as? Int == 1)
        #expect(card["rotation"] as? Double == 5.625)
        #expect(card["x"] as? Double == t.center(of: 2).x)
    }

    /// A card fading on the discard slot is still drawn, so it is in `cards` (marked fading, on
    /// the slot it fades on) as well as in the older `fading` list.
    @Test func fadingCardsAreListedWhileTheyAreDrawn() throws {
        var t = smallTable()
        let end = t.drag(from: t.center(of: 1), to: t.center(of: 9), start: 0)
        let j = try json(t, at: end + 0.05)
        let cards = j["cards"] as! [[String: Any]]
        #expect(cards.count == 1)
        #expect(cards[0]["fading"] as? Bool == true)
        #expect(cards[0]["slot"] as? Int == 9)
        #expect(abs((cards[0]["alpha"] as! Double) - 0.5) < 0.01)
        let fading = j["fading"] as! [[String: Any]]
        #expect(fading.count == 1)
        #expect(abs((fading[0]["alpha"] as! Double) - 0.5) < 0.01)
    }
}
