import NIOCore
import NIOHTTP1
import SnapCore

/// Answers 403 to a WebSocket upgrade whose `Origin` is not the host's own page (`WebOrigin`),
/// before the upgrade handler sees it: Hummingbird's own refusal of an upgrade is a bare 400.
/// It looks at the connection's first request only, then leaves the pipeline (a later request
/// on a kept-alive connection can no longer upgrade, and `WebHeaders` answers it 403 instead).
final class OriginGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var refused = false

    /// Sits right after the HTTP request decoder of a pipeline set up for upgrades.
    static func install(in channel: any Channel) throws {
        let decoder = try channel.pipeline.syncOperations.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
        try channel.pipeline.syncOperations.addHandler(OriginGate(), position: .after(decoder.handler))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if refused { return }
        guard case .head(let head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let upgrade = head.headers.contains(name: "upgrade")
        if upgrade && !WebOrigin.allows(origin: head.headers.first(name: "origin"), host: head.headers.first(name: "host")) {
            refused = true
            let headers = HTTPHeaders([("content-length", "0"), ("connection", "close"),
                                       ("content-security-policy", WebPolicy.contentSecurity)])
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .forbidden, headers: headers))), promise: nil)
            // The channel, not the context, in the completion: a context may not leave its event loop.
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
