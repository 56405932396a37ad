#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SnapCore

/// Replaces a file whole: readers see the old bytes or the new ones, never no file and never
/// half a file. The new bytes go to a uniquely named temporary file in the same directory
/// (O_EXCL, so nothing is overwritten), which rename(2) then puts over the old one. Only a
/// regular file is replaced: a directory, a symlink, a FIFO or a device is left alone.
public enum AtomicFile {
    public static func replace(_ path: String, with bytes: [UInt8]) throws(FileWriteError) {
        if let why = refusal(path) { throw FileWriteError(path: path, message: why) }
        let dir = directory(of: path)
        var tmp = ""
        var fd: Int32 = -1
        // A short name of our own: the target's name may already be as long as names go.
        for _ in 0..<16 {
            tmp = dir + "/.snap-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw FileWriteError(path: path, message: "cannot create a temporary file in \(dir) (\(errorText()))") }
        var ok = false
        defer {
            if !ok { unlink(tmp) }
        }
        // Keep the permissions of the file being replaced.
        var old = stat()
        if lstat(path, &old) == 0 { _ = fchmod(fd, old.st_mode & 0o7777) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = errorText()
                close(fd)
                throw FileWriteError(path: path, message: "writing failed (\(why))")
            }
            done += n
        }
        guard close(fd) == 0 else { throw FileWriteError(path: path, message: "writing failed (\(errorText()))") }
        // Checked again just before the swap: the path may have become a directory meanwhile.
        if let why = refusal(path) { throw FileWriteError(path: path, message: why) }
        guard rename(tmp, path) == 0 else { throw FileWriteError(path: path, message: "cannot put the new file in place (\(errorText()))") }
        ok = true
    }

    /// Why `path` cannot be (re)placed as a regular file, or nil when it can: its directory must
    /// exist, and the path must be missing or a regular file.
    public static func refusal(_ path: String) -> String? {
        guard !path.isEmpty else { return "the path is empty" }
        if path.hasSuffix("/") { return "it names a directory; give a file name" }
        let dir = directory(of: path)
        var st = stat()
        guard stat(dir, &st) == 0 else { return "the directory \(dir) does not exist (\(errorText()))" }
        guard st.st_mode & S_IFMT == S_IFDIR else { return "\(dir) is not a directory" }
        guard access(dir, W_OK) == 0 else { return "the directory \(dir) is not writable (\(errorText()))" }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.utf8.count <= 255 else { return "the file name is \(name.utf8.count) bytes, longer than the 255 a name may have" }
        guard lstat(path, &st) == 0 else { return nil }   // missing: it will be created
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a directory; give a file name (nothing was changed)"
        case S_IFLNK: return "it is a symbolic link; give the file itself (nothing was changed)"
        case S_IFIFO: return "it is a FIFO, not a regular file (nothing was changed)"
        default: return "it is not a regular file (nothing was changed)"
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}

/// A file that could not be written, naming it and why.
public struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "\(path): \(message)" }
}
