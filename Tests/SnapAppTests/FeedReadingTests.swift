import Foundation
import Testing
@testable import SnapCore
@testable import SnapApp

/// A pipe whose ends close when the test is done with them.
private final class TestPipe: @unchecked Sendable {
    let read: Int32, write: Int32
    private let closed = Locked(false)
    init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        (read, write) = (ends[0], ends[1])
    }
    func send(_ s: String) { send(Array(s.utf8)) }
    func send(_ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(write, $0.baseAddress! + off, $0.count - off) }
            if n <= 0 { return }
            off += n
        }
    }
    func closeWrite() { closed.update { if !$0 { Glibc.close(write); $0 = true } } }
    deinit {
        Glibc.close(read)
        closeWrite()
    }
}

/// Waits for a condition, failing after `seconds` instead of hanging.
private func waitFor(_ seconds: Double = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !condition() {
        if Date() > deadline { return false }
        usleep(1000)
    }
    return true
}

@Suite("Feed lines are framed with bounds, each byte looked at once")
struct LineFramerTests {
    @Test func linesAcrossChunksKeepTheirNumbers() {
        var f = LineFramer(source: "feed")
        #expect(f.feed(Array("snap A".utf8)) == [])
        #expect(f.feed(Array("nn\nwins B 2\nsta".utf8)) == [.line(number: 1, text: "snap Ann"), .line(number: 2, text: "wins B 2")])
        #expect(f.feed(Array("tus x\n\n".utf8)) == [.line(number: 3, text: "status x"), .line(number: 4, text: "")])
        #expect(f.feed(Array("last".utf8)) == [])
        #expect(f.finish() == [.line(number: 5, text: "last")])
    }

    @Test func anOverlongLineIsDroppedOnceAndTheNextLineIsKept() {
        var f = LineFramer(source: "feed", limit: 4096)
        var out: [FeedItem] = [.line(number: 0, text: "")]
        out = f.feed(Array("snap Ann\n".utf8))
        // 2 MB in 64 KB chunks: reported as soon as it passes the limit, never held whole.
        let chunk = [UInt8](repeating: 0x78, count: 65536)
        var problems: [FeedItem] = []
        for _ in 0..<32 {
            problems += f.feed(chunk)
            #expect(f.pendingBytes <= 4096)
        }
        #expect(problems == [.problem(ScriptError(file: "feed", line: 2, message: "line longer than 4096 bytes (dropped)"))])
        out += f.feed(Array("\nsnap Ben\n".utf8))
        #expect(out == [.line(number: 1, text: "snap Ann"), .line(number: 3, text: "snap Ben")])
        #expect(f.finish() == [])
    }

    @Test func aLineOfExactlyTheLimitIsKept() {
        var f = LineFramer(source: "f", limit: 8)
        #expect(f.feed(Array("12345678\n123456789\nok\n".utf8)) == [
            .line(number: 1, text: "12345678"),
            .problem(ScriptError(file: "f", line: 2, message: "line longer than 8 bytes (dropped)")),
            .line(number: 3, text: "ok"),
        ])
    }

    @Test func seatFeedUsesTheReadersLineNumbers() {
        var seating = DemoSeating.make()
        var feed = SeatFeed(source: "feed")
        #expect(feed.apply(.line(number: 7, text: "jump"), to: &seating, time: 0)
                == ScriptError(file: "feed", line: 7, message: "unknown verb 'jump' (expected player, active, wins, snap or status)"))
        let problem = ScriptError(file: "feed", line: 8, message: "line longer than 4096 bytes (dropped)")
        #expect(feed.apply(.problem(problem), to: &seating, time: 0) == problem)
        #expect(feed.apply(.line(number: 9, text: "wins Ben 7"), to: &seating, time: 0) == nil)
        #expect(seating.players.first { $0.id == "Ben" }?.gamesWon == 7)
    }
}

