import Glibc

/// A benchmark's view of what reached the screen: one line per presented frame, the time on
/// CLOCK_MONOTONIC (comparable with the input daemon's stamps) and the Snap! bubbles it shows.
/// It is written from the frame loop, so a line costs one write(2) and no formatting library:
/// a benchmark must not measure its own instruments.
final class FrameLog {
    private let fd: Int32

    init(path: String) throws {
        // O_EXCL: never over a file the program did not make.
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = errno == EEXIST ? "the file exists" : "cannot create the file (\(String(cString: strerror(errno))))"
            throw AppFailure.badInput("--frame-log \(path): \(reason)")
        }
    }

    func record(at time: Double, bubbles: [String]) {
        var line = Self.line(time: time, bubbles: bubbles)
        line.withUTF8 { b in _ = write(fd, b.baseAddress, b.count) }
    }

    /// "SECONDS.MICROSECONDS BUBBLE,BUBBLE\n".
    static func line(time: Double, bubbles: [String]) -> String {
        let micros = Int((max(0, time) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction) \(bubbles.joined(separator: ","))\n"
    }

    deinit { close(fd) }
}
