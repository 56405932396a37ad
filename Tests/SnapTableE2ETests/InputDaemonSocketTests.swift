import Foundation
import Testing

/// The real snap-inputd binary and its socket: what it refuses, what it leaves alone, and that a
/// second daemon cannot take over a live one's socket.
@Suite("snap-inputd socket end to end", .serialized)
struct InputDaemonSocketTests {
    static var binary: URL { SnapTableRunner.binary.deletingLastPathComponent().appendingPathComponent("snap-inputd") }

    /// A running daemon; killed when the test is done with it.
    final class Daemon {
        let process = Process()
        let stderr = Pipe()

        init(_ args: [String], environment: [String: String] = [:]) throws {
            process.executableURL = InputDaemonSocketTests.binary
            process.arguments = args
            var env = ProcessInfo.processInfo.environment
            env["SDL_VIDEODRIVER"] = "dummy"
            for (k, v) in environment { env[k] = v }
            process.environment = env
            process.standardError = stderr
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        /// Waits (with a deadline) for the daemon to end; its status and what it said.
        func finish(within seconds: Double = 30) -> (status: Int32?, stderr: String) {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            guard !process.isRunning else {
                kill(process.processIdentifier, SIGKILL) // a hung daemon must not outlive the test
                return (nil, "")
            }
            return (process.terminationStatus, String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }

        func stop() -> (status: Int32?, stderr: String) {
            if process.isRunning { process.terminate() }
            return finish()
        }
    }

    static func tempDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snap-inputd-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        #expect(mkdir(dir, 0o700) == 0)
        return dir
    }

    static func mode(_ path: String) -> mode_t {
        var st = stat()
        _ = stat(path, &st)
        return st.st_mode & 0o7777
    }

    /// A stream socket connected to `path` (close-on-exec: a daemon a parallel test spawns must
    /// not inherit it); nil when nothing listens there (yet, or any more).
    static func connect(_ path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else { close(fd); return nil }
        return fd
    }

    /// Connects to `path` and reads the first line (the hello), trying until the deadline.
    static func hello(at path: String, within seconds: Double = 30) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let fd = connect(path) {
                defer { close(fd) }
                var line: [UInt8] = []
                var b: UInt8 = 0
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                while poll(&p, 1, 10_000) == 1, read(fd, &b, 1) == 1, b != 0x0A { line.append(b) }
                return String(decoding: line, as: UTF8.self)
            }
            usleep(20_000) // not up yet: try again
        }
        return nil
    }

    static func kind(_ path: String) -> mode_t? {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : nil
    }

    @Test func aRegularFileAtTheSocketPathSurvivesAndTheDaemonRefuses() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
        let r = try Daemon(["--input-socket", path]).finish()
        #expect(r.status != nil && r.status != 0, "\(r.stderr)")
        #expect(r.stderr.contains("regular file, not a socket"), "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: path) == Data("keep me".utf8))
    }

    @Test func aSymlinkedSocketDirectoryIsRefusedAndItsTargetKeepsItsMode() throws {
        let runtime = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let target = runtime + "/target"
        #expect(mkdir(target, 0o755) == 0 && chmod(target, 0o755) == 0)
        #expect(symlink(target, runtime + "/snap-table") == 0)
        let r = try Daemon([], environment: ["XDG_RUNTIME_DIR": runtime]).finish()
        #expect(r.status != nil && r.status != 0, "\(r.stderr)")
        #expect(r.stderr.contains("symbolic link"), "\(r.stderr)")
        #expect(Self.mode(target) == 0o755)
        #expect(Self.kind(target + "/input.sock") == nil)
    }

    @Test func anOpenSocketDirectoryIsRefused() throws {
        let runtime = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        #expect(mkdir(runtime + "/snap-table", 0o755) == 0 && chmod(runtime + "/snap-table", 0o755) == 0)
        let r = try Daemon([], environment: ["XDG_RUNTIME_DIR": runtime]).finish()
        #expect(r.status != nil && r.status != 0, "\(r.stderr)")
        #expect(r.stderr.contains("0755"), "\(r.stderr)")
        #expect(Self.mode(runtime + "/snap-table") == 0o755)
    }

    @Test func aSecondDaemonRefusesWhileTheFirstKeepsServing() throws {
        let runtime = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let path = runtime + "/snap-table/input.sock"
        let first = try Daemon([], environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(Self.hello(at: path)?.contains("\"hello\"") == true)
        #expect(Self.mode(runtime + "/snap-table") == 0o700)
        #expect(Self.mode(path) == 0o600)
        let second = try Daemon([], environment: ["XDG_RUNTIME_DIR": runtime]).finish()
        #expect(second.status != nil && second.status != 0, "\(second.stderr)")
        #expect(second.stderr.contains("another input daemon is serving"), "\(second.stderr)")
        #expect(first.process.isRunning)
        #expect(Self.hello(at: path)?.contains("\"hello\"") == true, "the first daemon stopped serving")
        let end = first.stop()
        #expect(end.status == 0, "\(end.stderr)")
        #expect(Self.kind(path) == nil, "the daemon left its socket behind")
    }

    @Test func aStaleSocketIsReplaced() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        #expect(withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } } == 0)
        close(fd) // bound, never listened, never removed: stale
        let daemon = try Daemon(["--input-socket", path])
        #expect(Self.hello(at: path)?.contains("\"hello\"") == true)
        let end = daemon.stop()
        #expect(end.status == 0, "\(end.stderr)")
    }
}