@Suite("Feeds are read with poll and read: no aborts, bounded, stoppable")
struct FeedSourceTests {
    @Test func aDirectoryIsRefusedAtOpen() throws {
        let dir = FileManager.default.temporaryDirectory.path
        #expect(throws: FeedError("--feed \(dir): it is a directory; expected a file, pipe, socket or terminal")) {
            try FeedSource.open(dir)
        }
        #expect(throws: FeedError("--feed /nonexistent/feed: cannot read it (No such file or directory)")) {
            try FeedSource.open("/nonexistent/feed")
        }
    }

    @Test func aReadErrorIsReportedNamingTheFeedAndReadingStops() throws {
        // A directory opened for reading: read(2) fails with EISDIR (FileHandle would trap).
        let fd = open(FileManager.default.temporaryDirectory.path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let items = FeedSource(fd: fd, name: "dirfeed").readAll()
        #expect(items == [.problem(ScriptError(file: "dirfeed", line: 1, message: "read failed (Is a directory); no more lines are read from it"))])
    }

    @Test func aNonBlockingPipeIsWaitedOnNotFatal() throws {
        let p = TestPipe()
        #expect(fcntl(p.read, F_SETFL, O_NONBLOCK) == 0)
        let source = FeedSource(fd: p.read, name: "feed")
        let result = Locked<[FeedItem]?>(nil)
        let reader = Thread { let items = source.readAll(); result.set(items) }
        reader.start()
        p.send("snap Ann\n")
        p.send("wins Ben 2")
        p.closeWrite()
        #expect(waitFor { result.get() != nil })
        #expect(result.get() == [.line(number: 1, text: "snap Ann"), .line(number: 2, text: "wins Ben 2")])
    }

    @Test func readAllStopsAtItsBoundsAndSaysSo() throws {
        let p = TestPipe()
        let writer = Thread { p.send(String(repeating: "y\n", count: 100_000)); p.closeWrite() }
        writer.start()
        let items = FeedSource(fd: p.read, name: "feed").readAll(FeedLimits(lines: 50))
        #expect(items.count == 51)
        #expect(items.last == .problem(ScriptError(file: "feed", line: 51, message: "stopped reading after 50 lines (the most a headless run reads)")))

        let q = TestPipe()
        let writer2 = Thread { q.send(String(repeating: "status hello\n", count: 10_000)); q.closeWrite() }
        writer2.start()
        let byBytes = FeedSource(fd: q.read, name: "feed").readAll(FeedLimits(totalBytes: 130))
        #expect(byBytes.count == 11)
        #expect(byBytes.last == .problem(ScriptError(file: "feed", line: 11, message: "stopped reading after 130 bytes (the most a headless run reads)")))
    }

    @Test func readAllGivesUpOnAFeedThatNeverEnds() throws {
        let p = TestPipe()
        p.send("snap Ann\n")
        let items = FeedSource(fd: p.read, name: "feed").readAll(FeedLimits(seconds: 0.2))
        #expect(items == [.line(number: 1, text: "snap Ann"),
                          .problem(ScriptError(file: "feed", line: 2, message: "stopped reading after 0.2 seconds without the feed ending"))])
    }
}

@Suite("The live feed reader holds a bounded queue and can be stopped")
struct FeedPumpTests {
    @Test func aFastWriterIsHeldBackByTheBoundedQueue() throws {
        let p = TestPipe()
        let total = 5000
        let writer = Thread { p.send(String(repeating: "snap Ann\n", count: total)); p.closeWrite() }
        writer.start()
        let wakes = Locked(0)
        let pump = FeedPump(source: FeedSource(fd: p.read, name: "feed"), capacity: 16, onItems: { wakes.update { $0 += 1 } })
        var got: [FeedItem] = []
        var largest = 0
        let complete = waitFor {
            let batch = pump.take()
            largest = max(largest, batch.count)
            got += batch
            return got.count == total && pump.isFinished
        }
        #expect(complete, "got \(got.count) of \(total)")
        #expect(largest <= 16)
        #expect(got.first == .line(number: 1, text: "snap Ann"))
        #expect(got.last == .line(number: total, text: "snap Ann"))
        #expect(wakes.get() >= 1)
    }

    @Test func stopEndsAThreadWaitingForInput() throws {
        let p = TestPipe()
        let pump = FeedPump(source: FeedSource(fd: p.read, name: "feed"))
        p.send("snap Ann\n")
        #expect(waitFor { !pump.take().isEmpty })
        #expect(!pump.isFinished)
        #expect(pump.stop())
        #expect(pump.isFinished)
    }

    @Test func stopEndsAThreadWaitingForRoomInTheQueue() throws {
        let p = TestPipe()
        let writer = Thread { p.send(String(repeating: "snap Ann\n", count: 1000)) }
        writer.start()
        let pump = FeedPump(source: FeedSource(fd: p.read, name: "feed"), capacity: 2)
        #expect(waitFor { pump.take().count == 2 })
        #expect(pump.stop())
        #expect(pump.isFinished)
    }

    @Test func aReadErrorEndsTheThreadWithAProblem() throws {
        let fd = open(FileManager.default.temporaryDirectory.path, O_RDONLY)
        defer { close(fd) }
        let pump = FeedPump(source: FeedSource(fd: fd, name: "dirfeed"))
        var got: [FeedItem] = []
        #expect(waitFor { got += pump.take(); return pump.isFinished && !got.isEmpty })
        got += pump.take()
        #expect(got == [.problem(ScriptError(file: "dirfeed", line: 1, message: "read failed (Is a directory); no more lines are read from it"))])
    }
}
