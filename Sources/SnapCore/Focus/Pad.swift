/// The seed's two controller profiles: the standard gamepad, and the extended one that adds
/// thumbsticks and triggers.
public enum PadProfile: String, CaseIterable, Sendable, Codable {
    case gamepad, extendedGamepad
}

public enum PadButton: String, CaseIterable, Sendable {
    case a, b, x, y, leftShoulder, rightShoulder, leftTrigger, rightTrigger
    case dpadUp, dpadDown, dpadLeft, dpadRight, pause

    var needsExtended: Bool { self == .leftTrigger || self == .rightTrigger }

    var direction: Direction? {
        switch self {
        case .dpadUp: .up
        case .dpadDown: .down
        case .dpadLeft: .left
        case .dpadRight: .right
        default: nil
        }
    }
}

public enum PadAxis: String, CaseIterable, Sendable {
    case dpad, leftThumbstick, rightThumbstick

    var needsExtended: Bool { self != .dpad }
}

/// One controller at the table: its cursor and which way its stick was last pushed (a push
/// moves the cursor once; the stick must come back before it moves again).
public struct Pad: Equatable, Sendable {
    public let id: Int
    public let profile: PadProfile
    public let playerIndex: Int
    public var focus: SlotID?
    var latched: [String: Direction] = [:]

    public func supports(_ b: PadButton) -> Bool { profile == .extendedGamepad || !b.needsExtended }
    public func supports(_ a: PadAxis) -> Bool { profile == .extendedGamepad || !a.needsExtended }
}
