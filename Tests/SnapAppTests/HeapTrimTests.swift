import Testing
@testable import SnapApp

/// The heap is trimmed while idle only when it holds enough free bytes, once a second at most.
/// With malloc's figures given by the test: the real heap is shared by every test running.
@Suite struct HeapTrimTests {
    final class FakeHeap {
        var free = 0
        var trimmed = 0
    }

    @Test func itTrimsWhenEnoughIsFreeAndLooksAgainOnlyAfterASecond() {
        let heap = FakeHeap()
        var trim = HeapTrim(freeBytes: { heap.free }, trim: { heap.trimmed += 1 })
        heap.free = HeapTrim.worthIt - 1
        trim.idle(at: 100)
        #expect(heap.trimmed == 0, "trimmed with less than worthIt free")
        heap.free = 4 << 20
        trim.idle(at: 100.5)
        #expect(heap.trimmed == 0, "looked again within a second")
        trim.idle(at: 101)
        #expect(heap.trimmed == 1 && trim.trims == 1)
        trim.idle(at: 101.9)
        #expect(heap.trimmed == 1, "trimmed again within a second")
        trim.idle(at: 102)
        #expect(heap.trimmed == 2 && trim.trims == 2)
    }
}
