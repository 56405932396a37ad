#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages for the person at the terminal, written straight to file descriptor 2 (C's `stderr`
/// is a shared mutable global that Swift 6 refuses to touch).
public enum StandardError {
    public static func write(_ text: String) { writeAll(2, text) }
}

/// What a run prints for people and scripts to read (the address to join a hosted game), written
/// straight to file descriptor 1: unbuffered, so a tool waiting for the line reads it at once.
public enum StandardOutput {
    public static func write(_ text: String) { writeAll(1, text) }
}

private func writeAll(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeMutableBytes { writeFD(fd, $0.baseAddress! + done, $0.count - done) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return }
        done += n
    }
}

/// write(2), out of reach of the callers' `write` names.
private func writeFD(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
