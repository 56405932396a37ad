#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import Logging
import NIOPosix

/// The web client's folder as Hummingbird's `FileMiddleware` sees it: its `LocalFileSystem`,
/// confined to the folder. `FileMiddleware` already refuses any path holding `..` (after
/// percent-decoding); this also refuses a file whose real path (symbolic links followed) lies
/// outside the folder, so a link planted in it cannot serve the rest of the disk.
struct WebFolder: FileProvider {
    typealias FileAttributes = LocalFileSystem.FileAttributes
    typealias FileIdentifier = String

    let root: String
    let files: LocalFileSystem

    /// Nil when `folder` does not exist (the host then serves no page). Files are read on
    /// `threads`, which the server owns and shuts down (NIO's shared pool never stops).
    init?(folder: String, threads: NIOThreadPool, logger: Logger) {
        guard let real = Self.realPath(folder) else { return nil }
        root = real
        var quiet = logger
        quiet.logLevel = .warning
        files = LocalFileSystem(rootFolder: real, threadPool: threads, logger: quiet)
    }

    func getFileIdentifier(_ path: String) -> String? { files.getFileIdentifier(path) }

    func getAttributes(id: String) async throws -> FileAttributes? {
        guard let inside = confined(id) else { return nil }
        return try await files.getAttributes(id: inside)
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        guard let inside = confined(id) else { throw HTTPError(.notFound) }
        return try await files.loadFile(id: inside, context: context)
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        guard let inside = confined(id) else { throw HTTPError(.notFound) }
        return try await files.loadFile(id: inside, range: range, context: context)
    }

    /// The real path of `path` when it is the folder or inside it, else nil (also for a hidden file).
    func confined(_ path: String) -> String? {
        guard let real = Self.realPath(path), real == root || real.hasPrefix(root + "/") else { return nil }
        guard !real.dropFirst(root.count).contains("/.") else { return nil }
        return real
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
