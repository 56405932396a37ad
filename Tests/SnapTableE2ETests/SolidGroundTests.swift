import Foundation
import Testing

/// What a user could lose or wait forever for: state files, bounds on replays and sizes, feeds.
@Suite("snap-table keeps the user's files and its own bounds")
struct SolidGroundTests {
    private func replayFile(_ dir: URL, _ bytes: Data, name: String = "r.replay") throws -> URL {
        let url = dir.appendingPathComponent(name)
        try bytes.write(to: url)
        return url
    }

    @Test func stateOutOntoADirectoryIsRefusedAndTheDirectoryKept() throws {
        let dir = try SnapTableRunner.tempDir("state-dir")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let inside = target.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: inside)
        let r = try SnapTableRunner.replay("play.replay", into: dir.appendingPathComponent("out"), ["--state-out", target.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--state-out \(target.path): it is a directory"), "stderr: \(r.stderr)")
        #expect(try Data(contentsOf: inside) == Data("mine".utf8))
    }

    @Test func stateOutIntoAMissingDirectoryIsRefusedBeforeTheRun() throws {
        let dir = try SnapTableRunner.tempDir("state-missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("no/such/dir/state.json")
        let r = try SnapTableRunner.replay("play.replay", into: dir.appendingPathComponent("out"), ["--state-out", target.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--state-out \(target.path): the directory \(target.deletingLastPathComponent().path) does not exist"), "stderr: \(r.stderr)")
        // Refused before anything ran: no snapshot was written.
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/dragging.png").path))
    }

    @Test func aCoordinateBeyondAnyScreenIsAReplayError() throws {
        let dir = try SnapTableRunner.tempDir("huge")
        defer { try? FileManager.default.removeItem(at: dir) }
        let replay = try replayFile(dir, Data("0 mouse down 10 10\n0.1 mouse up 1e306 10\n".utf8))
        let state = dir.appendingPathComponent("s.json")
        let r = try SnapTableRunner.run(["--sandbox", "--screenshot", dir.path, "--replay", replay.path, "--state-out", state.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(replay.path):2: position '1e306 10' is on no screen"), "stderr: \(r.stderr)")
    }

    @Test func aSnapshotNameTooLongForAFileIsAReplayError() throws {
        let dir = try SnapTableRunner.tempDir("longname")
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = String(repeating: "n", count: 250)
        let replay = try replayFile(dir, Data("0 snapshot \(name)\n".utf8))
        let r = try SnapTableRunner.run(["--sandbox", "--screenshot", dir.path, "--replay", replay.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(replay.path):1: snapshot name of 250 bytes is too long"), "stderr: \(r.stderr)")
    }

    @Test func aReplayThatIsNotUTF8NamesTheFirstBadLine() throws {
        let dir = try SnapTableRunner.tempDir("utf8")
        defer { try? FileManager.default.removeItem(at: dir) }
        let replay = try replayFile(dir, Data("0 mouse down 10 10\n# ok\n0.5 status caf".utf8) + Data([0xE9, 0x0A]) + Data("0.6 status \u{FF}\n".utf8))
        let r = try SnapTableRunner.run(["--sandbox", "--screenshot", dir.path, "--replay", replay.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(replay.path):3: the line is not UTF-8 text"), "stderr: \(r.stderr)")
    }

    @Test func aDisplayOrWindowSizeNoScreenHasIsRefusedNamingTheLimit() throws {
        let dir = try SnapTableRunner.tempDir("size")
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = try SnapTableRunner.run(["--sandbox", "--screenshot", dir.path, "--size", "16384x16384"], timeout: 30)
        #expect(big.status != 0)
        #expect(big.stderr.contains("--size 16384x16384") && big.stderr.contains("8192"), "stderr: \(big.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("screenshot.png").path))

        let replay = try replayFile(dir, Data("0 display connect TV 8192 8192\n".utf8))
        let r = try SnapTableRunner.run(["--sandbox", "--screenshot", dir.path, "--replay", replay.path], timeout: 30)
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(replay.path):1: display size 8192x8192 has more pixels than 7680x4320"), "stderr: \(r.stderr)")
    }

    @Test func anEndlessFeedStillGivesAPictureAndAWarning() throws {
        let dir = try SnapTableRunner.tempDir("yes")
        defer { try? FileManager.default.removeItem(at: dir) }
        // `yes | snap-table --feed - --screenshot DIR`, with 1 GB as the writer's own limit.
        let r = try SnapTableRunner.run(["--sandbox", "--feed", "-", "--screenshot", dir.path],
                                        input: .endless(Data(String(repeating: "y\n", count: 4096).utf8), limit: 1 << 30))
        #expect(r.status == 0, "stderr: \(r.stderr.suffix(2000))")
        #expect(r.stderr.contains("feed:10001: stopped reading after 10000 lines"), "stderr: \(r.stderr.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("screenshot.png").path))
    }

    @Test func aDirectoryAsFeedIsRefusedAtOpen() throws {
        let dir = try SnapTableRunner.tempDir("feeddir")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try SnapTableRunner.run(["--feed", dir.path, "--screenshot", dir.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--feed \(dir.path): it is a directory"), "stderr: \(r.stderr)")
    }

    @Test func aTwoMegabyteFeedLineIsDroppedAndTheNextLineApplied() throws {
        let dir = try SnapTableRunner.tempDir("longline")
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("s.json")
        let input = Data(String(repeating: "x", count: 2 << 20).utf8) + Data("\nsnap Ben\n".utf8)
        let r = try SnapTableRunner.run(["--sandbox", "--feed", "-", "--screenshot", dir.path, "--state-out", state.path], input: .bytes(input))
        #expect(r.status == 0, "stderr: \(r.stderr.prefix(2000))")
        #expect(r.stderr.contains("feed:1: line longer than 4096 bytes (dropped)"), "stderr: \(r.stderr.prefix(2000))")
        let seats = try SnapTableRunner.json(state)["seats"] as! [[String: Any]]
        #expect(seats.first { $0["player"] as? String == "Ben" }?["snap"] as? Bool == true)
    }

    @Test func theRunnerReadsBothPipesAtOnce() throws {
        // A child that writes half a megabyte to standard error (far more than a pipe holds)
        // before it reads its input and answers on standard output.
        let script = "head -c 500000 /dev/zero | tr '\\0' e >&2; cat; echo done"
        let r = try SnapTableRunner.run(["-c", script], input: .bytes(Data("in\n".utf8)), timeout: 60,
                                        executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(r.status == 0)
        #expect(r.stderr.count == 500_000 && r.stdout == "in\ndone\n", "stdout: \(r.stdout)")
    }
}
