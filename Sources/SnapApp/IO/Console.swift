#if canImport(Glibc)
import Glibc
#endif

/// The program's standard output and error, each written by its own thread (`LineWriter`): what
/// scripts read (the address to join) and every log line. Made first thing in `run()`, before
/// any file is opened or another thread started.
public final class Console: Sendable {
    public let out: LineWriter
    public let err: LineWriter

    /// A reader that went away gives EPIPE instead of killing the program. A standard descriptor
    /// that was closed when the program started gets /dev/null, so that no file the program
    /// opens later lands on it and receives its log; its lines are dropped.
    public init() {
        signal(SIGPIPE, SIG_IGN)
        var closed: Set<Int32> = []
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open(2) takes the lowest free descriptor, which is this one; dup2 in case not.
            let null = open("/dev/null", O_RDWR)
            if null != fd, null >= 0 {
                dup2(null, fd)
                close(null)
            }
            closed.insert(fd)
        }
        out = LineWriter(fd: 1, closed: closed.contains(1))
        err = LineWriter(fd: 2, closed: closed.contains(2))
    }

    /// Writes what is queued while the readers take it, within `seconds` in all; then the
    /// threads stop.
    public func finish(within seconds: Double) {
        let deadline = Condition.deadline(in: seconds)
        out.stop()
        err.stop()
        out.wait(until: deadline)
        err.wait(until: deadline)
    }
}
