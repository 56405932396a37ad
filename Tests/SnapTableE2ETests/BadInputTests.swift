import Foundation
import Testing

@Suite("snap-table rejects bad input clearly")
struct BadInputTests {
    @Test func malformedReplayLineNamesFileAndLine() throws {
        let dir = try SnapTableRunner.tempDir("bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let replay = dir.appendingPathComponent("bad.replay")
        try "0 mouse down 10 10\n# fine so far\n0.5 mouse wiggle 3 4\n".write(to: replay, atomically: true, encoding: .utf8)
        let r = try SnapTableRunner.run(["--screenshot", dir.path, "--replay", replay.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(replay.path):3: unknown mouse action 'wiggle'"), "stderr: \(r.stderr)")
    }

    /// A forced OpenGL renderer that cannot be made is an error naming it, never SDL's
    /// software renderer instead (SDL's dummy video driver has no OpenGL).
    @Test func aForcedRendererThatCannotBeMadeIsAnError() throws {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        for kind in ["opengl", "opengles2"] {
            let r = try SnapTableRunner.run(["--sandbox", "--renderer", kind, "--controllers", "off"], environment: env)
            #expect(r.status == 1)
            #expect(r.stderr.contains("SDL_CreateRenderer(\(kind)) failed: the \(kind) renderer could not be created"), "stderr: \(r.stderr)")
        }
    }

    @Test func aFrameCheckSettingOtherThanZeroOrOneIsRefused() throws {
        let dir = try SnapTableRunner.tempDir("verify")
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = ProcessInfo.processInfo.environment
        env["SNAP_VERIFY_FRAMES"] = "yes"
        let r = try SnapTableRunner.run(["--screenshot", dir.path], environment: env)
        #expect(r.status != 0)
        #expect(r.stderr.contains("SNAP_VERIFY_FRAMES must be 0 or 1, got 'yes'"), "stderr: \(r.stderr)")
        env["SNAP_VERIFY_FRAMES"] = "1"
        env["SNAP_VERIFY_FRAMES_TOLERANCE"] = "300"
        let t = try SnapTableRunner.run(["--screenshot", dir.path], environment: env)
        #expect(t.status != 0)
        #expect(t.stderr.contains("SNAP_VERIFY_FRAMES_TOLERANCE must be 0 to 255, got '300'"), "stderr: \(t.stderr)")
    }

    @Test func missingReplayFileIsNamed() throws {
        let r = try SnapTableRunner.run(["--screenshot", "/tmp", "--replay", "/nonexistent/x.replay"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("/nonexistent/x.replay"))
    }

    @Test func missingArtFileIsNamed() throws {
        let dir = try SnapTableRunner.tempDir("art")
        defer { try? FileManager.default.removeItem(at: dir) }
        let resources = SnapTableRunner.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources")
        let art = dir.appendingPathComponent("art")
        try FileManager.default.copyItem(at: resources, to: art)
        try FileManager.default.removeItem(at: art.appendingPathComponent("card-back.png"))
        let r = try SnapTableRunner.run(["--screenshot", dir.path, "--assets", art.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("image not found: \(art.path)/card-back.png"), "stderr: \(r.stderr)")

        try Data("garbage".utf8).write(to: art.appendingPathComponent("card-back.png"))
        let corrupt = try SnapTableRunner.run(["--screenshot", dir.path, "--assets", art.path])
        #expect(corrupt.status == 2)
        #expect(corrupt.stderr.contains("cannot use \(art.path)/card-back.png"), "stderr: \(corrupt.stderr)")
    }

    @Test func missingFontsAreAClearError() throws {
        let r = try SnapTableRunner.run(["--screenshot", "/tmp", "--fonts", "/nonexistent-fonts"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("/nonexistent-fonts/DejaVuSans.ttf") && r.stderr.contains("fonts-dejavu-core"), "stderr: \(r.stderr)")
    }

    @Test func noDisplayMentionsTheOffscreenDriver() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        let r = try SnapTableRunner.run([], environment: env)
        #expect(r.status == 1)
        #expect(r.stderr.contains("SDL_VIDEODRIVER=offscreen"), "stderr: \(r.stderr)")
    }

    @Test func unknownOptionPrintsUsage() throws {
        let r = try SnapTableRunner.run(["--frobnicate"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("Unknown option '--frobnicate'") && r.stderr.contains("Usage: snap-table"), "stderr: \(r.stderr)")
    }
}
