import ArgumentParser
import CMalloc
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import Logging
import SnapApp
import SnapCore
import SnapDiscovery
import SnapSDL

@main
struct SnapTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap-table",
        abstract: "The card game Snap! for one to four players on one machine.",
        discussion: """
            With no options it opens the menu: play here, host a game, join one found on the network, settings. \
            Options that say what to play (--players, --table, --host, --join, --sandbox, --replay, --screenshot) skip \
            the menu; --menu opens it anyway. At the table: click Deal; on your turn click your face-down pile (or drag \
            its top card onto your open pile) or press Space; when two open piles show the same rank, click Snap! or \
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

    @Flag(help: "Serve this game on the local network: prints the address and a join code.")
    var host = false

    @Option(help: ArgumentHelp("With --host: the port to serve on (0: any free port).", valueName: "port"))
    var port: Int = 7420

    @Option(help: ArgumentHelp("With --host: the address to listen on (default: every interface).", valueName: "address"))
    var bind: String = "0.0.0.0"

    @Option(help: ArgumentHelp("With --host: the join code (default: five random letters and digits); with --join: the host's code.", valueName: "code"))
    var code: String?

    @Flag(help: "With --host: serve without a window (every seat is for clients and computer players).")
    var headless = false

    @Option(name: .customLong("start-with"), help: ArgumentHelp("With --host --headless: deal once this many clients are seated.", valueName: "n"))
    var startWith: Int?

    @Option(help: ArgumentHelp("Join a host's game at HOST:PORT (needs --code and --name).", valueName: "host:port"))
    var join: String?

    @Option(help: ArgumentHelp("Your name at the table (with --join), the name a hosted game is announced under (with --host); default: Settings.", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("With --join: the reconnect token the host gave, to take your seat back.", valueName: "token"))
    var token: String?

    @Flag(name: .customLong("list-games"), help: "Print the games announced on the local network within 3 seconds, one per line: NAME, HOST:PORT and free seats, tab-separated; then exit.")
    var listGames = false

    @OptionGroup var debugging: DebuggingOptions

    func validate() throws {
        if scripted.replay != nil && scripted.screenshot == nil && join == nil { throw ValidationError("--replay needs --screenshot DIR (replays run headless)") }
        if let name, let why = Settings.problem(name: name) { throw ValidationError("--name: \(why)") }
        if host && join != nil { throw ValidationError("give either --host or --join, not both") }
        if headless && !host { throw ValidationError("--headless needs --host") }
        if startWith != nil && !headless { throw ValidationError("--start-with needs --host --headless") }
        if let n = startWith, !(1...4).contains(n) { throw ValidationError("--start-with must be 1 to 4, got \(n)") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port)") }
        if let join {
            guard code != nil else { throw ValidationError("--join needs --code (the host prints it)") }
            guard let name, !name.allSatisfy(\.isWhitespace) else { throw ValidationError("--join needs --name") }
            let parts = join.split(separator: ":")
            guard parts.count == 2, !parts[0].isEmpty, let p = Int(parts[1]), (1...65535).contains(p) else {
                throw ValidationError("--join must look like 192.168.1.20:7420, got '\(join)'")
            }
        }
        if token != nil && join == nil { throw ValidationError("--token needs --join") }
        if listGames && (host || join != nil) { throw ValidationError("--list-games runs on its own, not with --host or --join") }
        if let code, code.isEmpty || code.count > 16 || !code.allSatisfy({ $0.isLetter || $0.isNumber }) {
            throw ValidationError("--code must be 1 to 16 letters and digits, got '\(code)'")
        }
    }

    func run() throws {
        // Images made and let go during play (copies of cards at drawn sizes, labels) would
        // otherwise land in malloc's heap once glibc raised its threshold after the first freed
        // one, and the heap keeps what it grew to; in their own mappings they go back when freed.
        mallopt(M_MMAP_THRESHOLD, 128 << 10)
        // Before any thread starts: every thread inherits SIGUSR1 blocked (see StateRequest).
        StateRequest.blockEarly()
        let log = logLevel.bootstrap()
        if listGames {
            let status = ListGames.run(seconds: 3, logger: log)
            if status != 0 { throw ExitCode(status) }
            return
        }

        var o = AppOptions()
        o.assets = assets
        o.fonts = fonts
        scripted.apply(to: &o)
        try debugging.apply(to: &o)
        let (settings, store) = loadSettings(log: log)
        o.settings = settings
        o.settingsStore = store
        o.menu = opensMenu
        seats.apply(to: &o, settings: settings, repeatable: scripted.screenshot != nil)
        try window.apply(to: &o, settings: settings, log: log)
        if window.listDisplays {
            try WindowOptions.printDisplays()
            return
        }

        do {
            let script = try scripted.readFiles()
            o.seating = try seats.seating()
            if try runNet(o, script: script, log: log) { return }
            let app = try TableApp(options: o, logger: log)
            if scripted.screenshot != nil {
                try app.runHeadless(script: script)
            } else {
                try app.runInteractive()
            }
        } catch let f as AppFailure {
            StandardError.write("snap-table: error: \(f.message)\n")
            throw ExitCode(f.exitCode)
        }
    }

    /// No option said what to play, or `--menu` asked for the menu anyway.
    var opensMenu: Bool {
        menu || !(host || join != nil || seats.saysWhatToPlay || scripted.saysWhatToPlay)
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
        if let name { s.name = name }
        seats.apply(to: &s)
        window.apply(to: &s)
        return (s, store)
    }

    /// `--host` and `--join`; false when this run is not network play.
    func runNet(_ o: AppOptions, script: ReplayScript?, log: Logger) throws -> Bool {
        func say(_ text: String) { StandardOutput.write(text) }
        if host {
            var rng = SystemRandomNumberGenerator()
            let code = (self.code ?? NetOptions.makeCode(using: &rng)).uppercased()
            let limits = debugging.netLimits
            if headless {
                let h = try HeadlessHost(seating: o.seating, bots: o.bots, seed: o.seed, code: code, bind: bind, port: port,
                                         startWith: startWith, stateOut: o.stateOut, netLog: debugging.netLog, limits: limits,
                                         announceAs: o.settings.visible ? o.settings.name : nil,
                                         web: ArtLocator.web(given: o.assets), logger: log)
                say(NetPlay.announce(bind: bind, port: h.port, code: code))
                try h.run()
            } else {
                try NetPlay.host(options: o, bind: bind, port: port, code: code, netLog: debugging.netLog, limits: limits,
                                 announceAs: o.settings.visible ? o.settings.name : nil, logger: log) { port in
                    say(NetPlay.announce(bind: bind, port: port, code: code))
                }
            }
            return true
        }
        if let join, let code, let name {
            try NetPlay.join(options: o, address: join, code: code, name: name, token: token, netLog: debugging.netLog, script: script,
                             logger: log) { me, token, seat in
                say("joined as \(me) seat \(seat) token \(token)\n")
            }
            return true
        }
        return false
    }


}
