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

    static func run(_ args: [String], environment: [String: String]? = nil, stdin: String? = nil, timeout: Double = 60) throws -> Result {
        let p = Process()
        p.executableURL = binary
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
        if let stdin { inp.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? inp.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Plays the fixture replay `name` headless, snapshots into `dir`, plus `extra` options.
    static func replay(_ name: String, into dir: URL, _ extra: [String] = []) throws -> Result {
        try run(["--replay", fixtures.appendingPathComponent(name).path, "--screenshot", dir.path] + extra)
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
