import ArgumentParser

/// Benchmark figures, never pass/fail: frame times (the default) and the rules' speed.
@main
struct SnapBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap-bench",
        abstract: "Prints benchmark figures for SnapTable (not pass/fail).",
        subcommands: [FrameBench.self, PlayBench.self, GameBench.self, NetBench.self, FloorBench.self],
        defaultSubcommand: FrameBench.self)
}
