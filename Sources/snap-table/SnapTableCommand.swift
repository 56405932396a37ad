#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import CMalloc
import Logging
import SnapApp
import SnapCore

/// The options come in groups, each of which checks its own options (ArgumentParser calls a
/// group's `validate()` while it decodes it, before the command's) and sets its part of
/// `AppOptions`. They are declared in the order `--help` has always listed the options: a group
/// without a title shows its options in place, so the help reads as it did.
@main
struct SnapTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap-table",
        abstract: "The card game Snap! for one to four players on one machine.",
        discussion: """
            With no options it opens the menu: play here, host a game, join one found on the network, settings. \
            Options that say what to play (--players, --table, --host, --join, --sandbox, --replay, --screenshot) skip \
            the menu; --menu opens it anyway. At the table: click Deal; on your turn click your face-down pile (or drag \
            its top card onto your open pile) or press Space; when two open piles show the same rank (and colour, with \
            --rule colour=on), click Snap! or \
            press S first. Game controllers join with A. Escape pauses, F11 toggles fullscreen.
            Settings are kept in $XDG_CONFIG_HOME/snap-table/settings.json; options win over them for one run.
            """)

    @Option(help: ArgumentHelp("Load art from this folder instead of the built-in Resources.", valueName: "dir"))
    var assets: String?

    @Option(help: ArgumentHelp("Folder with DejaVuSans.ttf, DejaVuSans-Bold.ttf, DejaVuSerif-Bold.ttf (default: the system's DejaVu fonts).", valueName: "dir"))
    var fonts: String?

    @OptionGroup var scripted: ScriptedRunOptions

    @OptionGroup var seats: SeatOptions

    @OptionGroup var window: WindowOptions

    @Flag(help: "Open the menu even with options that say what to play (replays and screenshots included).")
    var menu = false

    @Option(name: .customLong("settings"), help: ArgumentHelp("The settings file (default: $XDG_CONFIG_HOME/snap-table/settings.json).", valueName: "file"))
    var settingsFile: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = LogLevel(.notice)

    @OptionGroup var host: HostOptions

    @OptionGroup var join: JoinOptions

    @OptionGroup var debugging: DebuggingOptions

    /// The rules that tie one group to another; each group has checked its own options by now.
    func validate() throws {
        let joining = join.join != nil
        if scripted.replay != nil && scripted.screenshot == nil && !joining {
            throw ValidationError("--replay needs --screenshot DIR (replays run headless)")
        }
        if host.host && joining { throw ValidationError("give either --host or --join, not both") }
        if joining {
            guard host.code != nil else { throw ValidationError("--join needs --code (the host prints it)") }
            try join.validateJoin()
        }
        if join.listGames && (host.host || joining) {
            throw ValidationError("--list-games runs on its own, not with --host or --join")
        }
        if let why = host.codeProblem { throw ValidationError(why) }
    }

    func run() throws {
        // gettext's locale and folder, while this is the only thread (setlocale is not safe
        // beside others); the language itself is chosen when the table starts, from the
        // desktop's variables as they were before gettext's LANGUAGE became ours.
        let desktop = ProcessInfo.processInfo.environment
        Gettext.start(folder: LocaleFolder.path())
        // First of all: the standard descriptors are checked before anything opens a file, and
        // from here on no output blocks the program.
        let console = Console()
        defer { console.finish(within: 1) }
        // Images made and let go during play (copies of cards at drawn sizes, labels) would
        // otherwise land in malloc's heap once glibc raised its threshold after the first freed
        // one, and the heap keeps what it grew to; in their own mappings they go back when freed.
        mallopt(M_MMAP_THRESHOLD, 128 << 10)
        // Before any other thread starts (the console's block every signal): every thread
        // inherits SIGUSR1 blocked (see StateRequest).
        StateRequest.blockEarly()
        let log = logLevel.bootstrap(console: console)
        if join.listGames { return try JoinOptions.printGames(logger: log) }
        if let path = host.replayRecord { return try NetPlay.replayRecord(path, console: console) }

        var o = AppOptions()
        o.desktopEnvironment = desktop
        o.assets = assets
        o.fonts = fonts
        (o.settings, o.settingsStore) = loadSettings(log: log)
        o.menu = opensMenu
        scripted.apply(to: &o)
        seats.apply(to: &o, settings: o.settings, repeatable: scripted.screenshot != nil)
        try window.apply(to: &o, settings: o.settings, log: log)
        try debugging.apply(to: &o)
        if window.listDisplays { return try WindowOptions.printDisplays() }

        do {
            let script = try scripted.readFiles()
            o.seating = try seats.seating()
            if host.host {
                return try host.serve(o, netLog: debugging.netLog, limits: debugging.netLimits, console: console, logger: log)
            }
            if try join.play(o, code: host.code, netLog: debugging.netLog, script: script, console: console, logger: log) { return }
            let app = try TableApp(options: o, logger: log)
            if scripted.screenshot != nil {
                try app.runHeadless(script: script)
            } else {
                try app.runInteractive()
            }
        } catch let f as AppFailure {
            console.err.write("snap-table: error: \(f.message)\n")
            throw ExitCode(f.exitCode)
        }
    }

    /// No option said what to play, or `--menu` asked for the menu anyway.
    var opensMenu: Bool {
        menu || !(host.host || join.join != nil || seats.saysWhatToPlay || scripted.saysWhatToPlay)
    }

    /// The settings file's settings with this run's options over them, and where to save them.
    func loadSettings(log: Logger) -> (Settings, SettingsStore?) {
        var defaults = Settings(name: LoginName.guess())
        defaults.bots = .normal
        guard let path = settingsFile ?? SettingsStore.defaultPath() else {
            log.notice("no home folder: settings are not remembered")
            return (defaults, nil)
        }
        let store = SettingsStore(path: path)
        var (s, problem) = store.load(defaults: defaults)
        if let problem { log.warning("\(problem)") }
        // Options win for this run (the file keeps what Settings chose).
        join.apply(to: &s)
        seats.apply(to: &s)
        window.apply(to: &s)
        return (s, store)
    }
}
