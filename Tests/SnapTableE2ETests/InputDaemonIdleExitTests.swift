import Foundation
import Testing

/// `snap-inputd --exit-when-idle`: the daemon a table starts goes by itself once no table has
/// been connected for that long, and stays while one is.
@Suite("snap-inputd idle exit end to end", .serialized)
struct InputDaemonIdleExitTests {
    typealias Daemon = InputDaemonSocketTests.Daemon

    /// A daemon for which `ready` came true before its idle limit ran out. That races the limit
    /// (a loaded machine can take more than a second between the daemon's start and a client's
    /// look at its socket, whose file comes with bind, before listen), so a daemon gone before
    /// then is started again with twice the limit.
    static func daemon<T>(at path: String, once ready: () -> T?) throws -> (daemon: Daemon, ready: T, limit: Double)? {
        var limit = 1.0
        while limit <= 64 {
            let daemon = try Daemon(["--input-socket", path, "--exit-when-idle", String(limit)])
            while daemon.process.isRunning {
                if let value = ready() { return (daemon, value, limit) }
                usleep(10_000)
            }
            #expect(daemon.finish().status == 0, "the daemon with no table did not exit cleanly")
            limit *= 2
        }
        return nil
    }

    @Test func withNoTableConnectedTheDaemonExitsByItselfAndRemovesItsSocket() throws {
        let dir = try InputDaemonSocketTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        let started = try #require(
            try Self.daemon(at: path) { InputDaemonSocketTests.kind(path) == S_IFSOCK ? true : nil },
            "no daemon was seen with its socket before the idle limit, even at 64 s")
        let end = started.daemon.finish(within: 60 + started.limit)
        #expect(end.status == 0, "it did not exit cleanly by itself: \(end.stderr)")
        #expect(end.stderr.contains("no table connected for \(started.limit) s: exiting"), "\(end.stderr)")
        #expect(InputDaemonSocketTests.kind(path) == nil, "the daemon left its socket behind")
    }

    @Test func aConnectedTableKeepsItAndItsDepartureStartsTheWait() throws {
        let dir = try InputDaemonSocketTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        let started = try #require(try Self.daemon(at: path) { InputDaemonSocketTests.connect(path) }, "no table got in before the idle limit, even at 64 s")
        let daemon = started.daemon
        // Connected, the daemon must outlive several idle limits (however slow the machine is,
        // a connected client never lets it go, so this cannot pass or fail by timing).
        let until = Date().addingTimeInterval(3 * started.limit)
        while Date() < until && daemon.process.isRunning { usleep(50_000) }
        #expect(daemon.process.isRunning, "it exited with a table connected")
        #expect(InputDaemonSocketTests.kind(path) == S_IFSOCK)
        close(started.ready)
        let end = daemon.finish(within: 60 + started.limit)
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
