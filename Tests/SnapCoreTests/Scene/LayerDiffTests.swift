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

    @Test func changesAtBothEndsOfALongLayerLeaveTheMiddleAlone() {
        let middle = (0..<150).map { card(Double($0 * 3)) }
        let old = [felt, card(-40)] + middle + [label("Ann's turn")]
        let new = [felt, card(-50)] + middle + [label("Ben's turn")]
        let d = LayerDiff(old, new)
        #expect(d.removed == [1, 152])
        #expect(d.added == [1, 152])
    }

    /// Layers from a few commands with repeats, changed at random: what is left of each after
    /// the changes is the same sequence, and no longer one exists (the changes are fewest).
    @Test func theChangesLeaveALongestCommonSequence() {
        let pool = [felt, card(10), card(50), label("Ann's turn")]
        var seed: UInt64 = 12345
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % n
        }
        for _ in 0..<3000 {
            let old = (0..<next(12)).map { _ in pool[next(pool.count)] }
            var new = old
            for _ in 0..<next(4) {
                switch next(4) {
                case 0 where !new.isEmpty: new.remove(at: next(new.count))
                case 1: new.insert(pool[next(pool.count)], at: next(new.count + 1))
                case 2 where !new.isEmpty: new[next(new.count)] = pool[next(pool.count)]
                default: if new.count > 1 { new.swapAt(next(new.count), next(new.count)) }
                }
            }
            let d = LayerDiff(old, new)
            let keptOld = old.indices.filter { !d.removed.contains($0) }.map { old[$0] }
            let keptNew = new.indices.filter { !d.added.contains($0) }.map { new[$0] }
            #expect(keptOld == keptNew, "\(old) -> \(new)")
            #expect(keptOld.count == Self.longestCommon(old, new), "\(old) -> \(new)")
        }
    }

    static func longestCommon(_ a: [DrawCommand], _ b: [DrawCommand]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in b.indices {
                let above = row[j + 1]
                row[j + 1] = x == b[j] ? diagonal + 1 : max(row[j], above)
                diagonal = above
            }
        }
        return row[b.count]
    }
}
