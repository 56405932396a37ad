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

    /// A live feed's `display disconnect NAME` takes a real display out as if its cable were
    /// pulled, and `display connect NAME W H` puts it back (a window needs a real screen, so a
    /// live table plugs back only what it took out; the size is the display's own). The session
    /// hears the new list as it hears SDL's. True when the line was one of these.
    func unplugOrPlugBack(_ item: FeedItem, at t: Double) -> Bool {
        guard case .line(let n, let text) = item, let parsed = FeedVerbs.displayChange(text) else { return false }
        let place = "\(options.feed ?? "feed"):\(n)"
        func skip(_ why: String) -> Bool {
            for line in problems.admit(Problem(kind: "feed line", "\(why) (line skipped)"), at: place) { log.warning("\(line)") }
            return true
        }
        switch parsed {
        case .failure(let why):
            return skip(why.message)
        case .success(.disconnect(let name)):
            guard currentDisplays().contains(where: { $0.name == name }) else { return skip("display disconnect: no display \(name) is plugged in") }
            guard currentDisplays().count > 1 else { return skip("display disconnect: \(name) is the only display") }
            unplugged.insert(name)
        case .success(.connect(let name, _)):
            guard unplugged.remove(name) != nil else {
                return skip("display connect: a live table plugs back only a display it took out, not \(name)")
            }
        }
        send(.displays(currentDisplays()), at: t)
        return true
    }

    /// Headless: reads the whole feed within `limits` and hands it to the session at time `t`;
    /// past a bound it logs that it stopped reading and goes on.
    func readWholeFeed(at t: Double, limits: FeedLimits = FeedLimits()) throws {
        guard let source = try openFeedSource() else { return }
        for item in source.readAll(limits) { send(.feed(item), at: t) }
    }
}
