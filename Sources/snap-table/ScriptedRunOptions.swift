import ArgumentParser
import SnapApp
import SnapCore

/// A run driven by a script: drawn offscreen into PNGs (`--screenshot`), fed a replay file on a
/// virtual clock, its final state written as JSON (`--state-out`). Tests and docs run the table so.
struct ScriptedRunOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Render without a display (offscreen driver) and write PNGs into this folder, then exit.", valueName: "dir"))
    var screenshot: String?

    @Option(help: ArgumentHelp("Play a scripted input file on a virtual clock (needs --screenshot).", valueName: "file"))
    var replay: String?

    @Option(name: .customLong("state-out"), help: ArgumentHelp("Write the final state as JSON here at exit.", valueName: "file"))
    var stateOut: String?

    /// These options say what to play, so the menu is skipped.
    var saysWhatToPlay: Bool { replay != nil || screenshot != nil }

    func apply(to o: inout AppOptions) {
        o.screenshotDir = screenshot
        o.replay = replay
        o.stateOut = stateOut
    }

    /// Checks the state file and reads the script before anything opens: a typo should not cost
    /// a window flash, and a bad `--state-out` should not cost a whole game.
    func readFiles() throws -> ReplayScript? {
        if let stateOut { try StateFile.check(stateOut) }
        return try replay.map(Self.readReplay)
    }

    /// Reads at most `ReplayLimits.maxBytes` (plus one, to notice a bigger file) and parses the
    /// bytes: a line that is not UTF-8 is named.
    static func readReplay(_ path: String) throws -> ReplayScript {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, atMost: ReplayLimits.maxBytes)
        } catch .tooLarge(let n) {
            let size = n.map { "\($0)" } ?? "more than \(ReplayLimits.maxBytes)"
            throw AppFailure.badInput("replay error: \(ScriptError(file: path, line: 1, message: "the file has \(size) bytes, more than the \(ReplayLimits.maxBytes) a replay may have"))")
        } catch {
            throw AppFailure.badInput("cannot read replay file \(path): \(error.reason)")
        }
        do { return try ReplayScript.parse(bytes, file: path) } catch { throw AppFailure.badInput("replay error: \(error)") }
    }
}
