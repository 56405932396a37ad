/// The table's windows as the core sees them: where each is, which one the mouse's drag began
/// in, and the displays whose window the person closed. A closed secondary window stays closed
/// while its display stays connected (the 2 s display poll must not bring it back); unplugging
/// and plugging that display in again gives it a window again.
public struct WindowSet: Equatable, Sendable {
    /// The primary window first, then one per secondary display.
    public private(set) var open: [WindowPlan.Placement]
    /// Where `--display N` asked for the primary; later it stays wherever it is.
    public let preferred: String?
    public internal(set) var secondary: SecondaryPolicy
    public let extra: ExtraDisplayPolicy
    /// Displays whose secondary window was closed by the person or could not be opened.
    public private(set) var dismissed: Set<String> = []
    /// The window where the mouse's drag began: closing it cancels the drag.
    public var dragWindow: WindowPlan.Placement?

    public init(primaryOn display: String, preferred: String?, secondary: SecondaryPolicy, extra: ExtraDisplayPolicy) {
        open = [WindowPlan.Placement(role: .primary, display: display)]
        self.preferred = preferred
        self.secondary = secondary
        self.extra = extra
    }

    public var primary: WindowPlan.Placement { open[0] }

    public func first(_ role: WindowRole) -> WindowPlan.Placement? { open.first { $0.role == role } }

    /// Plans windows for these displays and records the result as open.
    mutating func reconcile(_ displays: [DisplayInfo]) -> WindowPlan.Changes {
        // Mid-change some drivers report no display at all: keep what is open until they return.
        guard !displays.isEmpty else { return WindowPlan.Changes() }
        let names = Set(displays.map(\.name))
        dismissed.formIntersection(names)
        var plan = WindowPlan.make(displays: displays, preferred: preferred,
                                   current: names.contains(primary.display) ? primary.display : nil,
                                   secondary: secondary, extra: extra)
        plan.placements.removeAll { $0.role != .primary && dismissed.contains($0.display) }
        let changes = plan.changes(from: open)
        open.removeAll { changes.close.contains($0) }
        if let target = changes.movePrimary { open[0].display = target }
        open += changes.open
        return changes
    }

    /// A secondary window is gone; true when it was open.
    mutating func remove(_ p: WindowPlan.Placement) -> Bool {
        guard p.role != .primary, let i = open.firstIndex(of: p) else { return false }
        open.remove(at: i)
        dismissed.insert(p.display)
        return true
    }
}
