import Testing
@testable import SnapCore

@Suite("Dragging: threshold, grab point, tilt, z-order, highlight")
struct DragTests {
    @Test func smallMovesStayAPress() {
        var t = smallTable()
        let c = t.center(of: 1)
        t.pointerDown(.mouse, at: c, time: 0)
        t.pointerMove(.mouse, to: c + Point(x: 3, y: 0), time: 0.02)
        #expect(t.drag(of: .mouse).heldCard == nil)
        t.pointerMove(.mouse, to: c + Point(x: 6, y: 0), time: 0.03)
        #expect(t.drag(of: .mouse).heldCard == 1)
    }

    @Test func cardEasesToThePointerKeepingTheGrabbedPoint() {
        var t = smallTable()
        let grab = t.center(of: 1) + Point(x: -30, y: 40) // near the bottom-left corner
        t.pointerDown(.mouse, at: grab, time: 0)
        t.pointerMove(.mouse, to: grab + Point(x: 200, y: 0), time: 1.0)
        // Just after the drag starts the card has not jumped to the pointer yet.
        #expect(close(t.pose(of: 1, at: 1.0)!.center, t.center(of: 1)))
        let mid = t.pose(of: 1, at: 1.05)!.center
        #expect(close(mid.x, t.center(of: 1).x + 100, 1e-6), "halfway through the 0.1 s ease")
        // After 0.1 s the grabbed point sits under the pointer.
        t.pointerMove(.mouse, to: grab + Point(x: 250, y: 10), time: 1.2)
        #expect(close(t.pose(of: 1, at: 1.2)!.center, t.center(of: 1) + Point(x: 250, y: 10)))
    }

    @Test func tiltReachesPiOver32In100ms() {
        var t = smallTable()
        let c = t.center(of: 1)
        t.pointerDown(.mouse, at: c, time: 0)
        t.pointerMove(.mouse, to: c + Point(x: 50, y: 0), time: 0.5)
        #expect(t.pose(of: 1, at: 0.5)!.rotation == 0)
        #expect(close(t.pose(of: 1, at: 0.55)!.rotation, .pi / 64))
        #expect(close(t.pose(of: 1, at: 0.6)!.rotation, .pi / 32))
        #expect(close(t.pose(of: 1, at: 3)!.rotation, .pi / 32))
    }

    @Test func draggedCardIsDrawnAboveEverything() {
        var t = smallTable()
        t.click(t.center(of: 2), at: 0)
        t.click(t.center(of: 3), at: 0.1)
        let c = t.center(of: 1)
        t.pointerDown(.mouse, at: c, time: 1)
        t.pointerMove(.mouse, to: t.center(of: 3), time: 1.1)
        #expect(t.drawOrder(at: 1.3).last == 1)
        let list = SceneBuilder.build(t, at: 1.3, canvas: Size(w: 800, h: 400))
        guard case .image(.cardFace(let face), _, let rot, _) = list.moving.last else {
            Issue.record("dragged card is not the last thing drawn")
            return
        }
        #expect(face == t.board.cards[1]!.face)
        #expect(close(rot, .pi / 32))
    }

    @Test func targetSlotIsHighlightedWhileDragging() {
        var t = smallTable()
        let c = t.center(of: 1)
        t.pointerDown(.mouse, at: c, time: 0)
        t.pointerMove(.mouse, to: t.center(of: 2), time: 0.3)
        #expect(t.pendingDrop(of: .mouse, at: 0.3)?.outcome == .move(2))
        let list = SceneBuilder.build(t, at: 0.3, canvas: Size(w: 800, h: 400))
        // With what is still, on top of it: it stays put while the card moves over the slot.
        #expect(list.still.last.map { if case .image(.highlightMove, let r, _, _) = $0 { r.center == t.center(of: 2) } else { false } } == true)
        t.pointerMove(.mouse, to: t.center(of: 9), time: 0.6)
        #expect(t.pendingDrop(of: .mouse, at: 0.6)?.outcome == .delete(9))
        let list2 = SceneBuilder.build(t, at: 0.6, canvas: Size(w: 800, h: 400))
        #expect(list2.still.last.map { if case .image(.highlightDelete, _, _, _) = $0 { true } else { false } } == true)
    }

    @Test func restingCardsAreInTheStillLayerAndMovingOnesAreNot() {
        var t = smallTable()
        let still = SceneBuilder.build(t, at: 0, canvas: Size(w: 800, h: 400))
        #expect(still.moving.isEmpty)
        #expect(still.still.contains { if case .image(.cardFace, _, _, _) = $0 { true } else { false } })
        t.pointerDown(.mouse, at: t.center(of: 1), time: 0)
        t.pointerMove(.mouse, to: t.center(of: 2), time: 0.1)
        let dragging = SceneBuilder.build(t, at: 0.1, canvas: Size(w: 800, h: 400))
        #expect(!dragging.still.contains { if case .image(.cardFace, _, _, _) = $0 { true } else { false } })
    }

    @Test func aHeldCardCannotBeGrabbedByAnotherPress() {
        var t = smallTable()
        t.pointerDown(.mouse, at: t.center(of: 1), time: 0)
        t.pointerMove(.mouse, to: t.center(of: 1) + Point(x: 10, y: 0), time: 0.2)
        #expect(t.card(at: t.center(of: 1) + Point(x: 10, y: 0), at: 0.5) == nil)
    }
}
