import Dispatch
import Glibc
import Testing
@testable import SnapApp

@Suite("LineWriter: output that never blocks whoever writes it")
struct LineWriterTests {
    /// A pipe no child of another test inherits (one holding its write end would keep EOF away).
    static func pipeOfOurOwn(_ ends: inout [Int32]) {
        _ = pipe(&ends)
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }

    /// A pipe whose write end is full (64 KiB nobody read); returns both ends and the bytes in it.
    static func fullPipe() -> (read: Int32, write: Int32, filled: Int) {
        var ends: [Int32] = [0, 0]
        Self.pipeOfOurOwn(&ends)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        let junk = [UInt8](repeating: 0x2e, count: 4096)
        var filled = 0
        while case let n = write(ends[1], junk, junk.count), n > 0 { filled += n }
        _ = fcntl(ends[1], F_SETFL, 0)
        return (ends[0], ends[1], filled)
    }

    static func drain(_ fd: Int32) -> String {
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while case let n = read(fd, &buf, buf.count), n > 0 { out += buf[0..<n] }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func aFullPipeKeepsWhatFitsDropsTheRestAndSaysHowMany() {
        let p = Self.fullPipe()
        let w = LineWriter(fd: p.write, maxLines: 4)
        // None of these waits for the reader.
        for i in 0..<50 { w.write("line \(i)\n") }
        #expect(w.dropped > 0)
        // Someone reads at last: what was kept comes out in order, then the count of the rest.
        let read = Locked<String>("")
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            read.set(Self.drain(p.read))
            done.signal()
        }
        w.finish(within: 10)
        close(p.write)
        done.wait()
        let text = String(read.get().dropFirst(p.filled))
        let lines = text.split(separator: "\n")
        let kept = lines.filter { $0.hasPrefix("line ") }
        #expect(kept.count + w.dropped == 50)
        #expect(kept == kept.sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! })
        // The drops are counted whole, in one line or in several (the writer may catch up between
        // drops), and the last line says how many went last.
        let reports = lines.filter { $0.hasPrefix("snap-table: ") }
        let reported = reports.compactMap { Int($0.split(separator: " ")[1]) }.reduce(0, +)
        #expect(reported == w.dropped)
        #expect(lines.last?.hasSuffix("log lines dropped (the output was not read in time)") == true)
        close(p.read)
    }

    @Test func aReaderThatWentAwayMeansEveryLineIsDroppedAndNothingElse() {
        var ends: [Int32] = [0, 0]
        Self.pipeOfOurOwn(&ends)
        close(ends[0])
        let w = LineWriter(fd: ends[1])
        for i in 0..<20 { w.write("line \(i)\n") }
        w.finish(within: 10)
        #expect(w.dropped == 20)
        // After finishing, lines are dropped at once too.
        w.write("late\n")
        #expect(w.dropped == 21)
        close(ends[1])
    }

    @Test func aDescriptorClosedAtTheStartWritesNothing() {
        var ends: [Int32] = [0, 0]
        Self.pipeOfOurOwn(&ends)
        let w = LineWriter(fd: ends[1], closed: true)
        w.write("secret\n")
        w.finish(within: 10)
        close(ends[1])
        #expect(Self.drain(ends[0]).isEmpty)
        #expect(w.dropped == 1)
        close(ends[0])
    }
}
