/// Everyone who plays with a focus cursor: the keyboard and any number of controllers, each with
/// its own cursor and its own drag (an actor of the table). Also the pause overlay, during which
/// play input is ignored.
public struct FocusPlayers: Equatable, Sendable {
    public private(set) var keyboardFocus: SlotID?
    public private(set) var pads: [Int: Pad] = [:]
    public private(set) var paused = false
    public private(set) var revision = 0

    public init() {}

    // MARK: - Controllers coming and going

    /// More cursors than this cannot be told apart on screen; a daemon announcing thousands of
    /// controllers must not make the table stop answering.
    public static let maxPads = 8

    public mutating func addPad(_ id: Int, profile: PadProfile, board: Board) throws(FocusError) {
        guard pads.count < Self.maxPads else {
            throw FocusError(kind: "too many pads", "pad \(id): \(Self.maxPads) controllers are already at the table; this one is ignored")
        }
        guard pads[id] == nil else { throw FocusError(kind: "pad already connected", "pad \(id) is already connected") }
        let used = Set(pads.values.map(\.playerIndex))
        let index = (0...).first { !used.contains($0) }!
        pads[id] = Pad(id: id, profile: profile, playerIndex: index, focus: FocusNavigation.start(on: board))
        revision += 1
    }

    /// A controller unplugged: whatever it held goes back to its slot.
    public mutating func removePad(_ id: Int, table: inout Table, time t: Double) throws(FocusError) {
        guard pads.removeValue(forKey: id) != nil else { throw FocusError(kind: "unknown pad", "pad \(id) is not connected") }
        table.cancel(.pad(id), time: t)
        revision += 1
    }

    // MARK: - Input

    public mutating func padButton(_ id: Int, _ button: PadButton, down: Bool, table: inout Table, time t: Double) throws(FocusError) {
        guard let pad = pads[id] else { throw FocusError(kind: "unknown pad", "pad \(id) is not connected") }
        guard pad.supports(button) else { throw FocusError(kind: "pad lacks control", "pad \(id): a \(pad.profile.rawValue) has no \(button.rawValue)") }
        guard down else { return }
        if button == .pause { return togglePause() }
        guard !paused else { return }
        if let dir = button.direction { return step(.pad(id), dir, table: &table, time: t) }
        switch button {
        case .a: if let f = pad.focus { table.focusPress(.pad(id), on: f, time: t) }
        case .b: table.cancel(.pad(id), time: t)
        default: return
        }
        revision += 1
    }

    /// Stick or d-pad position; y up is +1. A push past half-way moves the cursor once.
    public mutating func padAxis(_ id: Int, _ axis: PadAxis, x: Double, y: Double, table: inout Table, time t: Double) throws(FocusError) {
        guard var pad = pads[id] else { throw FocusError(kind: "unknown pad", "pad \(id) is not connected") }
        guard pad.supports(axis) else { throw FocusError(kind: "pad lacks control", "pad \(id): a \(pad.profile.rawValue) has no \(axis.rawValue)") }
        guard x.isFinite, y.isFinite, abs(x) <= 1, abs(y) <= 1 else {
            throw FocusError(kind: "pad axis out of range", "pad \(id): \(axis.rawValue) position \(x) \(y) is outside -1...1")
        }
        let dir = Direction.of(x: x, y: y)
        let was = pad.latched[axis.rawValue]
        pad.latched[axis.rawValue] = dir
        pads[id] = pad
        guard let dir, dir != was, !paused, axis != .rightThumbstick else { return }
        step(.pad(id), dir, table: &table, time: t)
    }

    public enum Key: Sendable { case move(Direction), enter, escape }

    public mutating func key(_ key: Key, table: inout Table, time t: Double) {
        guard !paused else { return }
        if keyboardFocus == nil { keyboardFocus = FocusNavigation.start(on: table.board) }
        switch key {
        case .move(let d): step(.keyboard, d, table: &table, time: t)
        case .enter: if let f = keyboardFocus { table.focusPress(.keyboard, on: f, time: t) }
        case .escape: table.cancelAll(time: t)
        }
        revision += 1
    }

    public mutating func togglePause() {
        paused.toggle()
        revision += 1
    }

    private mutating func step(_ actor: Actor, _ d: Direction, table: inout Table, time t: Double) {
        guard let from = focus(of: actor), let to = FocusNavigation.next(from: from, d, on: table.board) else { return }
        switch actor {
        case .keyboard: keyboardFocus = to
        case .pad(let id): pads[id]?.focus = to
        case .mouse: return
        }
        table.focusMoved(actor, to: to, time: t)
        revision += 1
    }

    public func focus(of actor: Actor) -> SlotID? {
        switch actor {
        case .keyboard: keyboardFocus
        case .pad(let id): pads[id]?.focus
        case .mouse: nil
        }
    }

    /// Each cursor to draw: the slot, and the colour index (-1 for the keyboard).
    public var cursors: [(slot: SlotID, colour: Int)] {
        var out: [(SlotID, Int)] = keyboardFocus.map { [($0, -1)] } ?? []
        for p in pads.values.sorted(by: { $0.id < $1.id }) { if let f = p.focus { out.append((f, p.playerIndex)) } }
        return out
    }
}
