#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// The interactive run's feed: a `FeedPump` (its own thread, a bounded queue, a wake pipe) that
/// wakes the SDL loop when lines arrive. Call `stop()` before SDL quits.
final class FeedReader {
    private let pump: FeedPump
    private let wake: LoopInbox<Bool>

    init(source: FeedSource) {
        let wake = LoopInbox<Bool>()
        self.wake = wake
        pump = FeedPump(source: source, onItems: { wake.post([true]) })
    }

    /// What arrived since the last call: lines with their numbers, and problems to log.
    func take() -> [FeedItem] {
        _ = wake.take()
        return pump.take()
    }

    /// Makes the reader thread exit and waits for it.
    func stop() {
        pump.stop()
        wake.close()
    }

    deinit { pump.stop() }
}
