import Foundation
import Logging
import SnapCore
import SnapNet
import Synchronization
import Testing

/// What the host's inbox keeps does not grow with what went through it: after many wakes it is
/// released in constant stack depth. (It once kept every wake's closure wrapped in the last, and
/// a host died of a stack overflow on its way out after 35,000 connections.)
@Suite("NetInbox and NetHostPump: nothing grows with what went through them")
struct NetInboxTests {
    final class Holder<T: AnyObject>: @unchecked Sendable {
        var value: T?
        init(_ value: T) { self.value = value }
        var isUnique: Bool { isKnownUniquelyReferenced(&value) }
    }

    /// Drops the last reference to `holder`'s value on a thread with 64 KiB of stack; false when
    /// that thread did not finish (a chain released recursively overflows it and kills the run).
    static func releaseOnSmallStack<T: AnyObject>(_ holder: Holder<T>) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let t = Thread {
            holder.value = nil
            done.signal()
        }
        t.stackSize = 64 * 1024
        t.start()
        return done.wait(timeout: .now() + 10) == .success
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
        #expect(Self.releaseOnSmallStack(Holder(inbox)))
    }

    @Test func aPumpThatSawThousandsOfConnectionsIsReleasedOnASmallStack() throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let wakes = Atomic<Int>(0)
        let host = NetHost(code: "K7F2Q", seats: [("p1", 0), ("p2", 1)], hostPlayer: nil, tokenSeed: 1)
        var pump: NetHostPump? = try NetHostPump(host: host, bind: "127.0.0.1", port: 0, logger: logger) { wakes.add(1, ordering: .relaxed) }
        let port = try #require(pump?.port)
        let origin = NetInbox<Int>.now()
        func step() { pump?.step(at: NetInbox<Int>.now() - origin, origin: origin, table: { nil }) { _, _ in } }
        // Each connection opens and closes at once; the loop takes what arrived in between.
        for _ in 0..<2000 {
            _ = try RawWebSocket(port: port)
            step()
        }
        #expect(waitUntil(10) {
            step()
            return pump?.host.connectionCount == 0
        })
        // Events that arrive together wake once; enough wakes are left to overflow the small stack.
        #expect(wakes.load(ordering: .relaxed) >= 1000)
        // The server's threads let go of the inbox in their own time: it is released here once
        // only this test holds it, so its release is what the small stack measures.
        let inbox = try Holder(#require(pump?.inbox))
        pump?.stop()
        pump = nil
        #expect(waitUntil(10) { inbox.isUnique })
        #expect(Self.releaseOnSmallStack(inbox))
    }
}
