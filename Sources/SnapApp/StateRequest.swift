import CSDL2
import Foundation
import Synchronization

/// SIGUSR1 asks a running table to write its state file now (tools and tests read it while the
/// game goes on). The signal is handled on a dispatch queue, which wakes the SDL loop.
final class StateRequest {
    /// Shared with the signal handler's queue.
    private final class Flag: Sendable {
        let value = Mutex(false)
    }
    private let pending = Flag()
    private let source: DispatchSourceSignal
    let wakeEvent: UInt32

    init() {
        wakeEvent = SDL_RegisterEvents(1)
        signal(SIGUSR1, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGUSR1)
        let wake = wakeEvent
        source.setEventHandler { [pending] in
            pending.value.withLock { $0 = true }
            var e = SDL_Event()
            e.type = wake
            SDL_PushEvent(&e)
        }
        source.resume()
    }

    deinit { source.cancel() }

    /// True once per request.
    func take() -> Bool { pending.value.withLock { p in defer { p = false }; return p } }
}
