/// Where the menu's items are on the 1280x720 canvas: one column of wide buttons in the
/// middle (on the host's screen, beside the join code), the on-screen keyboard's grid below the
/// field it types into. Drawing and pointing use the same rectangles.
public enum MenuLayout {
    public static let title = Rect(x: 0, y: 36, w: 1280, h: 84)
    public static let hint = Rect(x: 200, y: 122, w: 880, h: 44)
    static let itemSize = Size(w: 520, h: 52)
    static let gap = 12.0
    /// The lowest a centred column reaches: above the frame's bottom edge.
    static let bottom = 670.0
    /// The host screen: the code and the seats on the left, the items on the right.
    public static let codePanel = Rect(x: 80, y: 150, w: 600, h: 520)
    static let hostColumn = Rect(x: 730, y: 200, w: 470, h: 0)
    /// The keyboard: the field above, the keys below.
    public static let keyboardField = Rect(x: 240, y: 196, w: 800, h: 60)
    static let keySize = Size(w: 76, h: 58)
    static let keyGap = 8.0
    static let keysTop = 290.0

    /// Each item's rectangle, in the order of `menu.items`.
    public static func rects(_ menu: Menu) -> [Rect] {
        let items = menu.items
        if let kb = menu.keyboard { return keyRects(kb) }
        if case .host = menu.screen {
            return items.indices.map { i in
                Rect(x: hostColumn.x, y: hostColumn.y + Double(i) * (itemSize.h + gap), w: hostColumn.w, h: itemSize.h)
            }
        }
        // The column sits in the middle of the room under the heading (and the hint).
        let top = menu.hint == nil ? 140.0 : 180.0
        // A long column closes up its gaps to stay inside the frame (Play here with four seats).
        let step = min(itemSize.h + gap, (bottom - top + gap) / Double(max(1, items.count)))
        let height = Double(items.count) * step - (step - itemSize.h)
        let centred = max(top, top + (700 - top - height) / 2)
        // A message's one button sits under the message, a little apart.
        let start = { if case .message = menu.screen { return 330.0 }; return centred }()
        return items.indices.map { i in
            Rect(x: (1280 - itemSize.w) / 2, y: start + Double(i) * step, w: itemSize.w, h: itemSize.h)
        }
    }

    static func keyRects(_ kb: OnScreenKeyboard) -> [Rect] {
        let width = Double(OnScreenKeyboard.columns) * (keySize.w + keyGap) - keyGap
        let x0 = (1280 - width) / 2
        var out: [Rect] = []
        for (r, row) in kb.rows.enumerated() {
            let w = (width - keyGap * Double(row.count - 1)) / Double(row.count)
            for c in row.indices {
                out.append(Rect(x: x0 + Double(c) * (w + keyGap), y: keysTop + Double(r) * (keySize.h + keyGap), w: w, h: keySize.h))
            }
        }
        return out
    }

    /// The item under `p`, and whether `p` is on its left quarter (a choice steps back there).
    public static func item(at p: Point, in menu: Menu) -> (item: MenuItem, left: Bool)? {
        for (item, r) in zip(menu.items, rects(menu)) where r.contains(p) {
            return (item, p.x < r.x + r.w / 4)
        }
        return nil
    }
}
