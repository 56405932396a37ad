import Testing
@testable import SnapCore

@Suite("Dropping: move, delete, snap back, cancel, and their timing")
struct DropTests {
    @Test func dropOnEmptySlotMovesTheCardAndEmptiesTheOldSlot() {
        var t = smallTable()
        let end = t.drag(from: t.center(of: 1), to: t.center(of: 2), start: 0)
        #expect(t.board.slot(2)?.card == 1)
        #expect(t.board.slot(1)?.card == nil)
        #expect(t.board.cards[1]?.slot == 2)
        #expect(close(t.pose(of: 1, at: end + 0.1)!.center, t.center(of: 2)))
        #expect(t.drag(of: .mouse) == .idle)
    }

    @Test func settlingTakesTenthOfASecondAndIsHalfwayAtHalfTime() {
        var t = smallTable()
        let from = t.center(of: 1) + Point(x: 60, y: -30)
        t.pointerDown(.mouse, at: t.center(of: 1), time: 0)
        t.pointerMove(.mouse, to: from, time: 0.5)
        t.pointerUp(.mouse, at: from, time: 1.0) // over no slot: snap back
        #expect(close(t.pose(of: 1, at: 1.0)!.center, from))
        let half = t.pose(of: 1, at: 1.05)!.center
        #expect(close(half, Point.lerp(from, t.center(of: 1), 0.5)))
        #expect(close(t.pose(of: 1, at: 1.1)!.center, t.center(of: 1)))
    }

    @Test func tiltReturnsToZeroOver250ms() {
        var t = smallTable()
        let end = t.drag(from: t.center(of: 1), to: t.center(of: 2), start: 0, steps: 20)
        let start = t.pose(of: 1, at: end)!.rotation
        #expect(close(start, .pi / 32))
        #expect(close(t.pose(of: 1, at: end + 0.125)!.rotation, start / 2))
        #expect(t.pose(of: 1, at: end + 0.2)!.rotation > 0)
        #expect(t.pose(of: 1, at: end + 0.2501)!.rotation == 0)
        #expect(t.isAnimating(at: end + 0.2))
        #expect(!t.isAnimating(at: end + 0.2501))
    }

    /// The shadow a card casts in the scene at `t`: its size and opacity.
    static func shadow(of table: Table, at t: Double) -> (size: Size, alpha: Double)? {
        let list = SceneBuilder.build(table, at: t, canvas: Size(w: 1280, h: 720))
        for case .image(.cardShadow, let r, let rotation, let alpha) in list.moving where rotation == table.pose(of: 1, at: t)?.rotation {
            return (r.size, alpha)
        }
        return nil
    }

