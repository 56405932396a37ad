import CSDL2
import Foundation
import Synchronization

/// Reads feed lines on a background thread and hands them to the SDL loop, waking it with a
/// user event so the loop can keep sleeping in SDL_WaitEvent.
final class FeedReader: Sendable {
    private let inbox = Mutex<[String]>([])
    private let finished = Mutex(false)
    let wakeEvent: UInt32

    init(handle: FileHandle) {
        wakeEvent = SDL_RegisterEvents(1)
        let thread = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let nl = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<nl], as: UTF8.self)
                    pending = Data(pending[(nl + 1)...])
                    inbox.withLock { $0.append(line) }
                    wake()
                }
            }
            if !pending.isEmpty { inbox.withLock { $0.append(String(decoding: pending, as: UTF8.self)) } }
            finished.withLock { $0 = true }
            wake()
        }
        thread.name = "snap-table feed"
        thread.start()
    }

    private func wake() {
        guard wakeEvent != UInt32.max else { return }
        var e = SDL_Event()
        e.type = wakeEvent
        SDL_PushEvent(&e)
    }

    /// The lines that arrived since the last call.
    func take() -> [String] { inbox.withLock { lines in defer { lines = [] }; return lines } }
    var isFinished: Bool { finished.withLock { $0 } }
}
