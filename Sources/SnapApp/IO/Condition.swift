#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex with its condition variable, waited on against CLOCK_MONOTONIC where the
/// system allows (a wall-clock jump does not stretch a timeout).
final class Condition: @unchecked Sendable {
    // @unchecked: the pthread objects are made for use from several threads.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attr = pthread_condattr_t()
        pthread_condattr_init(&attr)
        #if os(Linux)
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(cond, &attr)
        pthread_condattr_destroy(&attr)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func broadcast() { pthread_cond_broadcast(cond) }
    /// Unlocks, sleeps until broadcast (or spuriously), locks again.
    func wait() { pthread_cond_wait(cond, mutex) }

    /// As `wait()`, but false once `seconds` from `start` have passed (both on the wait clock).
    func wait(until deadline: timespec) -> Bool {
        var d = deadline
        return pthread_cond_timedwait(cond, mutex, &d) != ETIMEDOUT
    }

    /// The wait clock's time `seconds` from now.
    static func deadline(in seconds: Double) -> timespec {
        var now = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_MONOTONIC, &now)
        #else
        clock_gettime(CLOCK_REALTIME, &now)
        #endif
        let ns = Int(now.tv_nsec) + Int((max(0, seconds).truncatingRemainder(dividingBy: 1)) * 1e9)
        var out = timespec()
        out.tv_sec = now.tv_sec + Int(max(0, seconds)) + ns / 1_000_000_000
        out.tv_nsec = ns % 1_000_000_000
        return out
    }
}
