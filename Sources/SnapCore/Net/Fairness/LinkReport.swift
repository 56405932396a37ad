/// What the host's measures mean for its table: how long to hold moves (0 when no remote player
/// is measured: the table's own window then) and the mark on each remote player's name.
public struct LinkReport: Sendable, Equatable, Codable {
    public var window: Double
    public var marks: [String: LinkQuality]

    public init(window: Double, marks: [String: LinkQuality]) {
        self.window = window
        self.marks = marks
    }
}
