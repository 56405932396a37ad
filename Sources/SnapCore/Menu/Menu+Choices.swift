/// Choice items: each step moves through a fixed list of values and wraps round at its ends.
extension Menu {
    /// Left and right on a choice step through its values.
    mutating func step(_ by: Int) -> [MenuRequest] {
        guard let item = focusedItem, item.enabled, item.kind == .choice else { return [] }
        return activate(item, step: by)
    }

    static func cycle<T: Equatable>(_ values: [T], from v: T, by: Int) -> T {
        let i = values.firstIndex(of: v) ?? 0
        return values[(i + by % values.count + values.count) % values.count]
    }
}

extension LocalSetup {
    mutating func step(_ id: String, by: Int) {
        switch id {
        case "players": players = Menu.cycle([2, 3, 4], from: players, by: by)
        case "bots": bots = Menu.cycle([.easy, .normal, .hard], from: bots, by: by)
        default:
            guard id.hasPrefix("seat"), let n = Int(id.dropFirst(4)), (1...4).contains(n) else { return }
            kinds[n - 1] = Menu.cycle(Self.choices(seat: n - 1), from: kinds[n - 1], by: by)
        }
    }
}

extension Settings {
    mutating func step(_ id: String, by: Int) {
        switch id {
        case "bots": bots = Menu.cycle([.easy, .normal, .hard], from: bots, by: by)
        case "secondary": secondary = Menu.cycle([.table, .mirror, .off], from: secondary, by: by)
        case "fullscreen": fullscreen.toggle()
        case "visible": visible.toggle()
        case "language": language = Menu.cycle(["system"] + Language.offered, from: language, by: by)
        case "volume": volume = Menu.cycle(Array(stride(from: 0, through: 100, by: 10)), from: volume / 10 * 10, by: by)
        default: break
        }
    }
}
