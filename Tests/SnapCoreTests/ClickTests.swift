import Testing
@testable import SnapCore

@Suite("Clicks create cards only in empty normal slots")
struct ClickTests {
    @Test func clickOnEmptyNormalSlotCreatesACard() {
        var t = smallTable()
        t.click(t.center(of: 2), at: 0)
        #expect(t.board.slot(2)?.card != nil)
        #expect(t.board.cards.count == 2)
    }

    @Test func clickOnOccupiedSlotCreatesNothing() {
        var t = smallTable()
        let before = t.board
        t.click(t.center(of: 1), at: 0)
        #expect(t.board == before)
    }

    @Test func clickOnDeleteOnDropSlotCreatesNothing() {
        var t = smallTable()
        t.click(t.center(of: 9), at: 0)
        #expect(t.board.slot(9)?.card == nil)
        #expect(t.board.cards.count == 1)
    }

    @Test func clickOnBareFeltCreatesNothing() {
        var t = smallTable()
        t.click(Point(x: 20, y: 20), at: 0)
        #expect(t.board.cards.count == 1)
    }

    @Test func pressThatMovesPastTheThresholdIsNotAClick() {
        var t = smallTable()
        let c = t.center(of: 2)
        t.pointerDown(.mouse, at: c, time: 0)
        t.pointerMove(.mouse, to: c + Point(x: 20, y: 0), time: 0.05)
        t.pointerUp(.mouse, at: c, time: 0.1)
        #expect(t.board.slot(2)?.card == nil)
    }

    @Test func eachNewCardGetsAFreshIdAndTheDealIsRepeatable() {
        var a = smallTable(), b = smallTable()
        for t in [0.0, 1.0] {
            a.click(a.center(of: 2), at: t)
            b.click(b.center(of: 2), at: t)
        }
        a.click(a.center(of: 3), at: 2)
        b.click(b.center(of: 3), at: 2)
        #expect(a.board == b.board)
        #expect(Set(a.board.cards.keys).count == 3)
    }
}
