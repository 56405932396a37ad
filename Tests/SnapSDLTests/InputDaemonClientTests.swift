import Foundation
import Testing
import SnapCore
import Synchronization
@testable import SnapApp

/// The table's client of the input daemon against a fake daemon on a real Unix socket.
@Suite("Input daemon client: trust, stop, bounded inbox")
struct InputDaemonClientTests {
    /// A daemon stand-in: listens on a fresh socket and hands out the accepted connections.
    final class FakeDaemon: @unchecked Sendable {
        let path: String
        let listener: Int32
        private let dir: String

        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("snap-client-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            path = dir + "/input.sock"
            listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            #expect(InputSocket.withAddress(path) { bind(listener, $0, $1) } == 0 && listen(listener, 8) == 0)
        }

        deinit {
            close(listener)
            try? FileManager.default.removeItem(atPath: dir)
        }

        /// The next client, waiting at most `seconds`.
        func accept(within seconds: Double = 10) -> Int32? {
            var p = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(seconds * 1000)) == 1 else { return nil }
            let c = Glibc.accept(listener, nil, nil)
            return c >= 0 ? c : nil
        }

        func send(_ c: Int32, _ text: String) {
            let bytes = Array(text.utf8)
            // MSG_NOSIGNAL: the client may have hung up, which must not kill the test process.
            _ = bytes.withUnsafeBytes { Glibc.send(c, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    /// Collects the client's updates until `done` says so or the deadline passes.
    static func updates(of client: InputDaemonClient, within seconds: Double = 10,
                        until done: ([InputDaemonClient.Update]) -> Bool) -> [InputDaemonClient.Update] {
        var all: [InputDaemonClient.Update] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            all += client.takeUpdates()
            if done(all) { break }
            usleep(5_000) // polling interval, not a wait for an outcome
        }
        return all
    }

    static func isConnected(_ u: InputDaemonClient.Update) -> Bool { if case .event(.connected) = u { true } else { false } }
    static func refusal(_ u: InputDaemonClient.Update) -> String? { if case .refused(let r) = u { r } else { nil } }

    @Test func aHelloWithAnotherVersionIsRefusedNotTrusted() throws {
        let daemon = try FakeDaemon()
        let client = InputDaemonClient(path: daemon.path, wake: .none)
        defer { client.stop() }
        let c = try #require(daemon.accept())
        defer { close(c) }
        daemon.send(c, InputMessage.hello(version: 2, server: "future").encoded() + "\n"
                    + InputMessage.added(id: 1, name: "pad", profile: .gamepad, player: 0).encoded() + "\n")
        let seen = Self.updates(of: client) { $0.contains { Self.refusal($0) != nil } }
        let reason = try #require(seen.compactMap(Self.refusal).first)
        #expect(reason.contains("version 2") && reason.contains(daemon.path), "\(reason)")
        #expect(!seen.contains(where: Self.isConnected))
        #expect(!seen.contains { if case .event(.message) = $0 { true } else { false } }, "a refused daemon's messages were passed on: \(seen)")
        // And the client hung up on it.
        var b: UInt8 = 0
        var p = pollfd(fd: c, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 10_000) == 1 && read(c, &b, 1) == 0)
    }

    @Test func aRefusalLineIsReportedWithItsReason() throws {
        let daemon = try FakeDaemon()
        let client = InputDaemonClient(path: daemon.path, wake: .none)
        defer { client.stop() }
        let c = try #require(daemon.accept())
        daemon.send(c, InputRefusal(reason: "the daemon serves at most 32 clients").encoded() + "\n")
        close(c)
        let seen = Self.updates(of: client) { $0.contains { Self.refusal($0) != nil } }
        #expect(seen.compactMap(Self.refusal).first?.contains("at most 32 clients") == true, "\(seen)")
    }

    @Test func stopWakesAndJoinsTheThreadAndSilencesIt() throws {
        let daemon = try FakeDaemon()
        let client = InputDaemonClient(path: daemon.path, wake: .none)
        let c = try #require(daemon.accept())
        defer { close(c) }
        daemon.send(c, InputMessage.hello(version: InputMessage.version, server: "test").encoded() + "\n")
        let seen = Self.updates(of: client) { $0.contains(where: Self.isConnected) }
        #expect(seen.contains(where: Self.isConnected))
        // The thread is blocked reading a quiet daemon; stop() must wake it and wait for it.
        client.stop()
        // Joined: the thread already closed its connection, so the daemon sees the end right now.
        var b: UInt8 = 0
        var p = pollfd(fd: c, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 0) == 1 && read(c, &b, 1) == 0, "the client's thread was still running after stop()")
        // Nothing more arrives, not even `lost`.
        daemon.send(c, InputMessage.removed(id: 1).encoded() + "\n")
        #expect(client.takeUpdates().isEmpty)
        client.stop() // twice is harmless
    }

    @Test func stopWakesAThreadThatIsBackingOff() throws {
        let client = InputDaemonClient(path: "/nonexistent/snap-table/input.sock", wake: .none)
        client.stop()
        #expect(client.takeUpdates().isEmpty)
    }

    @Test func theInboxShedsOldAxisAndButtonMessagesButNeverConnectionChanges() {
        let inbox = LoopInbox<InputDaemonClient.Update>(limit: 4, wake: .none, shed: InputDaemonClient.shed)
        inbox.post([.event(.connected)])
        for i in 0..<10 { inbox.post([.event(.message(.axis(id: 1, .dpad, x: Double(i) / 10, y: 0)))]) }
        inbox.post([.event(.lost)])
        let got = inbox.take()
        #expect(got.count <= 4)
        guard case .overflow(let n)? = got.first else { Issue.record("no overflow count first: \(got)"); return }
        #expect(n == 9)
        #expect(got.contains(where: Self.isConnected))
        #expect(got.contains { if case .event(.lost) = $0 { true } else { false } })
        // The newest axis position survives.
        #expect(got.contains { if case .event(.message(.axis(_, _, 0.9, _, _))) = $0 { true } else { false } })
    }

    @Test func postingToAClosedInboxIsIgnored() {
        let fired = Mutex(0)
        let inbox = LoopInbox<Int>(limit: 3, wake: .init { fired.withLock { $0 += 1 } })
        #expect(inbox.post([1, 2]))
        #expect(inbox.post([3, 4]))
        #expect(inbox.take() == [2, 3, 4]) // default policy: the oldest go
        #expect(fired.withLock { $0 } == 1) // one wake per batch not yet taken
        inbox.close()
        #expect(!inbox.post([5]))
        #expect(inbox.take().isEmpty && fired.withLock { $0 } == 1)
    }
}
