#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// The `--feed` source, shared by interactive runs (read live) and headless ones (read whole).
extension TableApp {
    /// Problems and bad lines logged per feed read before the rest are only counted.
    static let feedWarningLimit = 100

    /// Opens `--feed` ("-" is standard input); a directory or a missing file is refused (exit 2).
    func openFeedSource() throws -> FeedSource? {
        guard let path = options.feed else { return nil }
        do { return try FeedSource.open(path) } catch { throw AppFailure.badInput(error.message) }
    }

    /// Interactive: the live reader. Take its items in the loop with `applyFeed`, and call its
    /// `stop()` before SDL quits.
    func openFeedReader() throws -> FeedReader? {
        try openFeedSource().map { FeedReader(source: $0) }
    }

    /// Headless: reads the whole feed within `limits` and hands it to the session at time `t`;
    /// past a bound it logs that it stopped reading and goes on.
    func readWholeFeed(at t: Double, limits: FeedLimits = FeedLimits()) throws {
        guard let source = try openFeedSource() else { return }
        for item in source.readAll(limits) { send(.feed(item), at: t) }
    }
}
