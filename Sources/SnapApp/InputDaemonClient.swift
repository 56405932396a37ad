#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore
import Synchronization

/// Connects to the input daemon on a background thread, reads its messages and wakes the SDL
/// loop through a `LoopInbox`. No daemon is normal: it retries quietly with a short backoff, so
/// controllers appear within a second of a daemon (re)starting; a daemon that misbehaves (wrong
/// protocol version, refusal, breaking off mid-line, short sessions) is retried ever more slowly,
/// up to `ReconnectBackoff.cap`. `stop()` ends and joins the thread (call it before SDL_Quit).
final class InputDaemonClient: Sendable {
    enum Event: Sendable {
        case message(InputMessage)
        case dropped(InputProtocolError)
        /// The daemon went away: its controllers are gone.
        case lost
        /// A daemon said a good hello (its `.message(.hello)` follows).
        case connected
    }

    /// Everything the client reports: the `Event`s plus what the old shell does not know yet.
    enum Update: Sendable {
        case event(Event)
        /// The daemon was not trusted (wrong protocol version, no hello, it refused us): it is
        /// disconnected and retried later. Posted once per distinct reason until a good hello.
        case refused(reason: String)
        /// The loop did not take updates for so long that `count` axis/button messages (or bad
        /// lines) were dropped, oldest first.
        case overflow(count: Int)
    }

    /// How long a daemon may take to say hello after we connect.
    static let helloTimeout = 5.0
    /// How many updates may wait for the loop.
    static let inboxLimit = 4096

    let path: String
    private let inbox: LoopInbox<Update>
    private let stopping = Atomic<Bool>(false)
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let thread = Mutex<pthread_t?>(nil)

