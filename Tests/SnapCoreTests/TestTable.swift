@testable import SnapCore

/// A small table for rule tests: three normal slots in a row and a delete-on-drop slot, 100 apart.
/// Slot 1 starts with a card.
func smallTable() -> Table {
    var board = Board(seed: 3)
    for i in 0..<3 {
        board.addSlot(Slot(id: i + 1, rect: Rect(x: 100 + Double(i) * 150, y: 100, w: 80, h: 110)))
    }
    board.addSlot(Slot(id: 9, rect: Rect(x: 600, y: 100, w: 80, h: 110), kind: .deleteOnDrop))
    var table = Table(board: board, cardSize: Size(w: 80, h: 110))
    table.deal(into: 1)
    return table
}

extension Table {
    func center(of slot: SlotID) -> Point { board.slot(slot)!.rect.center }

    /// Presses at `from`, moves in steps to `to`, releases there; returns the time after release.
    mutating func drag(from: Point, to: Point, start t: Double, steps: Int = 5, actor: Actor = .mouse) -> Double {
        pointerDown(actor, at: from, time: t)
        for i in 1...steps {
            let k = Double(i) / Double(steps)
            pointerMove(actor, to: Point.lerp(from, to, k), time: t + 0.01 * Double(i))
        }
        let end = t + 0.01 * Double(steps + 1)
        pointerUp(actor, at: to, time: end)
        return end
    }

    mutating func click(_ p: Point, at t: Double) {
        pointerDown(.mouse, at: p, time: t)
        pointerUp(.mouse, at: p, time: t + 0.05)
    }
}

func close(_ a: Double, _ b: Double, _ eps: Double = 1e-6) -> Bool { abs(a - b) <= eps }
func close(_ a: Point, _ b: Point, _ eps: Double = 1e-6) -> Bool { a.distance(to: b) <= eps }
