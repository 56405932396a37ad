/// Timing curves for tweens. Both are symmetric, so a tween is exactly halfway at half its duration.
public enum Easing: Sendable, Equatable {
    case linear
    /// Smoothstep: the gentle start and stop of UIKit's default animation curve.
    case easeInOut

    public func apply(_ p: Double) -> Double {
        let t = min(max(p, 0), 1)
        switch self {
        case .linear: return t
        case .easeInOut: return t * t * (3 - 2 * t)
        }
    }
}
