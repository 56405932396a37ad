#if canImport(Glibc)
import Glibc
#endif
import Logging
import SnapCore
import SnapNet

/// The entry points of network play for `snap-table`.
public enum NetPlay {
    /// What a host prints for people to join: the address, the code and the command.
    public static func announce(bind: String, port: Int, code: String) -> String {
        let address = "\(LocalAddress.forJoining(bind: bind)):\(port)"
        return "hosting on \(address) join code \(code)\n"
            + "join with: snap-table --join \(address) --code \(code) --name NAME\n"
            + "phones open: \(JoinInvite.url(address: address, code: code))\n"
    }

    /// SIGINT and SIGTERM end a windowed run cleanly (SDL's quit); a parent that left them
    /// blocked (test runners do) would make it unstoppable short of SIGKILL. SIGUSR1 stays
    /// blocked for its dispatch source (`StateRequest.blockEarly`).
    static func unblockQuitSignals() {
        var quit = sigset_t()
        sigemptyset(&quit)
        sigaddset(&quit, SIGINT)
        sigaddset(&quit, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &quit, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// The headless host hears SIGINT, SIGTERM and SIGUSR1 through dispatch sources, which on
    /// Linux read them from a signalfd: they must be blocked in every thread, or a thread that
    /// has them unblocked (NIO's, Avahi's) may take one and drop it (they are set to be
    /// ignored), and the host would not stop (seen: 1 SIGTERM in 25 lost). Called before any
    /// thread starts, so every thread inherits the mask.
    static func blockSignalsForDispatch() {
        var quit = sigset_t()
        sigemptyset(&quit)
        sigaddset(&quit, SIGINT)
        sigaddset(&quit, SIGTERM)
        sigaddset(&quit, SIGUSR1)
        sigprocmask(SIG_BLOCK, &quit, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// `--host`: this machine's table, in a window, served to clients. `announceAs`: the name
    /// the game is announced under on the local network (nil: not announced, joined by address only).
    public static func host(options: AppOptions, bind: String, port: Int, code: String, netLog: String?, limits: NetLimits = .standard,
                            announceAs: String?,
                            logger: Logger, announce: (Int) -> Void) throws {
        unblockQuitSignals()
        let log = try netLog.map { try NetLog(path: $0) }
        let record = try options.record.map { try JournalFile(path: $0) }
        let app = try TableApp(options: options, logger: logger)
        guard let table = app.session.game else { throw AppFailure.badInput("--host plays Snap!, not the --sandbox table") }
        let host = NetHost(code: code, seats: table.seats.map { ($0.id, $0.seat) }, hostPlayer: table.me,
                           tokenSeed: UInt64.random(in: 1...UInt64.max), limits: limits)
        let pump: NetHostPump
        do { pump = try NetHostPump(host: host, bind: bind, port: port, web: ArtLocator.web(given: options.assets), logger: logger) } catch {
            throw AppFailure("cannot host: \(error)", exitCode: 3)
        }
        announce(pump.port)
        let invite = JoinInvite.made(code: code, address: "\(LocalAddress.forJoining(bind: bind)):\(pump.port)")
        app.send(.net(.hosting(headless: false, invite: invite, recording: record != nil)), at: 0)
        let announcement = HostAnnouncement(as: announceAs, port: pump.port, bind: bind, free: host.freeSeats(in: table), game: table.kind, logger: logger)
        try app.runStages(.host(HostStage(pump: pump, announcement: announcement, netLog: log, record: record)))
    }

    /// `--join`: sign in to a host's table, then open it with this machine's player at the bottom.
    /// A replay (with `--screenshot`, headless) drives the table from the first deal on.
    public static func join(options: AppOptions, address: String, code: String, name: String, token: String?,
                            netLog: String?, script: ReplayScript?, logger: Logger, welcomed: (String, String, Int) -> Void) throws {
        unblockQuitSignals()
        let log = try netLog.map { try NetLog(path: $0) }
        let join: NetJoin
        do throws(JoinError) { join = try NetJoin(address: address, code: code, name: name, token: token, logger: logger, wake: {}) } catch {
            throw error.failure
        }
        let view: NetClientView
        var o = options
        do {
            view = try NetClientView(me: join.me, players: join.roster)
            o.seating = try view.seating()
        } catch {
            join.link.stop()
            throw AppFailure("the host's table cannot be shown: \(error)", exitCode: 3)
        }
        o.bots = .off
        o.sandbox = false
        let app: TableApp
        do { app = try TableApp(options: o, logger: logger) } catch {
            join.link.stop()
            throw error
        }
        // Said once the table is up: from here SIGTERM ends the run cleanly (SDL's quit), so a
        // script that stops the client as soon as it reads this line gets an exit status of 0.
        welcomed(join.me, join.token, view.mySeat)
        app.send(.net(.roster(me: join.me, players: join.roster)), at: 0)
        let stage = ClientStage(join: join, menuHome: app.session.menuHome, script: script, netLog: log)
        if let r = o.reflex { stage.reflex = ClientReflex(reaction: r.reaction, spread: r.spread, seed: UInt64(view.mySeat + 1)) }
        stage.client.lies = o.reflexLies
        try app.runStages(.client(stage))
    }
}

extension NetPlay {
    /// `--replay-record FILE`: the rules run again on a hosted game's record; every verdict must
    /// come out as recorded (exit 1 naming the line where one does not).
    public static func replayRecord(_ path: String, console: Console) throws {
        let entries = try JournalFile.read(path)
        do {
            let n = try GameJournal.replay(entries)
            let calls = entries.filter { if case .input(_, _, _, .callSnap, let fair) = $0.entry { fair != nil } else { false } }.count
            console.out.write("\(path): \(n) verdicts replayed as recorded (\(calls) network calls judged by their measures)\n")
        } catch {
            throw AppFailure("\(path):\(error.line): \(error.description)", exitCode: 1)
        }
    }
}
