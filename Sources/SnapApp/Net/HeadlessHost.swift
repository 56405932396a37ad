import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Logging
import SnapCore
import SnapNet

/// `snap-table --host --headless`: serves a game with no window and no SDL. The table runs on
/// the same `TableSession` as a windowed one; SIGTERM or Ctrl-C tell the clients and stop,
/// SIGUSR1 writes the state file.
public final class HeadlessHost {
    let pump: NetHostPump
    var session: TableSession
    let log: Logger
    let stateOut: String?
    let netLog: NetLog?
    let record: JournalFile?
    let startWith: Int?
    let announcement: HostAnnouncement
    private let signals = NetInbox<Int32>()
    private var sources: [DispatchSourceSignal] = []

    /// `announceAs`: the name the game is announced under on the local network (nil: not announced).
    /// `web`: the browser client's folder, served on the same port.
    public init(seating: Seating, bots: BotLevel, seed: UInt64, kind: GameKind = .snap, house: HouseRules = .standard, code: String, bind: String, port: Int,
                startWith: Int?, stateOut: String?, netLog: String?, record: String? = nil, limits: NetLimits = .standard, announceAs: String?,
                web: String? = nil, logger: Logger) throws {
        NetPlay.blockSignalsForDispatch()
        log = logger
        self.stateOut = stateOut
        self.startWith = startWith
        self.netLog = try netLog.map { try NetLog(path: $0) }
        self.record = try record.map { try JournalFile(path: $0) }
        let game = GameTable(seating: seating, bots: bots, seed: seed, kind: kind, house: house)
        session = TableSession(.game(game), seating: seating,
                               windows: WindowSet(primaryOn: "none", preferred: nil, secondary: .off, extra: .off))
        _ = session.handle(.net(.hosting(headless: true, recording: record != nil)), at: 0)
        let host = NetHost(code: code, seats: game.seats.map { ($0.id, $0.seat) }, hostPlayer: nil,
                           tokenSeed: UInt64.random(in: 1...UInt64.max), limits: limits)
        do {
            pump = try NetHostPump(host: host, bind: bind, port: port, web: web, logger: logger)
        } catch {
            throw AppFailure("cannot host: \(error)", exitCode: 3)
        }
        announcement = HostAnnouncement(as: announceAs, port: pump.port, bind: bind, free: host.freeSeats(in: session.game), game: kind, logger: logger)
        for sig in [SIGTERM, SIGINT, SIGUSR1] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig)
            s.setEventHandler { [signals] in signals.post(sig) }
            s.resume()
            sources.append(s)
        }
        let inbox = pump.inbox
        signals.setWake { inbox.post(.tick) }
    }

    public var port: Int { pump.port }

    /// Serves until SIGTERM or SIGINT.
    public func run() throws {
        let origin = NetInbox<Int>.now()
        var now: Double { NetInbox<Int>.now() - origin }
        var running = true
        var lastSeq = 0
        while running {
            let t0 = now
            let due = min(pump.nextDue(after: t0), session.nextChange(after: t0) ?? .infinity, t0 + 1)
            pump.inbox.wait(seconds: due - t0)
            for sig in signals.take().items.map(\.item) {
                if sig == SIGUSR1 { writeState(at: now) } else { running = false }
            }
            let t = now
            pump.step(at: t, origin: origin, table: { session.game }) { input, at in apply(input, at: at) }
            if let n = startWith, session.game?.rules == nil, pump.host.signedIn.count >= n, session.game?.canDeal == true {
                log.notice("\(n) players are seated: dealing")
                apply(.net(.deal), at: t)
            }
            apply(.tick, at: t)
            if let table = session.game { pump.publish(table: table, events: session.takeNetEvents(), at: t) }
            let journal = session.takeJournal()
            record?.write(journal)
            announcement.refresh(pump.host, table: session.game)
            if pump.host.seq != lastSeq {
                lastSeq = pump.host.seq
                netLog?.record(seq: lastSeq, game: session.game?.rules)
            }
        }
        if let record { record.write(session.endJournal()) }
        log.notice("stopping: telling the clients")
        announcement.withdraw()
        for s in sources { s.cancel() }
        pump.stop()
        session.finish(at: now)
        writeState(at: now)
    }

    private func apply(_ input: TableInput, at t: Double) {
        for e in session.handle(input, at: t) {
            switch e {
            case .log(let level, let text): log.log(level: level.logging, "\(text)")
            case .problem(let p): log.warning("\(p.message)")
            default: break
            }
        }
    }

    private func writeState(at t: Double) {
        guard let stateOut else { return }
        do { try StateFile.write(TableStateJSON(session: session, at: t), to: stateOut) } catch {
            log.error("could not write state to \(stateOut): \(error)")
        }
    }
}
