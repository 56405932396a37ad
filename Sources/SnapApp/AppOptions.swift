import SnapCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SnapSDL

/// Everything a run is told on the command line, as plain values.
public struct AppOptions: Sendable {
    /// Art folder; nil uses the project's Resources.
    public var assets: String?
    /// Folder holding DejaVuSans.ttf, DejaVuSans-Bold.ttf and DejaVuSerif-Bold.ttf; nil searches the system.
    public var fonts: String?
    /// Render without a display and write PNGs here.
    public var screenshotDir: String?
    public var replay: String?
    public var stateOut: String?
    public var renderer: RendererKind = .auto
    public var windowSize = (w: 1280, h: 720)
    public var fullscreen = false
    /// Who sits at the table (from --players/--me or --table; the demo four otherwise).
    public var seating = DemoSeating.make()
    /// Where live seat updates come from: "-" for standard input, or a file.
    public var feed: String?
    /// `--display N`: SDL's index of the display the primary window opens on.
    public var display: Int?
    public var secondary: SecondaryPolicy = .auto
    public var extraDisplays: ExtraDisplayPolicy = .off
    /// The input daemon's socket; nil when controllers are off or read through SDL.
    public var inputSocket: String?
    /// Start the snap-inputd beside the binary when nothing answers on `inputSocket`, once a
    /// window is up (headless runs never do); nil: never.
    public var inputDaemonAutostart: InputDaemonLauncher.Plan?
    /// Read controllers through SDL in this process instead of the daemon.
    public var controllersThroughSDL = false
    /// Today's free table instead of the game of Snap!.
    public var sandbox = false
    /// How computer players play the seats nobody else does (`off`: those seats stay empty).
    public var bots: BotLevel = .normal
    /// The shuffle and the computer players' timings.
    public var seed: UInt64 = 1
    /// Bench hook: append a line per presented frame (CLOCK_MONOTONIC seconds, then the ids of
    /// the players whose Snap! bubble it shows) to this file.
    public var frameLog: String?
    /// SNAP_VERIFY_FRAMES=1: each window compares every frame it presents with the frame drawn
    /// whole from scratch (`FrameCheck`), counts mismatches and writes the first beside the state file.
    public var verifyFrames = false
    /// SNAP_VERIFY_FRAMES_TOLERANCE: how far a colour channel may differ (default 0, exact).
    public var verifyFramesTolerance: Int?
    /// `--record FILE`: a hosted game's journal (what the rules were given and decided).
    public var record: String?
    /// Tests and benchmarks (`--reflex MS[:SPREAD]`): a client plays its seat with these
    /// reflexes, in seconds (`ClientReflex`).
    public var reflex: (reaction: Double, spread: Double)?
    /// Tests of the fairness bound: this client's calls claim a reaction of 0 ms.
    public var reflexLies = false
    /// Bench hook: exit right after the first frame is shown.
    public var exitAfterFirstFrame = false
    /// Start on the menu (no flag said what to play, or `--menu`).
    public var menu = false
    /// The settings the menu starts from (the file's, with this run's flags over them).
    public var settings = Settings()
    /// `--check-text` (headless): every snapshot's text checked; findings in DIR/text-check.txt.
    public var checkText = false
    /// The environment as the program began, before it set LANGUAGE for gettext: the desktop's
    /// language is read from it.
    public var desktopEnvironment = ProcessInfo.processInfo.environment
    /// `--language`: the screens' language for this run, over the settings' (nil: theirs).
    public var language: String?
    /// Where changed settings are written; nil: nowhere (no home folder).
    public var settingsStore: SettingsStore?
    /// Sound volume 0...100 (--volume, else the settings').
    public var volume = 80
    /// Start muted (--mute); `M` toggles it. Never saved.
    public var muted = false

    public init() {}
}
