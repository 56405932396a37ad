import CSDL2
import Synchronization

/// Hands things from a background thread (feed reader, input daemon, signal handler) to the
/// SDL loop, waking it with a user event so it can keep sleeping in SDL_WaitEvent.
final class LoopInbox<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])
    private let wakeEvent = SDL_RegisterEvents(1)

    func post(_ new: [Element]) {
        guard !new.isEmpty else { return }
        items.withLock { $0 += new }
        guard wakeEvent != UInt32.max else { return }
        var e = SDL_Event()
        e.type = wakeEvent
        SDL_PushEvent(&e)
    }

    /// What arrived since the last call.
    func take() -> [Element] { items.withLock { all in defer { all = [] }; return all } }
}
