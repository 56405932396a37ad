import Foundation

/// A `snap-table` running in the background for network tests: its output goes to files the
/// test reads while it runs; every wait is for a condition, bounded by a deadline.
final class NetProcess {
    let name: String
    let process = Process()
    let stdoutURL: URL, stderrURL: URL

    /// `executable`: what runs (snap-table unless told; a shell that sets limits and execs it).
    init(_ name: String, _ args: [String], in dir: URL, environment: [String: String]? = nil,
         executable: URL = SnapTableRunner.binary) throws {
        self.name = name
        stdoutURL = dir.appendingPathComponent("\(name).out")
        stderrURL = dir.appendingPathComponent("\(name).err")
        // Thrown, with the path, when the test's folder cannot take them.
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        process.executableURL = executable
        process.arguments = args
        if let environment { process.environment = environment }
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var stdout: String { readText(stdoutURL) }
    var stderr: String { readText(stderrURL) }
    var pid: Int32 { process.processIdentifier }

    func signal(_ s: Int32) { kill(process.processIdentifier, s) }

    /// Waits for the process to end (SIGKILL after the deadline); its exit status.
    @discardableResult
    func finish(within seconds: Double = 20) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// A file's text as it is now ("" when missing). Plain read(2): Foundation's file reading
/// (`String(contentsOf:)`, `FileManager.contents`) leaks its buffer when the file grows while
/// it reads (LeakSanitizer, Swift 6.3), and these files grow all the time.
func readText(_ url: URL) -> String {
    let fd = open(url.path, O_RDONLY)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 65536) }
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Polls `condition` until it holds or `seconds` pass; true when it held.
func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// One `--net-log` line: "seq N digest HEX phase P round R winner W cards ok".
struct NetLogLine: Equatable {
    var seq: Int, digest: String, phase: String, round: Int, winner: String, cards: String

    static func read(_ url: URL) -> [NetLogLine] {
        let text = readText(url)
        return text.split(separator: "\n").compactMap { l in
            let p = l.split(separator: " ").map(String.init)
            guard p.count == 12, let seq = Int(p[1]), let round = Int(p[7]) else { return nil }
            return NetLogLine(seq: seq, digest: p[3], phase: p[5], round: round, winner: p[9], cards: p[11])
        }
    }
}
