import Foundation
import Testing

/// `snap-inputd --exit-when-idle`: the daemon a table starts goes by itself once no table has
/// been connected for that long, and stays while one is.
@Suite("snap-inputd idle exit end to end", .serialized)
struct InputDaemonIdleExitTests {
    typealias Daemon = InputDaemonSocketTests.Daemon

    /// Waits (with a deadline) until something is at `path`; the socket counts as there.
    static func waitForSocket(_ path: String, within seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if InputDaemonSocketTests.kind(path) == S_IFSOCK { return true }
            usleep(10_000)
        }
        return false
    }

    /// A client that stays connected until closed (it only listens, as tables do).
    static func connect(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(ok == 0, "could not connect to \(path): \(String(cString: strerror(errno)))")
        return fd
    }

    @Test func withNoTableConnectedTheDaemonExitsByItselfAndRemovesItsSocket() throws {
        let dir = try InputDaemonSocketTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        let daemon = try Daemon(["--input-socket", path, "--exit-when-idle", "1"])
        #expect(Self.waitForSocket(path), "the daemon never made its socket")
        let end = daemon.finish(within: 60)
        #expect(end.status == 0, "it did not exit cleanly by itself: \(end.stderr)")
        #expect(end.stderr.contains("no table connected for 1.0 s: exiting"), "\(end.stderr)")
        #expect(InputDaemonSocketTests.kind(path) == nil, "the daemon left its socket behind")
    }

    @Test func aConnectedTableKeepsItAndItsDepartureStartsTheWait() throws {
        let dir = try InputDaemonSocketTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        let daemon = try Daemon(["--input-socket", path, "--exit-when-idle", "1"])
        #expect(Self.waitForSocket(path), "the daemon never made its socket")
        let client = Self.connect(path)
        // Connected, the daemon must outlive several idle limits (however slow the machine is,
        // a connected client never lets it go, so this cannot pass or fail by timing).
        let until = Date().addingTimeInterval(3)
        while Date() < until && daemon.process.isRunning { usleep(50_000) }
        #expect(daemon.process.isRunning, "it exited with a table connected")
        #expect(InputDaemonSocketTests.kind(path) == S_IFSOCK)
        close(client)
        let end = daemon.finish(within: 60)
        #expect(end.status == 0, "it did not exit once the table left: \(end.stderr)")
        #expect(InputDaemonSocketTests.kind(path) == nil, "the daemon left its socket behind")
    }

    @Test func anIdleLimitOutOfRangeIsNamed() throws {
        let dir = try InputDaemonSocketTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        let end = try Daemon(["--input-socket", path, "--exit-when-idle", "0"]).finish()
        #expect(end.status != nil && end.status != 0)
        #expect(end.stderr.contains("--exit-when-idle 0.0 must be 0.1 to 86400 seconds"), "\(end.stderr)")
        #expect(InputDaemonSocketTests.kind(path) == nil)
    }
}
