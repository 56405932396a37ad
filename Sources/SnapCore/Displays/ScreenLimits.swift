/// The sizes a screen can have, defined once for `--size`, replay `display connect` and
/// `SimulatedDisplays`. A window's pixels are held in memory (4 bytes each, more than once),
/// so an absurd size is refused up front instead of costing gigabytes.
public enum ScreenLimits {
    /// Smallest window side pair the table layout still reads at.
    public static let minWidth = 320.0
    public static let minHeight = 180.0
    /// Longest side: 8K monitors are 7680 wide; 8192 is the texture limit of many GPUs.
    public static let maxSide = 8192.0
    /// Most pixels in one screen: an 8K UHD panel (7680x4320, about 127 MB as RGBA).
    public static let maxPixels = 7680.0 * 4320.0
    /// Displays a simulated desk may have at once (each gets a window and a renderer).
    public static let maxDisplays = 8
    /// X11 coordinates are 16-bit signed: a point outside this range is on no screen.
    public static let coordinateRange = -32768.0...32767.0

    /// How the limits read in error messages.
    public static let description = "\(Int(minWidth))x\(Int(minHeight)) to \(Int(maxSide))x\(Int(maxSide)) and at most 7680x4320 pixels in all"

    /// Nil when `w` x `h` is a size some screen has; otherwise why not, naming the limit.
    public static func problem(w: Double, h: Double) -> String? {
        guard w.isFinite, h.isFinite, w == w.rounded(), h == h.rounded() else { return "\(fmt(w))x\(fmt(h)) is not in whole pixels" }
        if w < minWidth || h < minHeight { return "\(fmt(w))x\(fmt(h)) is smaller than \(Int(minWidth))x\(Int(minHeight))" }
        if w > maxSide || h > maxSide { return "\(fmt(w))x\(fmt(h)) has a side longer than \(Int(maxSide))" }
        if w * h > maxPixels { return "\(fmt(w))x\(fmt(h)) has more pixels than 7680x4320 (\(Int(maxPixels)))" }
        return nil
    }

    /// Whether a logical coordinate can be on some screen.
    public static func isOnSomeScreen(_ v: Double) -> Bool { v.isFinite && coordinateRange.contains(v) }

    private static func fmt(_ v: Double) -> String {
        v.isFinite && v == v.rounded() && abs(v) < 1e12 ? String(Int(v)) : "\(v)"
    }
}
