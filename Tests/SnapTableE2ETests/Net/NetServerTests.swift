import Foundation
import Logging
import SnapCore
import SnapNet
import Synchronization
import Testing

/// The transport alone: a client that never reads fills its queue and is closed; the others
/// are not held up.
@Suite("NetServer: bounded writes")
struct NetServerTests {
    final class Events: Sendable {
        let list = Mutex<[NetHost.Event]>([])
        func add(_ e: NetHost.Event) { list.withLock { $0.append(e) } }
        var all: [NetHost.Event] { list.withLock { $0 } }
    }

    @Test func aClientThatNeverReadsIsClosedWhileAReaderKeepsGettingEverything() throws {
        let events = Events()
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let server = try NetServer(host: "127.0.0.1", port: 0, logger: logger) { events.add($0) }
        defer { server.stop() }
        let port = try #require(server.port)
        let stuck = try RawWebSocket(port: port, receiveBuffer: 4096)
        #expect(waitUntil(10) { events.all.contains(.opened(1, peer: "127.0.0.1")) })
        let reader = try RawWebSocket(port: port)
        #expect(waitUntil(10) { events.all.contains(.opened(2, peer: "127.0.0.1")) })
        // Paced by a client that reads: the same frames to both, one at a time, so only the
        // one that never reads falls behind (its kernel buffers fill, then its queue).
        let frame = String(repeating: "x", count: 16 * 1024)
        var got = 0, sent = 0
        while sent < 3000, !events.all.contains(.closed(1)) {
            server.send(frame, to: 1)
            server.send(frame, to: 2)
            sent += 1
            if reader.receive() == frame { got += 1 }
        }
        #expect(waitUntil(20) { events.all.contains(.closed(1)) }, "the stuck client was never closed")
        #expect(!events.all.contains(.closed(2)))
        #expect(got == sent, "the reader missed frames")
        #expect(sent > NetServer.maxQueuedPerClient, "closed after only \(sent) frames")
        server.send("after", to: 2)
        #expect(reader.receive(until: { $0 == "after" }) == "after")
        _ = stuck
    }
}
