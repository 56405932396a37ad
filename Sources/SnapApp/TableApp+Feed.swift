import Foundation
import Logging
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

    /// Headless: reads the whole feed within `limits` and applies it at time `t`; past a bound it
    /// logs that it stopped reading and goes on.
    func readWholeFeed(at t: Double, limits: FeedLimits = FeedLimits()) throws {
        guard let source = try openFeedSource() else { return }
        var feed = SeatFeed(source: source.name)
        var logged = 0
        applyFeed(source.readAll(limits), to: &feed, at: t, logged: &logged)
    }

    /// Applies a feed's lines to the seating and logs its problems and bad lines (each with the
    /// feed's name and line number), at most `feedWarningLimit` per `logged` counter.
    func applyFeed(_ items: [FeedItem], to feed: inout SeatFeed, at t: Double, logged: inout Int) {
        for item in items {
            guard let e = feed.apply(item, to: &seating, time: t) else { continue }
            logged += 1
            if logged <= Self.feedWarningLimit {
                if case .line = item { log.warning("\(e) (line skipped)") } else { log.warning("\(e)") }
            } else if logged == Self.feedWarningLimit + 1 {
                log.warning("\(feed.source): more problems; only the first \(Self.feedWarningLimit) are shown")
            }
        }
    }

    /// How feed errors name their source: "feed" for standard input, else the file.
    var feedName: String { options.feed.map { $0 == "-" ? "feed" : $0 } ?? "feed" }

    @available(*, deprecated, message: "use openFeedReader() (interactive) or readWholeFeed(at:) (headless)")
    func feedHandle() throws -> FeedHandle? {
        try openFeedSource().map { FeedHandle(source: $0, log: log) }
    }
}

/// The old `feedHandle()` result, kept so callers not yet moved to `openFeedReader()` and
/// `readWholeFeed(at:)` get the bounded reading too.
struct FeedHandle {
    let source: FeedSource
    let log: Logger

    /// The feed within `FeedLimits()`, problems logged; a dropped line stays as an empty line so
    /// the lines after it keep their numbers.
    @available(*, deprecated, message: "use TableApp.readWholeFeed(at:)")
    func readDataToEndOfFile() -> Data {
        var out: [UInt8] = []
        var next = 1
        for item in source.readAll() {
            switch item {
            case .line(let number, let text):
                while next < number {
                    out.append(0x0A)
                    next += 1
                }
                out += Array(text.utf8) + [0x0A]
                next = number + 1
            case .problem(let e):
                log.warning("\(e)")
            }
        }
        return Data(out)
    }
}
