import CSDL2
import Synchronization

/// Hands things from a background thread (feed reader, input daemon, signal handler) to the
/// SDL loop, waking it with a user event so it can keep sleeping in SDL_WaitEvent.
///
/// The queue is bounded: past `limit` the `shed` policy decides what goes (by default the oldest
/// items). After `close()` posts are ignored and nothing reaches SDL any more, so a thread that
/// outlives the loop is harmless.
final class LoopInbox<Element: Sendable>: Sendable {
    /// How the loop is woken. Called with the inbox locked, so `close()` waits for it.
    struct Wake: Sendable {
        let fire: @Sendable () -> Void

        /// An SDL user event (SDL_PushEvent is thread-safe and wakes SDL_WaitEvent).
        static var sdl: Wake {
            let type = SDL_RegisterEvents(1)
            return Wake {
                guard type != UInt32.max else { return }
                var e = SDL_Event()
                e.type = type
                SDL_PushEvent(&e)
            }
        }

        /// For tests and loops that poll.
        static var none: Wake { Wake {} }
    }

    /// Trims `items` (over `limit`) in place.
    typealias Shed = @Sendable (_ items: inout [Element], _ limit: Int) -> Void

    static var dropOldest: Shed { { items, limit in items.removeFirst(max(0, items.count - limit)) } }

    private struct State {
        var items: [Element] = []
        var closed = false
    }

    let limit: Int
    private let state = Mutex(State())
    private let wake: Wake
    private let shed: Shed

    init(limit: Int = 4096, wake: Wake = .sdl, shed: @escaping Shed = LoopInbox.dropOldest) {
        self.limit = max(1, limit)
        self.wake = wake
        self.shed = shed
    }

    /// Queues `new` and wakes the loop; false (and nothing queued) once the inbox is closed.
    @discardableResult
    func post(_ new: [Element]) -> Bool {
        state.withLock { s in
            guard !s.closed else { return false }
            guard !new.isEmpty else { return true }
            // One wake per batch the loop has not taken yet: SDL's own queue cannot fill up with them.
            let wasEmpty = s.items.isEmpty
            s.items += new
            if s.items.count > limit { shed(&s.items, limit) }
            if wasEmpty { wake.fire() }
            return true
        }
    }

    /// What arrived since the last call.
    func take() -> [Element] { state.withLock { s in defer { s.items = [] }; return s.items } }

    /// Stops accepting posts; when it returns, no wake is in flight and none will come.
    func close() { state.withLock { $0.closed = true } }

    var isClosed: Bool { state.withLock { $0.closed } }
}
