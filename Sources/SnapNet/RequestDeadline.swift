import HummingbirdCore
import Logging
import NIOCore

/// Bounds the time an HTTP request may take to arrive, as nginx's `client_header_timeout` and
/// `client_body_timeout` do: armed when the connection opens and at a request's first byte after
/// the last response, disarmed by the response. When it fires the connection is closed, so a
/// client that sends a byte a second, or nothing at all, holds its socket for a bounded time.
/// (Hummingbird's idle timeout starts only after a first request was read.) It also counts the
/// socket in the `HTTPRoom` while it is there (from the moment its address is known). A
/// connection that became a WebSocket has it removed: `NetHost`'s bounds take over.
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    static let name = "snap-table.request-deadline"

    private let timeout: TimeAmount
    private let room: HTTPRoom
    private var timer: Scheduled<Void>?
    private var counted = false

    init(seconds: Double, room: HTTPRoom) {
        timeout = .nanoseconds(Int64(max(0.001, seconds) * 1e9))
        self.room = room
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
        if counted { room.leave(context.channel) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    private func start(_ context: ChannelHandlerContext) {
        if !counted {
            counted = true
            room.enter(context.channel)
        }
        arm(context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        arm(context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        disarm()
        context.write(data, promise: promise)
    }

    /// A running deadline is left alone: a slow request does not win time by trickling in.
    private func arm(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [weak self] in
            self?.timer = nil
            context.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}

/// A server child channel with a `RequestDeadline` in front of everything the inner one sets up,
/// and an `OriginGate` after its HTTP decoder.
struct DeadlineChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let seconds: Double
    let room: HTTPRoom

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let seconds = self.seconds, room = self.room
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestDeadline(seconds: seconds, room: room), name: RequestDeadline.name, position: .first)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
            .flatMapThrowing { value in
                try OriginGate.install(in: channel)
                return value
            }
    }

    func handle(value: Value, logger: Logger) async { await inner.handle(value: value, logger: logger) }
}
