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
final class StateRequest {
    private let inbox = LoopInbox<Bool>()
    private let source: DispatchSourceSignal

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
