#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// The running program's own binary, from /proc/self/exe: unlike argv[0] it is right however the
/// program was started (found on PATH, a relative path, a symbolic link to it).
public enum RunningExecutable {
    /// The binary's absolute path, or nil when /proc is not there to say.
    public static func path() -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { readlink("/proc/self/exe", $0, b.count - 1) }
        }
        guard n > 0, n < buffer.count - 1 else { return nil }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }

    /// The folder the binary is in (what is installed with it sits beside or above it).
    public static func directory() -> String? { path().map(PathText.parent(of:)) }
}