    init(path: String, inboxLimit: Int = InputDaemonClient.inboxLimit, wake: LoopInbox<Update>.Wake = .sdl) {
        self.path = path
        inbox = LoopInbox(limit: inboxLimit, wake: wake, shed: Self.shed)
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC); _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        } else {
            fds = [-1, -1]
        }
        (wakeRead, wakeWrite) = (fds[0], fds[1])
        var t = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&t, nil, { arg in
            let client = Unmanaged<InputDaemonClient>.fromOpaque(arg!).takeRetainedValue()
            client.run()
            return nil
        }, me) == 0 {
            thread.withLock { $0 = t }
        } else {
            Unmanaged<InputDaemonClient>.fromOpaque(me).release()
        }
    }

    deinit {
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// What happened since the last call, without the new kinds of update (see `takeUpdates`).
    func take() -> [Event] {
        takeUpdates().compactMap { if case .event(let e) = $0 { e } else { nil } }
    }

    /// Everything that happened since the last call.
    func takeUpdates() -> [Update] { inbox.take() }

    /// Wakes the thread from whatever it waits on, waits until it has finished and closes the
    /// inbox: afterwards nothing is posted (to SDL or anywhere). Safe to call more than once.
    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        if let t = thread.withLock({ t in defer { t = nil }; return t }) { pthread_join(t, nil) }
        inbox.close()
    }

    private var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    private func post(_ updates: [Update]) { inbox.post(updates) }

    private func run() {
        var backoff = ReconnectBackoff()
        var lastRefusal: String?
        while !isStopping {
            let outcome = session(&lastRefusal)
            guard !isStopping else { break }
            let wait = backoff.next(after: outcome)
            if outcome == .unreachable, access(path, F_OK) != 0 {
                waitForSocketFile(atLeast: wait)
            } else {
                _ = waitReadable(-1, until: Self.now() + wait)
            }
        }
    }

    /// Nothing at the socket's path: sleep until something is made in its folder, or in the
    /// nearest folder above it that exists (inotify), rather than trying again on a timer, so a
    /// table with no daemon uses no CPU while idle. After `longest` without news it tries anyway.
    private func waitForSocketFile(atLeast wait: Double, longest: Double = 60) {
        let start = Self.now()
        defer { _ = waitReadable(-1, until: start + wait) } // a daemon still binding its socket needs a moment
        let watch = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard watch >= 0 else { return }
        defer { close(watch) }
        var drained = [UInt8](repeating: 0, count: 4096)
        while access(path, F_OK) != 0, Self.now() < start + longest, !isStopping {
            guard let folder = Self.nearestFolder(above: path),
                  inotify_add_watch(watch, folder, UInt32(IN_CREATE | IN_MOVED_TO | IN_ATTRIB)) >= 0 else { return }
            // It may have been made between the look and the watch.
            guard access(path, F_OK) != 0 else { return }
            guard waitReadable(watch, until: start + longest) == .ready else { return }
            while read(watch, &drained, drained.count) > 0 {}
        }
    }

    /// The deepest folder above `path` that exists now.
    static func nearestFolder(above path: String) -> String? {
        var p = path
        while let slash = p.lastIndex(of: "/") {
            p = slash == p.startIndex ? "/" : String(p[..<slash])
            var st = stat()
            if stat(p, &st) == 0 { return (st.st_mode & S_IFMT) == S_IFDIR ? p : nil }
            if p == "/" { return nil }
        }
        return "."
    }

    /// One connection, from connect to close.
    private func session(_ lastRefusal: inout String?) -> ReconnectBackoff.Outcome {
        guard let fd = connectOnce() else { return .unreachable }
        defer { close(fd) }
        let start = Self.now()
        var framer = InputLineFramer()
        var greeted = false
        var buf = [UInt8](repeating: 0, count: 8192)
        func refuse(_ reason: String) -> ReconnectBackoff.Outcome {
            if reason != lastRefusal { post([.refused(reason: reason)]) }
            lastRefusal = reason
            return .refused
        }
        while true {
            switch waitReadable(fd, until: greeted ? nil : start + Self.helloTimeout) {
            case .stop: return .ended(after: Self.now() - start, cleanly: true)
            case .timeout: return refuse("the input daemon at \(path) did not say hello within \(Self.helloTimeout) s")
            case .ready: break
            }
            let n = Glibc.read(fd, &buf, buf.count)
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else {
                let broken = framer.finish()
                guard greeted else { return .refused } // it closed before any hello: nothing to trust or report
                if case .dropped(let e)? = broken { post([.event(.dropped(e))]) }
                post([.event(.lost)])
                return .ended(after: Self.now() - start, cleanly: n == 0 && broken == nil)
            }
            var updates: [Update] = []
            for piece in framer.feed(buf[0..<n]) {
                switch piece {
                case .line(let l):
                    let decoded = Result { () throws(InputProtocolError) in try InputMessage.decode(Substring(l)) }
                    if !greeted {
                        // The first line decides whether this daemon is trusted at all.
                        switch decoded {
                        case .success(.hello(let v, _)) where v == InputMessage.version:
                            greeted = true
                            lastRefusal = nil
                            updates.append(.event(.connected))
                        case .success(.hello(let v, _)):
                            return refuse("the input daemon at \(path) speaks protocol version \(v); this table speaks \(InputMessage.version)")
                        default:
                            if let r = InputRefusal.decode(Substring(l)) { return refuse("the input daemon at \(path) refused us: \(r.reason)") }
                            return refuse("the input daemon at \(path) did not start with a hello")
                        }
                    }
                    switch decoded {
                    case .success(let m): updates.append(.event(.message(m)))
                    case .failure(let e): updates.append(.event(.dropped(e)))
                    }
                case .dropped(let e):
                    guard greeted else { return refuse("the input daemon at \(path) did not start with a hello (\(e))") }
                    updates.append(.event(.dropped(e)))
                }
            }
            post(updates)
        }
    }

    private func connectOnce() -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        // Non-blocking: a daemon whose backlog is full (EAGAIN) counts as not there for now.
        if InputSocket.withAddress(path, { connect(fd, $0, $1) }) != 0 {
            close(fd)
            return nil
        }
        return fd
    }

    private enum Wait { case ready, timeout, stop }

    /// Waits until `fd` is readable (fd -1: nothing), `deadline` passes (nil: never) or stop() is called.
    private func waitReadable(_ fd: Int32, until deadline: Double?) -> Wait {
        while true {
            if isStopping { return .stop }
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if fd >= 0 { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            // Without a wake pipe (it could not be made), look at `stopping` now and then.
            var ms: Int32 = wakeRead >= 0 ? -1 : 200
            if let deadline {
                let left = deadline - Self.now()
                if left <= 0 { return .timeout }
                ms = Int32(min(left * 1000, ms >= 0 ? Double(ms) : 60_000).rounded(.up))
            }
            let r = poll(&fds, nfds_t(fds.count), ms)
            if isStopping { return .stop }
            if r > 0, fd >= 0, fds[1].revents != 0 { return .ready }
        }
    }

    /// Past the limit the oldest axis and button messages (and bad-line reports) go first, then
    /// the oldest other messages; `connected`, `lost` and refusals are never dropped. What went is
    /// counted in one `overflow` update at the front.
    static let shed: LoopInbox<Update>.Shed = { items, limit in
        var count = 0
        for case .overflow(let n) in items { count += n }
        items.removeAll { if case .overflow = $0 { true } else { false } }
        func dropOldest(where matches: (Update) -> Bool) {
            var excess = items.count + 1 - limit
            guard excess > 0 else { return }
            items.removeAll { u in
                guard excess > 0, matches(u) else { return false }
                excess -= 1
                count += 1
                return true
            }
        }
        dropOldest { u in
            switch u {
            case .event(.message(.axis)), .event(.message(.button)), .event(.dropped): true
            default: false
            }
        }
        dropOldest { u in if case .event(.message) = u { true } else { false } }
        if count > 0 { items.insert(.overflow(count: count), at: 0) }
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
