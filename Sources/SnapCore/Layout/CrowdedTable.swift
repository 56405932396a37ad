/// A table with many cards, for benchmarks: slots in an overlapping grid, every one dealt,
/// plus one empty slot at the far corner to drag into.
public enum CrowdedTable {
    public static func make(cards: Int, seed: UInt64 = 11) -> Table {
        let canvas = DemoTable.canvas, c = DemoTable.cardSize
        let columns = 25
        let rows = (cards + columns - 1) / columns
        let dx = (canvas.w - 2 * 24 - c.w) / Double(columns - 1)
        let dy = (canvas.h - 2 * 24 - c.h) / Double(max(1, rows - 1))
        var board = Board(seed: seed)
        for i in 0..<cards {
            let x = 24 + Double(i % columns) * dx, y = 24 + Double(i / columns) * dy
            board.addSlot(Slot(id: i + 1, rect: Rect(x: x, y: y, w: c.w, h: c.h)))
        }
        board.addSlot(Slot(id: cards + 1, rect: Rect(x: canvas.w - 24 - c.w, y: canvas.h - 24 - c.h, w: c.w, h: c.h)))
        var table = Table(board: board, cardSize: c)
        for i in 0..<cards { table.deal(into: i + 1) }
        return table
    }
}
