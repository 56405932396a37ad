#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// Reads a feed on its own thread and hands the items over through a bounded queue: when the
/// queue is full the thread waits (back-pressure: a fast writer cannot grow memory), and
/// `onItems` is called when the queue goes from empty to not empty (the SDL loop's wake-up).
/// `stop()` wakes the thread through a pipe, lets it finish and waits for it.
public final class FeedPump: @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `condition`; the pipe ends are fixed at init.
    public let capacity: Int
    private let condition = Condition()
    private var queue: [FeedItem] = []
    private var stopping = false
    private var finished = false
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Starts reading `source` right away. `capacity` bounds the items waiting to be taken.
    public init(source: FeedSource, capacity: Int = 256, lineBytes: Int = LineFramer.defaultLimit,
                onItems: @escaping @Sendable () -> Void = {}) {
        self.capacity = max(1, capacity)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // Without a way to stop the thread, do not start it: the program goes on without the feed.
            let why = String(cString: strerror(errno))
            wakeRead = -1
            wakeWrite = -1
            queue = [.problem(ScriptError(file: source.name, line: 1, message: "cannot start reading (no wake pipe: \(why))"))]
            finished = true
            onItems()
            return
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        // A thread of its own (detached: `stop()` waits for `finished`), holding the pump until it returns.
        let started = DetachedThread.start { [self] in
            run(source, lineBytes: lineBytes, onItems: onItems)
        }
        if started != 0 {
            queue = [.problem(ScriptError(file: source.name, line: 1, message: "cannot start reading (no thread: \(String(cString: strerror(started))))"))]
            finished = true
            onItems()
        }
    }

    deinit {
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// Everything waiting, oldest first; frees room for the reader.
    public func take() -> [FeedItem] {
        condition.lock()
        defer { condition.unlock() }
        let all = queue
        queue.removeAll(keepingCapacity: true)
        condition.broadcast()
        return all
    }

    /// True once the reader thread has returned (end of feed, error or stop).
    public var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished
    }

    /// Makes the reader thread exit and waits for it (at most `timeout` seconds; false if it
    /// did not finish by then). Items not taken yet are dropped.
    @discardableResult
    public func stop(timeout: Double = 5) -> Bool {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        var byte: UInt8 = 1
        if wakeWrite >= 0 { _ = write(wakeWrite, &byte, 1) }
        condition.lock()
        defer { condition.unlock() }
        let deadline = Condition.deadline(in: timeout)
        while !finished {
            if !condition.wait(until: deadline) { return finished }
        }
        return true
    }

    private func run(_ source: FeedSource, lineBytes: Int, onItems: @Sendable () -> Void) {
        var framer = LineFramer(source: source.name, limit: lineBytes)
        var buffer = [UInt8](repeating: 0, count: FeedSource.chunkBytes)
        reading: while true {
            let items: [FeedItem]
            var last = false
            switch source.read(into: &buffer, wake: wakeRead) {
            case .bytes(let n): items = framer.feed(buffer[0..<n])
            case .end: (items, last) = (framer.finish(), true)
            case .failed(let message): (items, last) = ([framer.problem(message)], true)
            case .woken, .timedOut: (items, last) = ([], true)
            }
            for item in items where !put(item, onItems) { break reading }
            if last { break }
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits while the queue is full; false when stopping.
    private func put(_ item: FeedItem, _ onItems: @Sendable () -> Void) -> Bool {
        condition.lock()
        while queue.count >= capacity && !stopping { condition.wait() }
        guard !stopping else {
            condition.unlock()
            return false
        }
        let wasEmpty = queue.isEmpty
        queue.append(item)
        condition.unlock()
        if wasEmpty { onItems() }
        return true
    }
}
