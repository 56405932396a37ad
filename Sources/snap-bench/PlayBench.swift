import ArgumentParser
import SnapApp
import SnapCore

/// CPU per frame while Snap! is played, drawn as the app draws it (offscreen, software renderer):
/// repeatable figures for changes to drawing; `valgrind --tool=callgrind snap-bench play` gives
/// instruction counts that repeat exactly.
struct PlayBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Prints CPU per frame in seeded Snap! play: the player's window and a 1920x1080 table view, offscreen.")

    @Option(help: "Seconds of play on the virtual clock, after the deal.") var seconds = 30.0
    @Flag(help: "The player's window alone.") var oneWindow = false
    @Flag(help: "Sleep 16 ms between frames, as the live loop does: CPU with caches as cold as live (figures vary more).")
    var paced = false

    func run() throws {
        var bench = PlayFrames()
        try bench.run(seconds: seconds, tableView: !oneWindow, paced: paced)
        print("snap-bench play: \(DecimalText.fixed(seconds, 0)) s of seeded play (seed 5, hard computer players, Space every 0.5 s), software renderer, offscreen\(paced ? ", paced" : "")")
        for w in bench.windows {
            let s = w.frameMs.sorted()
            let median = s.isEmpty ? 0 : s[s.count / 2], p99 = s.isEmpty ? 0 : s[min(s.count - 1, Int(Double(s.count) * 0.99))]
            let label = String((w.role + " window" + String(repeating: " ", count: 16)).prefix(16))
            print(label + "\(w.frames) frames, \(DecimalText.fixed(s.reduce(0, +), 0)) ms CPU, median \(DecimalText.fixed(median, 2)) ms, "
                + "p99 \(DecimalText.fixed(p99, 2)) ms; \(w.stillFrameMs.count) of them drew the still layer (\(DecimalText.fixed(w.stillFrameMs.reduce(0, +), 0)) ms); "
                + "\(w.texturesMade) textures made (deal included), \(w.keptBytes >> 10) KiB kept")
        }
        print("everything (rules, lists, drawing): \(DecimalText.fixed(bench.totalMs, 0)) ms CPU")
    }
}
