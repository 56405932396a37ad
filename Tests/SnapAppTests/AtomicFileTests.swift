import Foundation
import Testing
@testable import SnapCore
@testable import SnapApp

@Suite("State files are replaced whole, and only regular files are replaced")
struct AtomicFileTests {
    private func tempDir() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snap-atomic-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theOldFileStaysReadableWhileAnotherThreadReplacesItRepeatedly() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("state.json").path
        // Every version has the same shape: a reader can tell a whole one from a torn one.
        @Sendable func version(_ i: Int) -> [UInt8] { Array("{\"n\": \(String(format: "%08d", i)), \"pad\": \"\(String(repeating: "x", count: 20_000))\"}\n".utf8) }
        try AtomicFile.replace(path, with: version(0))
        let writes = 400
        let done = Locked(false)
        let writer = Thread {
            for i in 1...writes { try? AtomicFile.replace(path, with: version(i)) }
            done.set(true)
        }
        writer.start()
        var reads = 0, missing = 0, torn = 0
        let length = version(0).count
        let deadline = Date(timeIntervalSinceNow: 60)
        while !done.get() && Date() < deadline {
            reads += 1
            guard let data = FileManager.default.contents(atPath: path) else { missing += 1; continue }
            if data.count != length || data.last != 0x0A { torn += 1 }
        }
        #expect(done.get(), "the writer did not finish within 60 s")
        #expect(reads > 0)
        #expect(missing == 0, "the file was missing in \(missing) of \(reads) reads")
        #expect(torn == 0, "the file was incomplete in \(torn) of \(reads) reads")
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == version(writes))
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["state.json"])
    }

    @Test func aDirectoryIsNeverReplaced() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: target.appendingPathComponent("notes.txt"))
        #expect(throws: FileWriteError(path: target.path, message: "it is a directory; give a file name (nothing was changed)")) {
            try AtomicFile.replace(target.path, with: [0x7B, 0x7D])
        }
        #expect(FileManager.default.contents(atPath: target.appendingPathComponent("notes.txt").path) == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["precious"])
    }

    @Test func aSymlinkAndAFIFOAreNeverReplaced() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.json")
        try Data("old".utf8).write(to: real)
        let link = dir.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        #expect(throws: FileWriteError(path: link.path, message: "it is a symbolic link; give the file itself (nothing was changed)")) {
            try AtomicFile.replace(link.path, with: [0x31])
        }
        #expect(FileManager.default.contents(atPath: real.path) == Data("old".utf8))
        let fifo = dir.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: FileWriteError(path: fifo.path, message: "it is a FIFO, not a regular file (nothing was changed)")) {
            try AtomicFile.replace(fifo.path, with: [0x31])
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["real.json", "link.json", "fifo"])
    }

    @Test func aMissingDirectoryIsNamed() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("gone/state.json").path
        #expect(AtomicFile.refusal(path) == "the directory \(dir.path)/gone does not exist (No such file or directory)")
        #expect(throws: FileWriteError.self) { try AtomicFile.replace(path, with: [0x31]) }
        #expect(AtomicFile.refusal(dir.appendingPathComponent("new.json").path) == nil)
        #expect(AtomicFile.refusal(dir.path + "/") == "it names a directory; give a file name")
    }

    @Test func theReplacedFileKeepsItsPermissions() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.json").path
        try AtomicFile.replace(path, with: [0x31])
        #expect(chmod(path, 0o600) == 0)
        try AtomicFile.replace(path, with: [0x32])
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        #expect(FileManager.default.contents(atPath: path) == Data([0x32]))
    }
}
