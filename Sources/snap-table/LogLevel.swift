import ArgumentParser
import Logging
import SnapApp

/// `--log-level`: one of swift-log's level names (trace, debug, info, notice, warning, error,
/// critical). A wrapper rather than a conformance of `Logger.Level` itself: that type is
/// `CaseIterable`, and its values listed in `--help` would change the help's text.
struct LogLevel: ExpressibleByArgument {
    let level: Logger.Level

    init(_ level: Logger.Level) {
        self.level = level
    }

    init?(argument: String) {
        guard let level = Logger.Level(rawValue: argument) else { return nil }
        self.level = level
    }

    var defaultValueDescription: String { level.rawValue }

    /// Sends every logger's lines to standard error from this level up, through the console's
    /// queue (swift-log formats them; a slow reader never holds a logger up); returns the
    /// table's logger.
    func bootstrap(console: Console) -> Logger {
        let level = self.level, stream = QueuedStream(console.err)
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler(label: label, stream: stream)
            h.logLevel = level
            return h
        }
        return Logger(label: "snap-table")
    }
}
