import Foundation
import Testing
@testable import SnapCore

/// The input socket's place: the default location, the private directory's checks, what may
/// be removed at the socket path, and the client's reconnect backoff.
@Suite("Input socket: safe place, stale sockets, backoff")
struct SocketPathTests {
    static func tempDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snap-sock-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        #expect(mkdir(dir, 0o700) == 0)
        return dir
    }

    static func mode(_ path: String) -> mode_t {
        var st = stat()
        _ = stat(path, &st)
        return st.st_mode & 0o7777
    }

    /// A socket file nobody listens on any more (bound, closed, never unlinked).
    static func staleSocket(_ path: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = InputSocket.withAddress(path) { bind(fd, $0, $1) }
        close(fd)
    }

    @Test func defaultLocationFollowsXDGAndFallsBackLikeTmux() {
        let xdg = InputSocket.defaultLocation(environment: ["XDG_RUNTIME_DIR": "/run/user/7"], euid: 7)
        #expect(xdg == InputSocket.Location(directory: "/run/user/7/snap-table", path: "/run/user/7/snap-table/input.sock", warning: nil))
        let unset = InputSocket.defaultLocation(environment: [:], euid: 7)
        #expect(unset.directory == "/tmp/snap-table-7" && unset.path == "/tmp/snap-table-7/input.sock")
        #expect(unset.warning?.contains("XDG_RUNTIME_DIR is not set") == true)
        // The XDG spec: a relative path is invalid and ignored.
        let relative = InputSocket.defaultLocation(environment: ["XDG_RUNTIME_DIR": "run"], euid: 7)
        #expect(relative.directory == "/tmp/snap-table-7" && relative.warning != nil)
        #expect(InputSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": "/r"]) == "/r/snap-table/input.sock")
    }

    @Test func directoryMustBeOursAndPrivateAndReal() throws {
        let ok = FileFacts(kind: .directory, owner: 1000, permissions: 0o700)
        try SocketPlace.checkDirectory(ok, at: "/d", euid: 1000)
        #expect(throws: SocketPathError.notOurs("/d", owner: 1000, euid: 1001)) { try SocketPlace.checkDirectory(ok, at: "/d", euid: 1001) }
        let open = FileFacts(kind: .directory, owner: 1000, permissions: 0o755)
        #expect(throws: SocketPathError.badMode("/d", 0o755)) { try SocketPlace.checkDirectory(open, at: "/d", euid: 1000) }
        let link = FileFacts(kind: .symlink, owner: 1000, permissions: 0o777)
        #expect(throws: SocketPathError.notADirectory("/d", .symlink)) { try SocketPlace.checkDirectory(link, at: "/d", euid: 1000) }
        #expect(SocketPathError.badMode("/d", 0o755).description.contains("0755"))
    }

    @Test func aMissingDirectoryIsCreatedPrivate() throws {
        let base = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let dir = base + "/snap-table"
        try SocketPlace.preparePrivateDirectory(dir)
        #expect(Self.mode(dir) == 0o700)
        try SocketPlace.preparePrivateDirectory(dir) // ours already: fine
    }

    @Test func anOpenDirectoryIsRefusedAndLeftAsItIs() throws {
        let base = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let dir = base + "/snap-table"
        #expect(mkdir(dir, 0o700) == 0 && chmod(dir, 0o755) == 0)
        #expect(throws: SocketPathError.badMode(dir, 0o755)) { try SocketPlace.preparePrivateDirectory(dir) }
        #expect(Self.mode(dir) == 0o755)
    }

    @Test func aSymlinkedDirectoryIsRefusedAndItsTargetUntouched() throws {
        let base = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let target = base + "/elsewhere"
        #expect(mkdir(target, 0o700) == 0 && chmod(target, 0o755) == 0)
        #expect(symlink(target, base + "/snap-table") == 0)
        #expect(throws: SocketPathError.notADirectory(base + "/snap-table", .symlink)) { try SocketPlace.preparePrivateDirectory(base + "/snap-table") }
        #expect(Self.mode(target) == 0o755)
        // Even a link to a private directory of ours is not followed.
        #expect(chmod(target, 0o700) == 0)
        #expect(throws: SocketPathError.notADirectory(base + "/snap-table", .symlink)) { try SocketPlace.preparePrivateDirectory(base + "/snap-table") }
    }

    @Test func aRegularFileAtTheSocketPathIsRefusedAndKept() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/input.sock"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("precious".utf8)))
        #expect(throws: SocketPathError.occupied(path, .regular)) { try SocketPlace.clearStale(path) }
        #expect(FileManager.default.contents(atPath: path) == Data("precious".utf8))
    }

    @Test func aSymlinkOrDirectoryAtTheSocketPathIsRefusedAndKept() throws {
        let base = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(symlink(base + "/nowhere", base + "/link.sock") == 0)
        #expect(throws: SocketPathError.occupied(base + "/link.sock", .symlink)) { try SocketPlace.clearStale(base + "/link.sock") }
        #expect(try FileFacts.at(base + "/link.sock")?.kind == .symlink)
        #expect(mkdir(base + "/dir.sock", 0o700) == 0)
        #expect(throws: SocketPathError.occupied(base + "/dir.sock", .directory)) { try SocketPlace.clearStale(base + "/dir.sock") }
        #expect(try FileFacts.at(base + "/dir.sock")?.kind == .directory)
    }

    @Test func aStaleSocketIsRemovedAndALiveOneRefused() throws {
        let base = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: base) }
        Self.staleSocket(base + "/stale.sock")
        #expect(try FileFacts.at(base + "/stale.sock")?.kind == .socket)
        try SocketPlace.clearStale(base + "/stale.sock")
        #expect(try FileFacts.at(base + "/stale.sock") == nil)

        let live = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(live) }
        #expect(InputSocket.withAddress(base + "/live.sock") { bind(live, $0, $1) } == 0 && listen(live, 4) == 0)
        #expect(throws: SocketPathError.inUse(base + "/live.sock")) { try SocketPlace.clearStale(base + "/live.sock") }
        #expect(try FileFacts.at(base + "/live.sock")?.kind == .socket)
    }

    @Test func onlyOurOwnSocketIsRemovedAtExit() throws {
        let base = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let path = base + "/input.sock"
        Self.staleSocket(path)
        let first = try #require(try FileFacts.at(path))
        // Our socket was moved aside and another took the path: that one is left alone.
        #expect(rename(path, base + "/moved.sock") == 0)
        Self.staleSocket(path)
        let second = try #require(try FileFacts.at(path))
        #expect(!second.isSameFile(as: first))
        #expect(!SocketPlace.removeIfOurs(path, ours: first))
        #expect(try FileFacts.at(path) != nil)
        #expect(SocketPlace.removeIfOurs(path, ours: second))
        #expect(try FileFacts.at(path) == nil)
    }

    @Test func backoffGrowsUnderADaemonThatBreaksOffMidLine() {
        var b = ReconnectBackoff()
        let waits = (0..<8).map { _ in b.next(after: .ended(after: 0.01, cleanly: false)) }
        #expect(waits == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5.0, 5.0])
        // A long session that broke mid-line is no reason to hurry back either.
        #expect(b.next(after: .ended(after: 30, cleanly: false)) == 5.0)
        // A short clean session does not reset it; a good one does.
        #expect(b.next(after: .ended(after: 0.5, cleanly: true)) == 5.0)
        #expect(b.next(after: .ended(after: 2, cleanly: true)) == 0.1)
    }

    @Test func backoffRetriesAnAbsentDaemonQuicklyButKeepsAPenalty() {
        var b = ReconnectBackoff()
        #expect((0..<6).map { _ in b.next(after: .unreachable) } == [0.1, 0.2, 0.4, 0.8, 0.8, 0.8])
        var refused = ReconnectBackoff()
        #expect((0..<5).map { _ in refused.next(after: .refused) } == [0.1, 0.2, 0.4, 0.8, 1.6])
        #expect(refused.next(after: .unreachable) == 3.2)
        #expect(refused.next(after: .unreachable) == 3.2)
    }

    @Test func refusalLinesRoundTripAndAreNotMessages() throws {
        let line = InputRefusal(reason: "the daemon serves at most 32 clients").encoded()
        #expect(InputRefusal.decode(Substring(line)) == InputRefusal(reason: "the daemon serves at most 32 clients"))
        #expect(throws: InputProtocolError.unknownType("refused")) { try InputMessage.decode(Substring(line)) }
        #expect(InputRefusal.decode(Substring(InputMessage.hello(version: 1, server: "x").encoded())) == nil)
    }
}
