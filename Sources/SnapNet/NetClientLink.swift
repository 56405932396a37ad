import Dispatch
import HummingbirdWSClient
import Logging
import SnapCore
import Synchronization

/// A client's WebSocket connection to the host (WSClient from hummingbird-websocket): it says
/// hello, then only moves frames. What the host sends is posted as it arrives; `send` queues a
/// message for the host. The connection runs on its own task until `stop`.
public final class NetClientLink: Sendable {
    public enum Event: Sendable, Equatable {
        case message(NetServerMessage)
        /// A frame that was not a message (logged; play goes on).
        case unreadable(String)
        /// The connection ended (or never started): why.
        case closed(String)
    }

    /// The host's messages can carry the whole game; generous, but bounded.
    static let maxFrame = 1 << 20

    private let out: AsyncStream<String>.Continuation
    private let finished = DispatchSemaphore(value: 0)
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Connects to `ws://address/` and sends `hello` first. `post` is called from the
    /// connection's threads.
    public init(address: String, hello: NetClientMessage, logger: Logger, post: @escaping @Sendable (Event) -> Void) {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        out = continuation
        let config = WebSocketClientConfiguration(maxFrameSize: Self.maxFrame, closeTimeout: .seconds(2))
        let url = "ws://\(address)/"
        let t = Task.detached(executorPreference: NetExecutor(label: "snap-table.net-client")) { [finished] in
            do {
                try await WebSocketClient.connect(url: url, configuration: config, logger: logger) { inbound, outbound, _ in
                    try await outbound.write(.text(hello.text()))
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await text in stream { try await outbound.write(.text(text)) }
                            try? await outbound.close(.normalClosure, reason: nil)
                        }
                        group.addTask {
                            for try await m in inbound.messages(maxSize: Self.maxFrame) {
                                guard case .text(let s) = m else { post(.unreadable("a binary frame")); continue }
                                do { post(.message(try NetServerMessage.decode(s))) } catch { post(.unreadable("\(error)")) }
                            }
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
                post(.closed("the host closed the connection"))
            } catch {
                post(.closed("\(error)"))
            }
            finished.signal()
        }
        task.withLock { $0 = t }
    }

    public func send(_ m: NetClientMessage) { out.yield(m.text()) }

    /// Sends raw text (fault tests and tools only: anything can be sent to test the host).
    public func sendRaw(_ text: String) { out.yield(text) }

    /// Closes the connection and waits (bounded) for its task to end.
    public func stop() {
        out.finish()
        task.withLock { $0?.cancel() }
        _ = finished.wait(timeout: .now() + 3)
    }
}
