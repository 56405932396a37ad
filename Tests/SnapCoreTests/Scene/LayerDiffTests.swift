import Testing
@testable import SnapCore

struct LayerDiffTests {
    let felt = DrawCommand.image(.table, Rect(x: 0, y: 0, w: 1280, h: 720))
    func card(_ x: Double) -> DrawCommand { .image(.cardBack, Rect(x: x, y: 100, w: 80, h: 112)) }
    func label(_ s: String) -> DrawCommand { .text(s, .status, .status, Rect(x: 500, y: 20, w: 280, h: 40)) }

    @Test func anUnchangedLayerHasNothingToRedraw() {
        let layer = [felt, card(10), label("Ann's turn")]
        #expect(LayerDiff(layer, layer).isEmpty)
    }

    @Test func aChangedCommandInTheMiddleIsAllThatIsRedrawn() {
        let old = [felt, card(10), card(200), label("Ann's turn")]
        let new = [felt, card(10), card(300), label("Ann's turn")]
        let d = LayerDiff(old, new)
        #expect(d.removed == [2])
        #expect(d.added == [2])
    }

    @Test func anAddedCardAtTheEndLeavesTheRestAlone() {
        let old = [felt, card(10)]
        let new = [felt, card(10), card(200)]
        let d = LayerDiff(old, new)
        #expect(d.removed.isEmpty)
        #expect(d.added == [2])
    }

    @Test func changesFarApartLeaveWhatIsBetweenAlone() {
        let old = [felt, card(10), card(200), card(400), label("Ann's turn")]
        let new = [felt, card(20), card(200), card(400), label("Ben's turn")]
        let d = LayerDiff(old, new)
        #expect(d.removed == [1, 4])
        #expect(d.added == [1, 4])
    }

    @Test func aCommandThatMovesInTheOrderIsChanged() {
        // Same commands, other order: overlapping things swap, so both count as changed.
        let old = [felt, card(10), card(50)]
        let new = [felt, card(50), card(10)]
        let d = LayerDiff(old, new)
        // One of the two stays in the common part; the other counts as gone and new again.
        #expect(d.removed.count == 1 && d.added.count == 1)
        #expect(old[d.removed[0]] == new[d.added[0]])
    }

    @Test func anEmptyOldLayerChangesEverything() {
        let d = LayerDiff([], [felt, card(10)])
        #expect(d.removed.isEmpty)
        #expect(d.added == [0, 1])
    }
}
