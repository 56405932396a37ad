#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// Hands what the network threads received to the loop that owns the game, each item stamped
/// with its arrival time (CLOCK_MONOTONIC seconds, the clock the loops count from). Bounded:
/// past `limit`, items `droppable` picks are refused and counted; the others (a connection
/// opening or closing) always get in, so no connection is forgotten.
public final class NetInbox<Element: Sendable>: Sendable {
    public struct Stamped: Sendable {
        public var item: Element
        public var time: Double
    }

    private struct State {
        var items: [Stamped] = []
        var dropped = 0
        var closed = false
    }

    /// The closure inside a struct: a `Mutex` of a bare closure hands it to `withLock` `inout`
    /// through a reabstraction thunk and stores the thunk back, so every wake wrapped it once
    /// more, a chain that grew with every post and whose release overflowed the stack.
    private struct Wake {
        let fire: @Sendable () -> Void
    }

    public let limit: Int
    private let state = Mutex(State())
    private let wake: Mutex<Wake>
    private let droppable: @Sendable (Element) -> Bool
    private let signal = DispatchSemaphore(value: 0)

    public init(limit: Int = 4096, wake: @escaping @Sendable () -> Void = {}, droppable: @escaping @Sendable (Element) -> Bool = { _ in true }) {
        self.limit = max(1, limit)
        self.wake = Mutex(Wake(fire: wake))
        self.droppable = droppable
    }

    public func post(_ item: Element) {
        let t = Self.now()
        let woke = state.withLock { s -> Bool in
            guard !s.closed else { return false }
            if s.items.count >= limit, droppable(item) {
                s.dropped += 1
                return false
            }
            s.items.append(Stamped(item: item, time: t))
            return s.items.count == 1
        }
        if woke {
            wake.withLock { $0.fire }()
            signal.signal()
        }
    }

    /// How the loop is nudged from now on (the SDL loop's wake exists only once SDL is up).
    /// Items already waiting wake it at once (the post that queued them woke the old way).
    public func setWake(_ w: @escaping @Sendable () -> Void) {
        wake.withLock { $0 = Wake(fire: w) }
        if !state.withLock({ $0.items.isEmpty }) { w() }
    }

    /// Everything that arrived since the last call, and how many items were refused meanwhile.
    public func take() -> (items: [Stamped], dropped: Int) {
        state.withLock { s in
            defer { s.items = []; s.dropped = 0 }
            return (s.items, s.dropped)
        }
    }

    /// For a loop without SDL: sleeps until something arrives or `seconds` pass.
    public func wait(seconds: Double) {
        guard state.withLock({ $0.items.isEmpty }) else { return }
        _ = signal.wait(timeout: .now() + max(0, min(seconds, 3600)))
    }

    /// No more posts are taken (the loop is ending).
    public func close() { state.withLock { $0.closed = true } }

    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
