/// The table the program opens with when given nothing else: a hand row at the bottom, table
/// slots across the middle with a discard slot at their end, and a few cards already dealt.
public enum DemoTable {
    public static let canvas = Size(w: 1280, h: 720)
    public static let cardSize = Size(w: 92, h: 128)
    static let gap = 18.0

    public static let handSlots: [SlotID] = Array(1...6)
    public static let tableSlots: [SlotID] = Array(7...11)
    public static let discardSlot: SlotID = 12

    public static func make(seed: UInt64 = 7, feel: Feel = .standard) -> Table {
        var board = Board(seed: seed)
        let c = cardSize
        let handWidth = Double(handSlots.count) * c.w + Double(handSlots.count - 1) * gap
        for (i, id) in handSlots.enumerated() {
            let x = (canvas.w - handWidth) / 2 + Double(i) * (c.w + gap)
            board.addSlot(Slot(id: id, rect: Rect(x: x, y: 540, w: c.w, h: c.h)))
        }
        let discardGap = 64.0
        let rowWidth = Double(tableSlots.count + 1) * c.w + Double(tableSlots.count - 1) * gap + discardGap
        let rowX = (canvas.w - rowWidth) / 2
        for (i, id) in tableSlots.enumerated() {
            let x = rowX + Double(i) * (c.w + gap)
            board.addSlot(Slot(id: id, rect: Rect(x: x, y: 292, w: c.w, h: c.h)))
        }
        board.addSlot(Slot(id: discardSlot, rect: Rect(x: rowX + rowWidth - c.w, y: 292, w: c.w, h: c.h), kind: .deleteOnDrop))

        var table = Table(board: board, cardSize: c, feel: feel)
        for id in handSlots.prefix(4) { table.deal(into: id) }
        table.deal(faceUp: false, into: tableSlots[0])
        table.deal(into: tableSlots[2])
        return table
    }
}
