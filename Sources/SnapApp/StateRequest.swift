#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import Dispatch

/// SIGUSR1 asks a running table to write its state file now (tools and tests read it while the
/// game goes on). The signal is handled on a dispatch queue, which wakes the SDL loop.
public final class StateRequest {
    private let inbox = LoopInbox<Bool>()
    private let source: DispatchSourceSignal

    /// Blocks SIGUSR1 in the calling thread, so every thread started after it inherits the
    /// block: the dispatch source reads it from a signalfd, and a thread with it unblocked could
    /// take it and drop it (it is ignored). Call it first thing in `main`.
    public static func blockEarly() {
        var usr1 = sigset_t()
        sigemptyset(&usr1)
        sigaddset(&usr1, SIGUSR1)
        sigprocmask(SIG_BLOCK, &usr1, nil)
    }

    init() {
        signal(SIGUSR1, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGUSR1)
        source.setEventHandler { [inbox] in inbox.post([true]) }
        source.resume()
    }

    /// Stops listening (SIGUSR1 stays ignored) and posts nothing more to SDL.
    func close() {
        source.cancel()
        inbox.close()
    }

    deinit { source.cancel() }

    /// True once per burst of requests.
    func take() -> Bool { !inbox.take().isEmpty }
}
