import Dispatch

/// Where the network's async code runs: a serial queue of its own, not Swift's shared pool. The
/// pool has a thread per core, and a caller that blocks pool threads (a test waiting on a
/// process, a synchronous wait for the server to listen) must not be able to starve the server.
final class NetExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        queue.async { unowned.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
