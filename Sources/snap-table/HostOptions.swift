import ArgumentParser
import Logging
import SnapApp
import SnapCore

/// `--host`: serving this game on the local network, with a window or `--headless`. The join
/// code is here because `--help` lists it among the host's options; `--join` takes it too, so
/// the command checks it with the rules that tie the two.
struct HostOptions: ParsableArguments {
    @Flag(help: "Serve this game on the local network: prints the address and a join code.")
    var host = false

    @Option(help: "With --host: the port to serve on (0: any free port).")
    var port: Int = 7420

    @Option(help: ArgumentHelp("With --host: the address to listen on (default: every interface).", valueName: "address"))
    var bind: String = "0.0.0.0"

    @Option(help: "With --host: the join code (default: five random letters and digits); with --join: the host's code.")
    var code: String?

    @Flag(help: "With --host: serve without a window (every seat is for clients and computer players).")
    var headless = false

    @Option(name: .customLong("start-with"), help: ArgumentHelp("With --host --headless: deal once this many clients are seated.", valueName: "n"))
    var startWith: Int?

    @Option(help: ArgumentHelp("With --host: write the game as its rules took it, with the measures behind every network call (JSON lines; never over an existing file).", valueName: "file"))
    var record: String?

    @Option(name: .customLong("replay-record"), help: ArgumentHelp("Run the rules again on a --record file and check every verdict comes out as recorded.", valueName: "file"))
    var replayRecord: String?

    func validate() throws {
        if record != nil && !host { throw ValidationError("--record needs --host") }
        if headless && !host { throw ValidationError("--headless needs --host") }
        if startWith != nil && !headless { throw ValidationError("--start-with needs --host --headless") }
        if let n = startWith, !(1...4).contains(n) { throw ValidationError("--start-with must be 1 to 4, got \(n)") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port)") }
    }

    /// Why `--code` cannot be a join code (both modes take it); nil when it can, or is not given.
    var codeProblem: String? {
        guard let code, code.isEmpty || code.count > 16 || !code.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        return "--code must be 1 to 16 letters and digits, got '\(code)'"
    }

    /// Serves until the host stops, printing the address and the code for whoever joins.
    func serve(_ o: AppOptions, netLog: String?, limits: NetLimits, console: Console, logger log: Logger) throws {
        func say(_ text: String) { console.out.write(text) }
        var rng = SystemRandomNumberGenerator()
        let code = (self.code ?? NetOptions.makeCode(using: &rng)).uppercased()
        let announceAs = o.settings.visible ? o.settings.name : nil
        if headless {
            let h = try HeadlessHost(seating: o.seating, bots: o.bots, seed: o.seed, kind: o.settings.game, house: o.settings.rules, code: code, bind: bind, port: port,
                                     startWith: startWith, stateOut: o.stateOut, netLog: netLog, record: record, limits: limits,
                                     announceAs: announceAs, web: ArtLocator.web(given: o.assets), logger: log)
            say(NetPlay.announce(bind: bind, port: h.port, code: code))
            try h.run()
        } else {
            var o = o
            o.record = record
            try NetPlay.host(options: o, bind: bind, port: port, code: code, netLog: netLog, limits: limits,
                             announceAs: announceAs, logger: log) { port in
                say(NetPlay.announce(bind: bind, port: port, code: code))
            }
        }
    }
}
