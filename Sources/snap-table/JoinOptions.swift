import ArgumentParser
import Logging
import SnapApp
import SnapCore
import SnapDiscovery

/// `--join`: playing at a host's table, and `--list-games` to find one. `--name` is here because
/// `--help` lists it with them; a host announces its game under it too.
struct JoinOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Join a host's game at HOST:PORT (needs --code and --name).", valueName: "host:port"))
    var join: String?

    @Option(help: "Your name at the table (with --join), the name a hosted game is announced under (with --host); default: Settings.")
    var name: String?

    /// What the host printed on joining ("joined as ID seat N token T"): a client that lost its
    /// connection gets the same seat back with it.
    @Option(help: "With --join: the reconnect token the host gave, to take your seat back.")
    var token: String?

    @Flag(name: .customLong("list-games"), help: "Print the games announced on the local network within 3 seconds, one per line: NAME, HOST:PORT and free seats, tab-separated; then exit.")
    var listGames = false

    func validate() throws {
        if let name, let why = Settings.problem(name: name) { throw ValidationError("--name: \(why)") }
        if token != nil && join == nil { throw ValidationError("--token needs --join") }
    }

    /// What `--join` needs besides the host's code (which the command checks first, as it always
    /// has: a bare `--join` asks for `--code`): a name, and an address of the form HOST:PORT.
    func validateJoin() throws {
        guard let join else { return }
        guard let name, !name.allSatisfy(\.isWhitespace) else { throw ValidationError("--join needs --name") }
        let parts = join.split(separator: ":")
        guard parts.count == 2, !parts[0].isEmpty, let p = Int(parts[1]), (1...65535).contains(p) else {
            throw ValidationError("--join must look like 192.168.1.20:7420, got '\(join)'")
        }
    }

    /// `--name` wins over the settings' for this run.
    func apply(to s: inout Settings) {
        if let name { s.name = name }
    }

    /// Plays at the host's table until it ends; false when this run has no `--join`.
    func play(_ o: AppOptions, code: String?, netLog: String?, script: ReplayScript?, console: Console, logger log: Logger) throws -> Bool {
        guard let join, let code, let name else { return false }
        try NetPlay.join(options: o, address: join, code: code, name: name, token: token, netLog: netLog, script: script,
                         logger: log) { me, token, seat in
            console.out.write("joined as \(me) seat \(seat) token \(token)\n")
        }
        return true
    }

    /// `--list-games`: exits 1 (through `ExitCode`) when no DNS-SD daemon answers.
    static func printGames(logger log: Logger) throws {
        let status = ListGames.run(seconds: 3, logger: log)
        if status != 0 { throw ExitCode(status) }
    }
}
