#if canImport(Glibc)
import Glibc
#endif

/// A pthread of its own for work that outlives its caller's stack (the feed's reader, an output
/// queue's writer): detached, since its owner waits for a condition it sets, not for a join. The
/// closure is kept until it returns.
enum DetachedThread {
    /// Starts `body`; 0, or pthread_create's error number when no thread could start.
    /// `blockingSignals`: the thread takes no signal (it may start before the program chose the
    /// thread that does).
    static func start(stackSize: Int? = nil, blockingSignals: Bool = false, _ body: @escaping () -> Void) -> Int32 {
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        var thread = pthread_t()
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        defer { pthread_attr_destroy(&attr) }
        pthread_attr_setdetachstate(&attr, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attr, stackSize) }
        // A new thread inherits its creator's signal mask: block everything just around the create.
        var all = sigset_t(), old = sigset_t()
        sigfillset(&all)
        if blockingSignals { pthread_sigmask(SIG_SETMASK, &all, &old) }
        let started = pthread_create(&thread, &attr, { arg in
            Unmanaged<Job>.fromOpaque(arg!).takeRetainedValue().body()
            return nil
        }, job)
        if blockingSignals { pthread_sigmask(SIG_SETMASK, &old, nil) }
        if started != 0 { Unmanaged<Job>.fromOpaque(job).release() }
        return started
    }

    private final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
