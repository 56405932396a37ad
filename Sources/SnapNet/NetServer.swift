import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import SnapCore
import Synchronization

/// The host's WebSocket server (Hummingbird): it only moves frames. Every connection gets a
/// number; what arrives is posted as `NetHost.Event`s for the loop that owns the `NetHost`, and
/// the loop's answers go out through `send` and `close`. Each connection writes from its own
/// bounded queue, so a client that never reads is closed instead of holding anyone up.
/// On the same port it serves the browser client's files (`web`): a phone opens the page and
/// joins through the same WebSocket, which only the host's own page (or a non-browser client:
/// no `Origin`, or a `ws://` one) may open (`WebOrigin`).
public final class NetServer: Sendable {
    private let hub: Hub
    private let task = Mutex<Task<Void, Never>?>(nil)
    /// Reads the web client's files; stopped with the server.
    private let fileThreads: NIOThreadPool?

    /// Frames up to this size reach `NetHost`, which closes anything over its own 16 KiB limit;
    /// bigger ones are refused by the WebSocket layer itself.
    static let transportFrameLimit = Hub.transportFrameLimit
    /// Messages waiting for one slow client before it is closed.
    public static let maxQueuedPerClient = Hub.maxQueuedPerClient

    /// Starts serving on `host:port` (port 0: any free port) and returns once it listens.
    /// `post` is called from the server's threads for every transport event. `limits` gives the
    /// HTTP timeouts (who may stay connected is `NetHost`'s decision, not the transport's).
    /// `web`: the folder of the browser client, served at `/` (nil or missing: every page is 404).
    public init(host: String, port: Int, limits: NetLimits = .standard, web: String? = nil, logger: Logger,
                post: @escaping @Sendable (NetHost.Event) -> Void) throws {
        // The server's closures hold the hub, never this object: no cycle, no weak references.
        let room = HTTPRoom(perAddress: limits.maxHTTPPerAddress, total: limits.maxHTTPConnections)
        let hub = Hub(post: post, logger: logger)
        self.hub = hub
        // Hummingbird logs a cancelled child channel as an error when the server stops on purpose.
        var quiet = logger
        if quiet.logLevel > .debug { quiet.logLevel = .critical }
        // A closed connection's client has 2 s to answer the close frame, not Hummingbird's 15.
        let ws = WebSocketServerConfiguration(maxFrameSize: Hub.transportFrameLimit, autoPing: .disabled, closeTimeout: .seconds(2))
        let headers = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: limits.maxHTTPHeaderBytes, maxHeaderListSize: limits.maxHTTPHeaderBytes)
        let http = HTTP1Channel.Configuration(idleTimeout: .nanoseconds(Int64(limits.httpIdleTimeout * 1e9)),
                                              httpDecoderConfiguration: headers)
        let config = HTTP1WebSocketUpgradeChannel.Configuration(http1: http, ws: ws)
        let requestSeconds = limits.httpRequestTimeout
        let server = HTTPServerBuilder { responder in
            DeadlineChildChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: config) { head, channel, _ in
                // OriginGate answered a refused one 403 already; this stays as a second lock
                // (Hummingbird answers a declined upgrade 400).
                guard WebOrigin.allows(origin: head.headerFields[.origin], host: head.authority) else {
                    return .dontUpgrade
                }
                return .upgrade([:]) { inbound, outbound, _ in
                    await hub.serve(inbound: inbound, outbound: outbound, channel: channel)
                }
            }, seconds: requestSeconds, room: room)
        }
        let router = Router()
        router.add(middleware: WebHeaders())
        var threads: NIOThreadPool?
        if let web {
            let pool = NIOThreadPool(numberOfThreads: 1)
            if let folder = WebFolder(folder: web, threads: pool, logger: quiet) {
                pool.start()
                threads = pool
                router.add(middleware: FileMiddleware(fileProvider: folder, searchForIndexHtml: true))
            } else {
                logger.warning("no web client at \(web): browsers cannot join this table")
            }
        }
        fileThreads = threads
        let app = Application(
            router: router,
            server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: "snap-table"),
            onServerRunning: { channel in
                hub.state.withLock { $0.port = channel.localAddress?.port }
                hub.started.signal()
            },
            logger: quiet
        )
        let t = Task.detached(executorPreference: NetExecutor(label: "snap-table.net-server")) {
            do { try await app.run() } catch {
                hub.failure.withLock { $0 = "\(error)" }
                hub.started.signal()
            }
            hub.finished.signal()
        }
        task.withLock { $0 = t }
        guard hub.started.wait(timeout: .now() + 10) == .success else { throw NetTransportError("the server did not start within 10 s") }
        if let why = hub.failure.withLock({ $0 }) { throw NetTransportError("cannot serve on \(host):\(port): \(why)") }
        guard port != 0 || self.port != nil else { throw NetTransportError("the server has no port") }
    }

    /// A server that failed to start (another table has the port) stops its file threads too.
    deinit { try? fileThreads?.syncShutdownGracefully() }

    /// The port it listens on (the one chosen when asked for 0).
    public var port: Int? { hub.state.withLock { $0.port } }

    /// Queues a text frame for a connection; a client with too much waiting is closed.
    public func send(_ text: String, to id: Int) { hub.send(text, to: id) }

    /// Closes a connection after what was queued before.
    public func close(_ id: Int) { hub.close(id) }

    /// Stops serving: every connection closes, the server's task ends. Waits for it (bounded).
    public func stop() {
        hub.closeAll()
        task.withLock { $0?.cancel() }
        _ = hub.finished.wait(timeout: .now() + 5)
        try? fileThreads?.syncShutdownGracefully()
    }
}

