#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// A benchmark's view of what reached the screen: one line per presented frame, the time on
/// CLOCK_MONOTONIC (comparable with the input daemon's stamps) and the Snap! bubbles it shows.
final class FrameLog {
    private let fd: Int32

    init(path: String) throws {
        // Never over a file the program did not make (O_EXCL).
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw AppFailure.badInput(errno == EEXIST ? "--frame-log \(path): the file exists"
                                                      : "--frame-log \(path): cannot create the file (\(String(cString: strerror(errno))))")
        }
        self.fd = fd
    }

    func record(at time: Double, bubbles: [String]) {
        var line = Array("\(DecimalText.fixed(time, 6)) \(bubbles.joined(separator: ","))\n".utf8)
        var done = 0
        while done < line.count {
            let n = line.withUnsafeMutableBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }   // a benchmark's log: a full disk loses lines, not the game
            done += n
        }
    }

    deinit { close(fd) }
}
