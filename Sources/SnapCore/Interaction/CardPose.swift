/// How a card is drawn at one instant.
public struct CardPose: Equatable, Sendable {
    public var center: Point
    /// Radians, clockwise on screen.
    public var rotation: Double
    public var alpha: Double

    public init(center: Point, rotation: Double = 0, alpha: Double = 1) {
        self.center = center
        self.rotation = rotation
        self.alpha = alpha
    }
}

/// A card's animation after a drop or cancel: where it is going and how it levels out and fades.
public struct CardMotion: Equatable, Sendable {
    public var position: Tween<Point>
    public var rotation: Tween<Double>
    public var alpha: Tween<Double>

    public func pose(at t: Double) -> CardPose {
        CardPose(center: position.value(at: t), rotation: rotation.value(at: t), alpha: alpha.value(at: t))
    }

    public func isFinished(at t: Double) -> Bool {
        position.isFinished(at: t) && rotation.isFinished(at: t) && alpha.isFinished(at: t)
    }
}

/// A card deleted by a delete-on-drop slot, drawn while it fades; it is no longer on the board.
public struct FadingCard: Equatable, Sendable {
    public var card: Card
    public var motion: CardMotion
}
