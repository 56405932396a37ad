import Foundation

/// Runs the built `snap-table` binary and captures what it says.
struct SnapTableRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("snap-table")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        // swift test's runner lives in .build/<triple>/debug; fall back to the usual place.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/snap-table")
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// What the child reads on standard input.
    enum Input: Sendable {
        case bytes(Data)
        /// `chunk` over and over until the child stops reading (like `yes |`), at most `limit` bytes.
        case endless(Data, limit: Int)
    }

    static func run(_ args: [String], environment: [String: String]? = nil, stdin: String? = nil, timeout: Double = 60) throws -> Result {
        try run(args, environment: environment, input: .bytes(Data((stdin ?? "").utf8)), timeout: timeout)
    }

    /// Standard output and error are read and standard input written all at once, each on its
    /// own thread: a child that fills one pipe while we wait on another cannot deadlock.
    static func run(_ args: [String], environment: [String: String]? = nil, input: Input, timeout: Double = 60,
                    executable: URL = binary) throws -> Result {
        // A child that exits before reading all its input must not kill the test with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        // A run that hangs (a window nobody closes) must fail the test, not stall the suite.
        let pid = p.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        let group = DispatchGroup()
        let collected = Collected()
        for (pipe, isOut) in [(out, true), (err, false)] {
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async(group: group) {
                let data = handle.readDataToEndOfFile()
                collected.set(data, isOut: isOut)
            }
        }
        let writer = inp.fileHandleForWriting
        DispatchQueue.global().async(group: group) {
            feed(input, to: writer.fileDescriptor)
            try? writer.close()
        }
        group.wait()
        p.waitUntilExit()
        let (o, e) = collected.both
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Writes until done or the child closes its end (EPIPE).
    private static func feed(_ input: Input, to fd: Int32) {
        let (chunk, limit): (Data, Int) = switch input {
        case .bytes(let d): (d, d.count)
        case .endless(let d, let limit): (d.isEmpty ? Data("\n".utf8) : d, limit)
        }
        var written = 0
        while written < limit {
            let bytes = chunk.prefix(limit - written)
            var off = 0
            while off < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + off, $0.count - off) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                off += n
            }
            written += bytes.count
            if bytes.isEmpty { return }
        }
    }

    /// Output gathered by the reader threads.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data(), err = Data()
        func set(_ d: Data, isOut: Bool) { lock.withLock { if isOut { out = d } else { err = d } } }
        var both: (Data, Data) { lock.withLock { (out, err) } }
    }

    /// Plays the fixture replay `name` headless, snapshots into `dir`, plus `extra` options.
    /// The fixtures made before the game drive the free table: they run with `--sandbox` unless
    /// `sandbox` is false.
    static func replay(_ name: String, into dir: URL, _ extra: [String] = [], sandbox: Bool = true) throws -> Result {
        try run(["--replay", fixtures.appendingPathComponent(name).path, "--screenshot", dir.path] + (sandbox ? ["--sandbox"] : []) + extra)
    }

    static func tempDir(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snaptable-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }
}

extension Dictionary where Key == String, Value == Any {
    func cards() -> [Int: [String: Any]] {
        Dictionary<Int, [String: Any]>(uniqueKeysWithValues: (self["cards"] as! [[String: Any]]).map { ($0["id"] as! Int, $0) })
    }

    func slotCards() -> [Int: Int?] {
        Dictionary<Int, Int?>(uniqueKeysWithValues: (self["slots"] as! [[String: Any]]).map { ($0["id"] as! Int, $0["card"] as? Int) })
    }
}
