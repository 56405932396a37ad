#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// Writes the table's state as JSON, whole or not at all, and never over anything that is not a
/// regular file (see `AtomicFile`). A poller reading it during a burst of USR1 writes always
/// finds a complete file.
public enum StateFile {
    /// For `--state-out` at start, before anything runs: a missing directory or a path that is a
    /// directory (or a link, a FIFO...) is refused with exit status 2.
    public static func check(_ path: String) throws(AppFailure) {
        if let why = AtomicFile.refusal(path) { throw AppFailure.badInput("--state-out \(path): \(why)") }
    }

    /// Throws when the state cannot be written: it holds a number JSON cannot (infinity), the
    /// directory is gone, the path is not a regular file.
    public static func write(_ state: TableStateJSON, to path: String) throws(AppFailure) {
        let data: Data
        do {
            data = try state.jsonData()
        } catch {
            throw AppFailure("cannot write state file \(path): the state cannot be JSON (\(reason(error)))")
        }
        do {
            try AtomicFile.replace(path, with: [UInt8](data) + [0x0A])
        } catch {
            throw AppFailure("cannot write state file \(error)")
        }
    }

    private static func reason(_ error: Error) -> String {
        if case EncodingError.invalidValue(let value, let context) = error {
            let at = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\(value) at \(at.isEmpty ? "the top" : at) is not a finite number"
        }
        return "\(error)"
    }
}
