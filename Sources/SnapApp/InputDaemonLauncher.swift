import CSpawn
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import Logging
import SnapCore

/// Starts the input daemon installed beside snap-table when nobody answers on its socket, as the
/// user would have: in a session of its own with no terminal, its messages in a log in the
/// socket's private folder. It is left running for the next game and exits by itself after
/// `idleLimit` seconds with no table connected. A daemon that answers is used as it is.
public enum InputDaemonLauncher {
    /// Seconds an autostarted daemon waits with no table connected before it exits.
    public static let idleLimit = 300
    /// The daemon's log in the socket's private folder.
    public static let logName = "inputd.log"
    /// A log bigger than this is started afresh when the next daemon starts.
    static let logLimit = 64 * 1024

    /// A window's run asks for the daemon with this (`AppOptions.inputDaemonAutostart`).
    public struct Plan: Equatable, Sendable {
        /// The user named the socket (the daemon is then told it too; otherwise it finds the
        /// same default by itself).
        public var socketGiven: Bool
        /// The default socket's private 0700 folder, for the daemon's log; nil: no log.
        public var logDirectory: String?

        public init(socketGiven: Bool, logDirectory: String?) {
            self.socketGiven = socketGiven
            self.logDirectory = logDirectory
        }
    }

    public enum Outcome: Equatable, Sendable {
        /// Something answered on the socket: that daemon is used.
        case alreadyRunning
        case started(pid: pid_t, log: String?)
        /// No snap-inputd beside the running binary (its expected path).
        case notInstalled(String)
        case failed(String)
    }

    /// `socket` is the path the table connects to.
    @discardableResult
    public static func startIfAbsent(socket: String, plan: Plan, logger: Logger) -> Outcome {
        let outcome = start(socket: socket, given: plan.socketGiven, logDirectory: plan.logDirectory)
        switch outcome {
        case .alreadyRunning:
            logger.debug("controllers: an input daemon answers on \(socket)")
        case .started(let pid, let log):
            logger.info("controllers: started snap-inputd (pid \(pid)) on \(socket); it exits after \(idleLimit) s with no table\(log.map { ", log \($0)" } ?? "")")
            Reaper.watch(pid: pid, log: log, logger: logger)
        case .notInstalled(let path):
            logger.info("controllers: no input daemon answers on \(socket) and there is no \(path) to start; start snap-inputd yourself or use --controllers sdl")
        case .failed(let why):
            logger.notice("controllers: could not start the input daemon: \(why)")
        }
        return outcome
    }

    static func start(socket: String, given: Bool, logDirectory: String?) -> Outcome {
        guard let answers = answers(socket) else { return .failed("the socket path \(socket) is too long") }
        if answers { return .alreadyRunning }
        guard let dir = RunningExecutable.directory() else { return .failed("cannot tell where snap-table is (/proc/self/exe)") }
        let daemon = PathText.join(dir, "snap-inputd")
        guard access(daemon, X_OK) == 0 else { return .notInstalled(daemon) }
        var args = [daemon, "--exit-when-idle", "\(idleLimit)"]
        // The daemon starts in /, so a relative socket path is made whole first.
        if given { args += ["--input-socket", socket.hasPrefix("/") ? socket : PathText.join(currentDirectory(), socket)] }
        let log = logDirectory.flatMap { openLog(PathText.join($0, logName)) }
        defer { if let log { close(log.fd) } }
        switch spawn(args, stderr: log?.fd) {
        case .success(let pid): return .started(pid: pid, log: log?.path)
        case .failure(let code): return .failed("posix_spawn \(daemon): \(String(cString: strerror(code.rawValue)))")
        }
    }

    /// True when something listens on `socket` (connected, or a full backlog); nil when the path
    /// cannot be a socket address.
    static func answers(_ socket: String) -> Bool? {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard let result = InputSocket.withAddress(socket, { connect(fd, $0, $1) == 0 ? 0 : errno }) else { return nil }
        return result == 0 || result == EAGAIN || result == EINPROGRESS
    }

    /// The log, opened for appending: only a regular file of ours (never through a link); one
    /// past `logLimit` is emptied first, so the log stays small however often daemons start.
    static func openLog(_ path: String) -> (fd: Int32, path: String)? {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_uid == geteuid() else {
            close(fd)
            return nil
        }
        if st.st_size > logLimit { _ = ftruncate(fd, 0) }
        return (fd, path)
    }

    /// posix_spawn in a new session (no controlling terminal, no signals from the table's
    /// terminal), standard input and output on /dev/null, standard error on `stderr` (or
    /// /dev/null), nothing else inherited, started in / (it keeps no folder busy), with the
    /// signals a parent may have ignored or blocked back to normal.
    static func spawn(_ args: [String], stderr: Int32?) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let stderr {
            posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        posix_spawn_file_actions_addchdir_np(&actions, "/")

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv = args.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, args[0], &actions, &attributes, &argv, &envp)
        return code == 0 ? .success(pid) : .failure(Errno(rawValue: code))
    }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// posix_spawn's errno.
    struct Errno: Error, Equatable { let rawValue: Int32 }
}

/// Waits for the daemon we started on a thread of its own, so it never lingers as a zombie if
/// it ends before the table does (it lost a race for the socket, or was killed). When the table
/// ends first, the daemon is handed to init (or the session's subreaper), which reaps it. Only
/// this pid is waited for: the table's other children and its SIGCHLD stay as they were.
private final class Reaper: Sendable {
    let pid: pid_t
    let log: String?
    let logger: Logger

    private init(pid: pid_t, log: String?, logger: Logger) {
        self.pid = pid
        self.log = log
        self.logger = logger
    }

    static func watch(pid: pid_t, log: String?, logger: Logger) {
        let me = Unmanaged.passRetained(Reaper(pid: pid, log: log, logger: logger)).toOpaque()
        var thread = pthread_t()
        if pthread_create(&thread, nil, { arg in
            Unmanaged<Reaper>.fromOpaque(arg!).takeRetainedValue().run()
            return nil
        }, me) == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Reaper>.fromOpaque(me).release()
        }
    }

    private func run() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which are C macros.
        let signal = status & 0x7f
        let code = (status >> 8) & 0xff
        let see = log.map { "; see \($0)" } ?? ""
        if signal != 0 {
            logger.notice("controllers: the input daemon we started (pid \(pid)) was ended by signal \(signal)\(see)")
        } else if code != 0 {
            logger.notice("controllers: the input daemon we started (pid \(pid)) exited with status \(code)\(see)")
        } else {
            logger.info("controllers: the input daemon we started (pid \(pid)) has exited")
        }
    }
}
