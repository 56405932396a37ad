import Foundation

/// Reads feed lines on a background thread and hands them to the SDL loop.
final class FeedReader: Sendable {
    private let inbox = LoopInbox<String>()

    init(handle: FileHandle) {
        let thread = Thread { [inbox] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let nl = pending.firstIndex(of: 0x0A) {
                    inbox.post([String(decoding: pending[pending.startIndex..<nl], as: UTF8.self)])
                    pending = Data(pending[(nl + 1)...])
                }
            }
            if !pending.isEmpty { inbox.post([String(decoding: pending, as: UTF8.self)]) }
        }
        thread.name = "snap-table feed"
        thread.start()
    }

    /// The lines that arrived since the last call.
    func take() -> [String] { inbox.take() }
}