/// The server's connections and what the WebSocket handlers share.
final class Hub: Sendable {
    static let transportFrameLimit = 64 * 1024
    static let maxQueuedPerClient = 256

    enum Outbound: Sendable {
        case text(String)
        case close
    }

    struct Link: Sendable {
        let out: AsyncStream<Outbound>.Continuation
        let channel: any Channel
        var queued = 0
    }

    struct State: Sendable {
        var links: [Int: Link] = [:]
        var nextID = 1
        var port: Int?
        var stopped = false
    }

    let state = Mutex(State())
    let post: @Sendable (NetHost.Event) -> Void
    let log: Logger
    let started = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let failure = Mutex<String?>(nil)

    init(post: @escaping @Sendable (NetHost.Event) -> Void, logger: Logger) {
        self.post = post
        log = logger
    }

    func send(_ text: String, to id: Int) {
        let overflow: (any Channel)? = state.withLock { s in
            guard var l = s.links[id] else { return nil }
            l.queued += 1
            s.links[id] = l
            if l.queued > Self.maxQueuedPerClient { return l.channel }
            l.out.yield(.text(text))
            return nil
        }
        if let overflow {
            log.notice("connection \(id): \(Self.maxQueuedPerClient) messages waiting (the client does not read): closing it")
            overflow.close(promise: nil)
        }
    }

    func close(_ id: Int) {
        state.withLock { s in _ = s.links[id]?.out.yield(.close) }
    }

    /// Every connection closes, after what was queued; waits (bounded) for them to go.
    func closeAll() {
        let links = state.withLock { s -> [Link] in
            s.stopped = true
            return Array(s.links.values)
        }
        for l in links { l.out.yield(.close) }
        // Give the goodbyes a moment to go out before the server itself stops.
        let deadline = NetInbox<Int>.now() + 1
        while NetInbox<Int>.now() < deadline, !state.withLock({ $0.links.isEmpty }) { usleep(10_000) }
    }

    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        let (stream, continuation) = AsyncStream<Outbound>.makeStream()
        let id: Int? = state.withLock { s in
            guard !s.stopped else { return nil }
            let id = s.nextID
            s.nextID += 1
            s.links[id] = Link(out: continuation, channel: channel)
            return id
        }
        guard let id else { return }
        // A WebSocket now: its time and its room are NetHost's, not the HTTP layer's (removing
        // the deadline takes it out of the HTTPRoom).
        try? await channel.pipeline.removeHandler(name: RequestDeadline.name).get()
        post(.opened(id, peer: channel.remoteAddress?.ipAddress ?? "unknown"))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await o in stream {
                    switch o {
                    case .text(let s):
                        do { try await outbound.write(.text(s)) } catch { return }
                        self.state.withLock { $0.links[id]?.queued -= 1 }
                    case .close:
                        try? await outbound.close(.normalClosure, reason: nil)
                        return
                    }
                }
            }
            group.addTask {
                do {
                    for try await m in inbound.messages(maxSize: Self.transportFrameLimit) {
                        switch m {
                        case .text(let s): self.post(.text(id, s))
                        case .binary(let b): self.post(.binary(id, bytes: b.readableBytes))
                        }
                    }
                } catch {
                    self.log.info("connection \(id): \(error)")
                }
            }
            await group.next()
            continuation.finish()
            group.cancelAll()
        }
        state.withLock { _ = $0.links.removeValue(forKey: id) }
        post(.closed(id))
    }
}

public struct NetTransportError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ d: String) { description = d }
}
