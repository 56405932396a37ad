#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole regular file, refusing one over a size limit: unread when its size on disk is
/// over, and never more than one byte past the limit when it grows while being read.
public enum BoundedFile {
    public enum Failure: Error, Equatable {
        /// The call that failed and the system's reason.
        case cannotRead(String)
        case notRegular
        /// Its size on disk, or nil when it grew past the limit while being read.
        case tooLarge(Int?)

        public var reason: String {
            switch self {
            case .cannotRead(let why): "cannot read it (\(why))"
            case .notRegular: "not a regular file"
            case .tooLarge(let n?): "the file is \(n) bytes"
            case .tooLarge(nil): "the file grew while being read"
            }
        }
    }

    public static func read(_ path: String, atMost limit: Int) throws(Failure) -> [UInt8] {
        func failed(_ call: String) -> Failure { .cannotRead("\(call): \(String(cString: strerror(errno)))") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failed("open") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failed("fstat") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
        let declared = Int(st.st_size)
        guard declared <= limit else { throw .tooLarge(declared) }
        // One byte more than the limit tells a file that grew past it since fstat.
        var bytes = [UInt8](repeating: 0, count: declared + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { readFile(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw failed("read") }
            if n == 0 { break }
            count += n
            if count == bytes.count, count <= limit {
                bytes += [UInt8](repeating: 0, count: min(1 << 16, limit + 1 - count))
            }
        }
        guard count <= limit else { throw .tooLarge(nil) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}

/// read(2), out of reach of `BoundedFile.read`'s name.
private func readFile(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
