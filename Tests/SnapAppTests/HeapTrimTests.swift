import CMalloc
import Glibc
import Testing
@testable import SnapApp

/// The heap is trimmed while idle only when it holds enough free bytes, once a second at most.
@Suite(.serialized) struct HeapTrimTests {
    /// 4 MB freed in blocks under the mmap threshold, below a block still in use: free in the heap.
    static func freeSomeHeap() -> UnsafeMutableRawPointer {
        let blocks = (0..<64).map { _ in malloc(64 << 10)! }
        let fence = malloc(64)!
        for b in blocks { memset(b, 1, 64 << 10); free(b) }
        return fence
    }

    @Test func itTrimsWhenEnoughIsFreeAndNotAgainWithinASecond() {
        let fence = Self.freeSomeHeap()
        defer { free(fence) }
        #expect(mallinfo2().fordblks >= HeapTrim.worthIt)
        var trim = HeapTrim()
        trim.idle(at: 100)
        #expect(trim.trims == 1)
        trim.idle(at: 100.5)
        #expect(trim.trims == 1, "trimmed again within a second")
        trim.idle(at: 101)
        #expect(trim.trims == 2)
    }
}
