/// Bounds on a replay file, so a wrong file (a video, a log of a year) fails fast with a
/// message instead of eating memory or producing numbers JSON cannot hold.
public enum ReplayLimits {
    /// Bytes in a whole replay file (the fixtures are under 2 KB).
    public static let maxBytes = 4 * 1024 * 1024
    /// Lines in a replay file.
    public static let maxLines = 100_000
    /// Latest event time, in seconds on the virtual clock: a day.
    public static let maxTime = 86_400.0
    /// The longest file a snapshot writes is NAME plus this suffix (a second mirror window's
    /// JSON is not written, but its PNG "-mirror-99.png" has the same length).
    public static let longestSnapshotSuffix = "-mirror-99.json"
    /// File names are at most 255 bytes on Linux file systems.
    public static let maxFileNameBytes = 255
    public static var maxSnapshotNameBytes: Int { maxFileNameBytes - longestSnapshotSuffix.utf8.count }
}