    @Test func aDroppedCardStaysLiftedUntilItIsLevelAndSetsDownThen() throws {
        var t = smallTable()
        let away = Point(x: 400, y: 380)
        t.pointerDown(.mouse, at: t.center(of: 1), time: 0)
        t.pointerMove(.mouse, to: away, time: 0.2)
        let held = try #require(Self.shadow(of: t, at: 0.2))
        let end = 0.3
        t.pointerUp(.mouse, at: away, time: end)
        // Let go: on its way home and untilting, the same shadow as in hand.
        let untilting = try #require(Self.shadow(of: t, at: end + 0.2))
        #expect(t.pose(of: 1, at: end + 0.2)!.rotation > 0)
        #expect(untilting.size == held.size && untilting.alpha == held.alpha, "the shadow changed before the card was level")
        // Level: set down, a shorter and lighter shadow.
        t.advance(to: end + 0.26)
        let list = SceneBuilder.build(t, at: end + 0.26, canvas: Size(w: 1280, h: 720))
        let resting = try #require(list.still.compactMap { c -> (Size, Double)? in
            if case .image(.cardShadow, let r, 0, let a) = c { return (r.size, a) } else { return nil }
        }.first)
        #expect(resting.0.w < held.size.w && resting.1 < held.alpha)
    }

    @Test func dropOnDeleteSlotFadesOutThenIsGone() {
        var t = smallTable()
        let end = t.drag(from: t.center(of: 1), to: t.center(of: 9), start: 0)
        #expect(t.board.cards.isEmpty)
        #expect(t.board.slot(1)?.card == nil)
        #expect(t.board.slot(9)?.card == nil)
        #expect(t.fading.count == 1)
        let half = t.fading[0].motion.pose(at: end + 0.05)
        #expect(close(half.alpha, 0.5, 0.01))
        t.advance(to: end + 0.1)
        #expect(t.fading.isEmpty)
        #expect(!t.isAnimating(at: end + 0.1))
    }

    @Test func dropOnOccupiedSlotSnapsBack() {
        var t = smallTable()
        t.click(t.center(of: 2), at: 0)
        let end = t.drag(from: t.center(of: 1), to: t.center(of: 2), start: 1)
        #expect(t.board.slot(1)?.card == 1)
        #expect(t.board.slot(2)?.card == 2)
        #expect(close(t.pose(of: 1, at: end + 0.1)!.center, t.center(of: 1)))
    }

    @Test func dropAwayFromEverySlotSnapsBack() {
        var t = smallTable()
        let end = t.drag(from: t.center(of: 1), to: Point(x: 400, y: 380), start: 0)
        #expect(t.board.slot(1)?.card == 1)
        #expect(t.motions[1] != nil)
        #expect(close(t.pose(of: 1, at: end + 0.1)!.center, t.center(of: 1)))
    }

    @Test func targetIsChosenByOverlapNotByThePointer() {
        var t = smallTable()
        // Grab the card by its far left edge and let go with the pointer just left of slot 2;
        // the card itself lies mostly over slot 2.
        let grab = t.center(of: 1) + Point(x: -38, y: 0)
        let slot2 = t.board.slot(2)!.rect
        let pointer = Point(x: slot2.x - 5, y: slot2.center.y)
        #expect(t.board.slot(at: pointer) == nil)
        _ = t.drag(from: grab, to: pointer, start: 0, steps: 20)
        #expect(t.board.slot(2)?.card == 1)
    }

    @Test func aSliverOfOverlapIsNotEnough() {
        var t = smallTable()
        let slot2 = t.board.slot(2)!.rect
        // The card's right edge covers 10 of slot 2's 80 units: under the 20 % needed.
        let target = Point(x: slot2.x + 10 - 40, y: slot2.center.y)
        _ = t.drag(from: t.center(of: 1), to: target, start: 0, steps: 20)
        #expect(t.board.slot(1)?.card == 1)
    }

    @Test func cancelSnapsBack() {
        var t = smallTable()
        t.pointerDown(.mouse, at: t.center(of: 1), time: 0)
        t.pointerMove(.mouse, to: t.center(of: 2), time: 0.3)
        t.cancelAll(time: 0.4)
        #expect(t.drag(of: .mouse) == .idle)
        #expect(t.board.slot(1)?.card == 1)
        #expect(close(t.pose(of: 1, at: 0.5)!.center, t.center(of: 1)))
        #expect(t.pose(of: 1, at: 0.65)!.rotation == 0)
    }

    @Test func cancelForgetsAPendingClick() {
        var t = smallTable()
        t.pointerDown(.mouse, at: t.center(of: 2), time: 0)
        t.cancelAll(time: 0.05)
        t.pointerUp(.mouse, at: t.center(of: 2), time: 0.1)
        #expect(t.board.slot(2)?.card == nil)
    }

    @Test func aLostButtonUpNeverLeavesACardInHand() {
        var t = smallTable()
        t.pointerDown(.mouse, at: t.center(of: 1), time: 0)
        t.pointerMove(.mouse, to: t.center(of: 2), time: 0.3)
        // The up went missing; the next press ends the drag where the card is.
        t.pointerDown(.mouse, at: Point(x: 5, y: 5), time: 1)
        #expect(t.drag(of: .mouse).heldCard == nil)
        #expect(t.board.slot(2)?.card == 1)
    }

    @Test func aCardCanBeGrabbedAgainWhileItIsStillSettling() {
        var t = smallTable()
        let end = t.drag(from: t.center(of: 1), to: Point(x: 400, y: 380), start: 0)
        let p = t.pose(of: 1, at: end + 0.03)!.center
        t.pointerDown(.mouse, at: p, time: end + 0.03)
        t.pointerMove(.mouse, to: p + Point(x: 20, y: 0), time: end + 0.04)
        #expect(t.drag(of: .mouse).heldCard == 1)
        // Grabbed at its centre as it was at the press: that point follows the pointer.
        #expect(close(t.pose(of: 1, at: end + 0.2)!.center, p + Point(x: 20, y: 0), 1e-6))
    }
}
