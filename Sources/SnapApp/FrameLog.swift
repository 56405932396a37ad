import Foundation

/// A benchmark's view of what reached the screen: one line per presented frame, the time on
/// CLOCK_MONOTONIC (comparable with the input daemon's stamps) and the Snap! bubbles it shows.
final class FrameLog {
    private let handle: FileHandle

    init(path: String) throws {
        // Never over a file the program did not make.
        guard !FileManager.default.fileExists(atPath: path) else { throw AppFailure.badInput("--frame-log \(path): the file exists") }
        guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
            throw AppFailure.badInput("--frame-log \(path): cannot create the file")
        }
        handle = h
    }

    func record(at time: Double, bubbles: [String]) {
        handle.write(Data(String(format: "%.6f %@\n", time, bubbles.joined(separator: ",")).utf8))
    }

    deinit { try? handle.close() }
}
