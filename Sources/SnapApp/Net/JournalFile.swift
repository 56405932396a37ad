#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import SnapCore

/// `--record FILE`: a hosted game's journal as JSON lines (`GameJournal`), one write(2) each,
/// so a host that is killed leaves every whole line. A file that is already there is not
/// overwritten: the program only writes what it creates.
final class JournalFile {
    private let fd: Int32
    private let encoder: JSONEncoder

    init(path: String) throws(AppFailure) {
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let why = errno == EEXIST ? "the file is already there (a record is never written over a file)" : String(cString: strerror(errno))
            throw AppFailure.badInput("--record \(path): cannot create the file (\(why))")
        }
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
    }

    func write(_ entries: [GameJournal.Entry]) {
        for e in entries {
            guard let data = try? encoder.encode(e) else { continue }
            var line = data
            line.append(0x0A)
            line.withUnsafeBytes { b in _ = Glibc.write(fd, b.baseAddress, b.count) }
        }
    }

    deinit { close(fd) }

    /// The most a record may hold, and one line of it.
    static let maxBytes = 64 << 20
    static let maxLine = 64 << 10

    /// Reads a record back: each entry with its line number; a line that is not an entry is an
    /// error naming the file and line.
    static func read(_ path: String) throws(AppFailure) -> [(line: Int, entry: GameJournal.Entry)] {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, atMost: maxBytes) } catch {
            throw AppFailure.badInput("\(path): \(error)")
        }
        let decoder = JSONDecoder()
        var out: [(line: Int, entry: GameJournal.Entry)] = []
        for (i, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            guard line.count <= maxLine else { throw AppFailure.badInput("\(path):\(i + 1): a line of \(line.count) bytes (at most \(maxLine))") }
            do { out.append((i + 1, try decoder.decode(GameJournal.Entry.self, from: Data(line)))) } catch {
                throw AppFailure.badInput("\(path):\(i + 1): not a record entry (\(error))")
            }
        }
        return out
    }
}
