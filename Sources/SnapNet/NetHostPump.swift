import Logging
import SnapCore

/// The host's network side for a loop: the WebSocket server, the `NetHost` that decides, and
/// the inbox between them. The loop calls `step` with its table; every input `NetHost` makes
/// goes back to the loop through `apply` (which hands it to `TableSession.handle`).
public final class NetHostPump {
    public private(set) var host: NetHost
    let server: NetServer
    public let inbox: NetInbox<NetHost.Event>
    let log: Logger
    /// Transport events the inbox had to refuse (a flood faster than the loop).
    public private(set) var refused = 0
    var lastTime = 0.0

    /// Serves on `bind:port` (0: a free port), and the browser client from the folder `web`.
    /// `wake` nudges the loop when something arrives.
    public init(host: NetHost, bind: String, port: Int, web: String? = nil, logger: Logger,
                wake: @escaping @Sendable () -> Void = {}) throws {
        self.host = host
        log = logger
        let inbox = NetInbox<NetHost.Event>(wake: wake) { e in
            switch e {
            case .opened, .closed, .tick: false
            case .text, .binary: true
            }
        }
        self.inbox = inbox
        server = try NetServer(host: bind, port: port, limits: host.limits, web: web, logger: logger) { inbox.post($0) }
    }

    public var port: Int { server.port ?? 0 }

    /// Handles what arrived, each at its arrival time on the loop's clock (`origin` is the
    /// loop clock's CLOCK_MONOTONIC zero), then the timers at `t`.
    public func step(at t: Double, origin: Double, table: () -> GameTable?, apply: (TableInput, Double) -> Void) {
        let (items, dropped) = inbox.take()
        if dropped > 0 {
            refused += dropped
            log.warning("\(dropped) frames were refused: the network sent more than the table could take")
        }
        host.framesArriving(items.map(\.item))
        for s in items {
            // Arrival order is the order of the stamps; never before what was already handled.
            let at = min(t, max(lastTime, s.time - origin))
            lastTime = at
            carry(host.handle(s.item, at: at, table: table()), at: at, apply: apply)
        }
        lastTime = max(lastTime, t)
        carry(host.handle(.tick, at: t, table: table()), at: t, apply: apply)
    }

    /// Tells the clients what changed (after the loop's inputs and ticks).
    public func publish(table: GameTable, events: [NetEvent], at t: Double) {
        for o in host.publish(table: table, events: events, at: t) { server.send(o.message.text(), to: o.connection) }
    }

    public func nextDue(after t: Double) -> Double { host.nextDue(after: t) }

    /// The host's screen gives an away player's seat back to the table (nothing when nobody is
    /// away from it).
    public func freeAwaySeat(seat: Int, at t: Double, apply: (TableInput, Double) -> Void) {
        if let out = host.freeAwaySeat(seat: seat) { carry(out, at: t, apply: apply) }
    }

    /// Every client hears that the host is leaving; then the server stops (bounded wait).
    public func stop() {
        let out = host.farewell()
        for o in out.send { server.send(o.message.text(), to: o.connection) }
        for c in out.close { server.close(c.connection) }
        inbox.close()
        server.stop()
    }

    private func carry(_ out: NetHost.Output, at t: Double, apply: (TableInput, Double) -> Void) {
        for line in out.log { log.notice("\(line)") }
        for i in out.inputs { apply(i, t) }
        for o in out.send { server.send(o.message.text(), to: o.connection) }
        for c in out.close { server.close(c.connection) }
    }
}
