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

    /// The line being written, its storage kept from frame to frame.
    private var buffer: [UInt8] = []

    func record(at time: Double, bubbles: [String]) {
        buffer.removeAll(keepingCapacity: true)
        Self.append(time: time, bubbles: bubbles, to: &buffer)
        buffer.withUnsafeBytes { b in _ = write(fd, b.baseAddress, b.count) }
    }

    /// "SECONDS.MICROSECONDS BUBBLE,BUBBLE\n".
    static func line(time: Double, bubbles: [String]) -> String {
        var b: [UInt8] = []
        append(time: time, bubbles: bubbles, to: &b)
        return String(decoding: b, as: UTF8.self)
    }

    /// The line's bytes, digit by digit: string interpolation cost as much as the write (2 % of
    /// a drag in the benchmarks that read this log).
    static func append(time: Double, bubbles: [String], to b: inout [UInt8]) {
        let micros = Int((max(0, time) * 1_000_000).rounded())
        appendDigits(micros / 1_000_000, width: 1, to: &b)
        b.append(UInt8(ascii: "."))
        appendDigits(micros % 1_000_000, width: 6, to: &b)
        b.append(UInt8(ascii: " "))
        for (i, name) in bubbles.enumerated() {
            if i > 0 { b.append(UInt8(ascii: ",")) }
            b.append(contentsOf: name.utf8)
        }
        b.append(UInt8(ascii: "\n"))
    }

    /// `v` (not negative) in decimal, zero-padded to `width` digits.
    private static func appendDigits(_ v: Int, width: Int, to b: inout [UInt8]) {
        let start = b.count
        var v = v
        repeat {
            b.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        } while v > 0 || b.count - start < width
        b[start...].reverse()
    }

    deinit { close(fd) }
}
