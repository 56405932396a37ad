/// Which window goes on which display: recomputed from the display list whenever it may have
/// changed, and compared with what is open to decide what to open, close or move.
public struct WindowPlan: Equatable, Sendable {
    public struct Placement: Equatable, Sendable, Hashable {
        public var role: WindowRole
        public var display: String
        public init(role: WindowRole, display: String) {
            self.role = role
            self.display = display
        }
    }

    public var placements: [Placement]

    public var primaryDisplay: String? { placements.first { $0.role == .primary }?.display }

    /// - Parameters:
    ///   - preferred: the display asked for with `--display`, when it is there;
    ///   - current: where the primary window is now: it stays there while that display exists.
    public static func make(displays: [DisplayInfo], preferred: String?, current: String?,
                            secondary: SecondaryPolicy, extra: ExtraDisplayPolicy) -> WindowPlan {
        guard !displays.isEmpty else { return WindowPlan(placements: []) }
        let names = displays.map(\.name)
        let primary = [current, preferred].compactMap { $0 }.first { names.contains($0) } ?? names[0]
        var out = [Placement(role: .primary, display: primary)]
        for (i, name) in names.filter({ $0 != primary }).enumerated() {
            let role: WindowRole? = i == 0 ? secondary.role : (extra == .table ? .table : nil)
            if let role { out.append(Placement(role: role, display: name)) }
        }
        return WindowPlan(placements: out)
    }

    /// What to do to go from the windows that are open to this plan. The primary window is
    /// moved, never closed, so play and its state go on.
    public struct Changes: Equatable, Sendable {
        public var close: [Placement] = []
        public var open: [Placement] = []
        public var movePrimary: String?
        public var isEmpty: Bool { close.isEmpty && open.isEmpty && movePrimary == nil }
    }

    public func changes(from open: [Placement]) -> Changes {
        var c = Changes()
        let wanted = Set(placements.filter { $0.role != .primary })
        let have = open.filter { $0.role != .primary }
        c.close = have.filter { !wanted.contains($0) }
        c.open = placements.filter { $0.role != .primary && !have.contains($0) }
        if let p = primaryDisplay, let now = open.first(where: { $0.role == .primary })?.display, now != p { c.movePrimary = p }
        return c
    }
}
