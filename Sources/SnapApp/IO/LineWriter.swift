#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One output file descriptor (standard output or error), written by a thread of its own from a
/// bounded queue, so that writing a line never blocks whoever logs it: a table, a network loop.
/// When the reader is slow or gone (a full pipe nobody reads), lines past the bound are dropped
/// and counted, and the count is written once the reader catches up ("N log lines dropped").
/// A reader that went away for good (EPIPE) or a descriptor that was closed when the program
/// started drops every line from then on: the program goes on as if it had written them.
public final class LineWriter: @unchecked Sendable {
    // @unchecked: every `var` below is read and changed only with `condition` locked; `gaveUp`
    // is atomic because the writing thread checks it while it waits on the descriptor.
    let fd: Int32
    let maxLines: Int
    let maxBytes: Int
    private let condition = Condition()
    private var queue: [String] = []
    private var queuedBytes = 0
    /// Lines dropped and not yet reported.
    private var unreported = 0
    /// Every line dropped since the start.
    private var droppedTotal = 0
    /// The descriptor cannot be written any more (closed at start, EPIPE, EBADF, ...).
    private var dead: Bool
    private var stopping = false
    private var finished = false
    private let gaveUp = Atomic<Bool>(false)

    /// `closed`: the descriptor was not open when the program started (it holds /dev/null now).
    public init(fd: Int32, closed: Bool = false, maxLines: Int = 1024, maxBytes: Int = 256 * 1024) {
        self.fd = fd
        self.maxLines = maxLines
        self.maxBytes = maxBytes
        dead = closed
        // Every signal blocked: the thread may exist before the program chose which thread takes
        // SIGTERM and SIGUSR1 (it must never be this one), and a SIGPIPE from its own write stays
        // pending here, so the write returns EPIPE whatever the disposition.
        let started = DetachedThread.start(stackSize: 128 * 1024, blockingSignals: true) { [self] in run() }
        if started != 0 {
            // No thread: nothing can be written without blocking, so nothing is.
            dead = true
            finished = true
        }
    }

    /// Queues `text` (one or more whole lines); drops it when the queue is full or the
    /// descriptor is gone. Never blocks on the descriptor.
    public func write(_ text: String) {
        let n = text.utf8.count
        condition.lock()
        defer { condition.unlock() }
        guard !dead, !finished, queue.count < maxLines, queuedBytes + n <= maxBytes else {
            unreported += 1
            droppedTotal += 1
            // The count is news too, even with nothing queued (a line over the byte bound).
            condition.broadcast()
            return
        }
        queue.append(text)
        queuedBytes += n
        condition.broadcast()
    }

    /// Lines dropped since the start.
    public var dropped: Int {
        condition.lock()
        defer { condition.unlock() }
        return droppedTotal
    }

    /// Writes what is queued (and the count of dropped lines) if the reader takes it within
    /// `seconds`, then stops the thread; past that, what is left is given up. Lines written
    /// after this are dropped.
    public func finish(within seconds: Double) {
        stop()
        wait(until: Condition.deadline(in: seconds))
    }

    /// Asks the thread to end once the queue is written (`wait` waits for that).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the thread to end after `stop()`, until `deadline` (the wait clock's); past it
    /// the thread gives up what is left within 0.2 s, or as soon as a blocked write returns.
    func wait(until deadline: timespec) {
        condition.lock()
        while !finished {
            if !condition.wait(until: deadline) { break }
        }
        if !finished { gaveUp.store(true, ordering: .relaxed) }
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while true {
            while queue.isEmpty, unreported == 0 || dead, !stopping { condition.wait() }
            if queue.isEmpty, unreported == 0 || dead, stopping { break }
            let batch = queue
            queue = []
            queuedBytes = 0
            // Dropped lines came after those queued before them: their count follows them.
            let lost = dead ? 0 : unreported
            if !dead { unreported = 0 }
            condition.unlock()
            var text = batch.joined()
            if lost > 0 { text += "snap-table: \(lost) log lines dropped (the output was not read in time)\n" }
            let ok = writeOut(text)
            condition.lock()
            if !ok {
                dead = true
                droppedTotal += batch.count
            }
            condition.broadcast()
            if gaveUp.load(ordering: .relaxed) { break }
        }
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Writes all of `text`, waiting for room. Pieces end at a line's end where one fits in
    /// PIPE_BUF bytes: a pipe takes such a piece whole, so lines from standard output and error
    /// sharing one pipe (`2>&1`) do not interleave. False when the descriptor failed or the owner
    /// gave up waiting.
    private func writeOut(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            if gaveUp.load(ordering: .relaxed) { return false }
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let r = poll(&p, 1, 200)
            if r < 0 { if errno == EINTR { continue } else { return false } }
            if r == 0 { continue }
            if p.revents & Int16(POLLERR | POLLNVAL) != 0 { return false }
            let limit = min(bytes.count, done + Int(PIPE_BUF))
            let lineEnd = limit == bytes.count ? nil : bytes[done..<limit].lastIndex(of: UInt8(ascii: "\n"))
            let end = lineEnd.map { $0 + 1 } ?? limit
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, end - done) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            done += n
        }
        return true
    }
}
