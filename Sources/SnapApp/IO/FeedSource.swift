#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapCore

/// A `--feed` input: a file descriptor read with poll(2) and read(2) into bounded buffers, so a
/// non-blocking standard input (EAGAIN), a signal (EINTR) or a read error never aborts the
/// program: errors come back as values naming the feed. Owns the descriptor when it opened it.
public final class FeedSource: Sendable {
    /// How messages name it: "feed" for standard input, else the path.
    public let name: String
    public let fd: Int32
    private let owned: Bool

    /// Bytes asked of read(2) at a time.
    public static let chunkBytes = 64 * 1024

    /// Wraps a descriptor someone else opened (standard input, a test's pipe); not closed here.
    public init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
        owned = false
    }

    private init(owning fd: Int32, name: String) {
        self.fd = fd
        self.name = name
        owned = true
    }

    deinit { if owned { close(fd) } }

    /// `--feed PATH`: "-" is standard input. Only what can be streamed is accepted: a regular
    /// file, a FIFO, a socket, a terminal or another character device; a directory is refused.
    public static func open(_ path: String) throws(FeedError) -> FeedSource {
        if path == "-" {
            var st = stat()
            guard fstat(0, &st) == 0 else { throw FeedError("--feed -: standard input is not open (\(errorText()))") }
            if let why = unusable(st.st_mode) { throw FeedError("--feed -: standard input is \(why); expected a file, pipe, socket or terminal") }
            return FeedSource(fd: 0, name: "feed")
        }
        // Check the type before opening: opening a FIFO waits for a writer, a directory opens fine.
        var st = stat()
        guard stat(path, &st) == 0 else { throw FeedError("--feed \(path): cannot read it (\(errorText()))") }
        if let why = unusable(st.st_mode) { throw FeedError("--feed \(path): it is \(why); expected a file, pipe, socket or terminal") }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FeedError("--feed \(path): cannot open it (\(errorText()))") }
        let source = FeedSource(owning: fd, name: path)
        // It may have been swapped between the two looks.
        guard fstat(fd, &st) == 0, unusable(st.st_mode) == nil else { throw FeedError("--feed \(path): it changed while being opened") }
        return source
    }

    /// Nil for the kinds of file a feed can stream from; otherwise what it is.
    static func unusable(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFIFO, S_IFSOCK, S_IFCHR: return nil
        case S_IFDIR: return "a directory"
        case S_IFBLK: return "a block device"
        default: return "not a file, pipe, socket or terminal"
        }
    }

    public enum ReadResult: Equatable, Sendable {
        case bytes(Int)
        /// End of the feed (the writer closed it, or the file ended).
        case end
        /// The wake descriptor became readable (someone wants the reader to stop).
        case woken
        /// The wait ran past its deadline with nothing to read.
        case timedOut
        case failed(String)
    }

    /// Waits until the feed has bytes (or `wake` is readable, or `timeoutMs` passes; -1 waits
    /// forever), then reads at most `buffer.count` bytes into `buffer`.
    public func read(into buffer: inout [UInt8], wake: Int32? = nil, timeoutMs: Int32 = -1) -> ReadResult {
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if let wake { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), timeoutMs)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed("waiting for input failed (\(FeedSource.errorText()))")
            }
            if ready == 0 { return .timedOut }
            if fds.count > 1, fds[1].revents != 0 { return .woken }
            // POLLIN, POLLHUP or POLLERR: read says which (bytes, end or the error).
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 { return .bytes(n) }
            if n == 0 { return .end }
            switch errno {
            case EINTR, EAGAIN, EWOULDBLOCK: continue   // poll waits for the next bytes
            default: return .failed("read failed (\(FeedSource.errorText())); no more lines are read from it")
            }
        }
    }

    /// The whole feed, for a headless run, within `limits`: past a bound it stops reading and
    /// says so in a `.problem`; the lines read so far are kept.
    public func readAll(_ limits: FeedLimits = FeedLimits()) -> [FeedItem] {
        var framer = LineFramer(source: name, limit: limits.lineBytes)
        var items: [FeedItem] = []
        var buffer = [UInt8](repeating: 0, count: min(FeedSource.chunkBytes, max(1, limits.totalBytes)))
        var total = 0
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(limits.seconds * 1000))
        var lines = 0
        while true {
            let left = clock.now.duration(to: deadline)
            let leftMs = max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            switch read(into: &buffer, timeoutMs: Int32(min(leftMs, Int64(Int32.max)))) {
            case .bytes(let n):
                let allowed = min(n, limits.totalBytes - total)
                total += allowed
                for item in framer.feed(buffer[0..<allowed]) {
                    if case .line(let number, _) = item {
                        guard lines < limits.lines else {
                            items.append(.problem(ScriptError(file: name, line: number, message: "stopped reading after \(limits.lines) lines (the most a headless run reads)")))
                            return items
                        }
                        lines += 1
                    }
                    items.append(item)
                }
                if total >= limits.totalBytes {
                    items.append(framer.problem("stopped reading after \(limits.totalBytes) bytes (the most a headless run reads)"))
                    return items
                }
            case .end:
                if lines < limits.lines { items += framer.finish() }
                return items
            case .timedOut:
                items.append(framer.problem("stopped reading after \(limits.seconds) seconds without the feed ending"))
                return items
            case .woken:
                return items
            case .failed(let message):
                items.append(framer.problem(message))
                return items
            }
        }
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}

/// How much a headless run reads of a feed before taking its picture.
public struct FeedLimits: Equatable, Sendable {
    public var lines: Int
    public var totalBytes: Int
    public var lineBytes: Int
    /// Time to wait for the feed to end.
    public var seconds: Double

    public init(lines: Int = 10_000, totalBytes: Int = 4 * 1024 * 1024, lineBytes: Int = LineFramer.defaultLimit, seconds: Double = 30) {
        self.lines = lines
        self.totalBytes = totalBytes
        self.lineBytes = lineBytes
        self.seconds = seconds
    }
}

/// A feed that cannot be used at all (a directory, a missing file); the message names it.
public struct FeedError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
