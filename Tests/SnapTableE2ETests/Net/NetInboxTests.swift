import Foundation
import SnapNet
import Synchronization
import Testing

/// What the inbox keeps does not grow with what went through it: after many wakes it is
/// released in constant stack depth (it once kept every wake's closure wrapped in the last,
/// and the host died of a stack overflow on its way out after 35,000 connections).
@Suite("NetInbox: nothing grows with the posts")
struct NetInboxTests {
    final class Holder: @unchecked Sendable {
        var inbox: NetInbox<Int>?
        init(_ inbox: NetInbox<Int>) { self.inbox = inbox }
    }

    @Test func manyWakesLeaveAnInboxThatIsReleasedOnASmallStack() {
        let wakes = Atomic<Int>(0)
        let inbox = NetInbox<Int>(wake: { wakes.add(1, ordering: .relaxed) })
        let posts = 50_000
        // Each post finds the inbox empty, so each one wakes the loop.
        for i in 0..<posts {
            inbox.post(i)
            #expect(inbox.take().items.map(\.item) == [i])
        }
        #expect(wakes.load(ordering: .relaxed) == posts)
        inbox.setWake { wakes.add(1, ordering: .relaxed) }
        inbox.post(0)
        #expect(wakes.load(ordering: .relaxed) == posts + 1)
        // Released on a thread with 64 KiB of stack: a chain of 50,000 closures would overflow it.
        let holder = Holder(inbox)
        let done = DispatchSemaphore(value: 0)
        let t = Thread {
            holder.inbox = nil
            done.signal()
        }
        t.stackSize = 64 * 1024
        t.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
    }
}
