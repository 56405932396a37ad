import Foundation

/// The `--feed` source, shared by interactive runs (read live) and headless ones (read whole).
extension TableApp {
    /// Where `--feed` reads from: standard input for "-", else the file.
    func feedHandle() throws -> FileHandle? {
        guard let path = options.feed else { return nil }
        if path == "-" { return .standardInput }
        guard let h = FileHandle(forReadingAtPath: path) else { throw AppFailure.badInput("cannot read feed \(path)") }
        return h
    }

    /// How feed errors name their source: "feed" for standard input, else the file.
    var feedName: String { options.feed.map { $0 == "-" ? "feed" : $0 } ?? "feed" }
}
