/// What a window shows: the player's own view, a copy of it, or the shared table for a big screen.
public enum WindowRole: String, Sendable, Hashable, CaseIterable, Codable {
    case primary, mirror, table
}

/// `--secondary`: what the first display other than the primary's gets.
public enum SecondaryPolicy: String, Sendable, CaseIterable {
    case auto, mirror, table, off

    var role: WindowRole? {
        switch self {
        case .auto, .table: .table
        case .mirror: .mirror
        case .off: nil
        }
    }
}

/// `--extra-displays`: what every further display gets.
public enum ExtraDisplayPolicy: String, Sendable, CaseIterable {
    case table, off
}
