/// How often what moves is drawn on a secondary window (the table view or a mirror): at half the
/// primary window's rate, since across the room nobody sees the frames in between and each costs
/// a 1920x1080 frame of CPU. `snap-bench floor` paces its second window by the same figures.
public enum SecondaryPacing {
    public static let motionInterval = 1.0 / 30
    /// A tick this much early still draws: the loop's 60 a second land about 1/30 s apart, not
    /// exactly, and a frame a few microseconds short would otherwise wait for the next tick.
    public static let slack = 0.002

    /// Whether motion may be drawn at `t` on a window that last presented at `last`.
    public static func motionDue(at t: Double, last: Double) -> Bool {
        t - last >= motionInterval - slack
    }
}
