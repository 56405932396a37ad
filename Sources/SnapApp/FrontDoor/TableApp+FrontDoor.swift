import CSDL2
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import Logging
import SnapCore
import SnapNet
import SnapSDL

/// A windowed run from its first frame to Quit: the menu, games here, hosting and joining, one
/// after another on the same windows, the same session and the same clock.
extension TableApp {
    /// Plays until Quit, the primary window closing, Ctrl-C or SIGTERM (SDL's quit event).
    public func runInteractive() throws { try runStages(.here) }

    func runStages(_ first: Stage, script: ReplayScript? = nil, netLog: NetLog? = nil) throws {
        let live = LiveSources(feed: try openFeedReader(),
                               daemon: options.inputSocket.map { InputDaemonClient(path: $0) },
                               pads: options.controllersThroughSDL ? try ControllerReader(session: sdl) : nil,
                               frameLog: try options.frameLog.map { try FrameLog(path: $0) })
        self.live = live
        sdlTicksAtClockZero = Double(SDL_GetTicks64()) / 1000 - live.clock.now
        if !headless { primary.window.show() }
        var stage = first
        do {
            while running {
                switch stage {
                case .here: try loopHere(live)
                case .host, .client: try loopNet(stage, live, script: script, netLog: netLog)
                }
                stage.stop()
                guard running, let next = nextStage else { break }
                nextStage = nil
                stage = enter(next, at: live.clock.now)
            }
        } catch {
            stage.stop()
            stopBrowsing()
            pendingJoin?.giveUp()
            live.stop()
            throw error
        }
        stopBrowsing()
        pendingJoin?.giveUp()
        live.stop()
        stateRequest.close()
        session.finish(at: live.clock.now)
        for w in windows {
            if let line = w.frameCheckSummary { log.notice("\(line)") }
            log.debug("\(w.role.rawValue) window: \(w.frames) frames, \(w.scene.wholeFrames) drawn whole, still layer drawn \(w.scene.stillRedraws) times, \(w.scene.cache.preparedMade) images turned or faded, \(w.scene.cache.budgetFigures.made) textures made, \(w.scene.cache.budgetFigures.bytes >> 10) KiB of \(w.scene.cache.budgetFigures.limit >> 10) kept")
        }
        logProblemSummary()
        try writeState(at: live.clock.now)
    }

    /// Starts what the menu asked for; on failure the menu says why and shows again.
    func enter(_ next: NextStage, at t: Double) -> Stage {
        let wake = loopWake
        switch next {
        case .menu:
            return .here
        case .host:
            guard let table = session.game else { return .here }
            var rng = SystemRandomNumberGenerator()
            let code = NetOptions.makeCode(using: &rng)
            let host = NetHost(code: code, seats: table.seats.map { ($0.id, $0.seat) }, hostPlayer: table.me,
                               tokenSeed: UInt64.random(in: 1...UInt64.max))
            // The usual port, or any free one when another table has it.
            var pump: NetHostPump?
            var why = ""
            for port in [NetOptions.defaultPort, 0] where pump == nil {
                do { pump = try NetHostPump(host: host, bind: "0.0.0.0", port: port, web: ArtLocator.web(given: options.assets),
                                                 logger: log, wake: wake) } catch {
                    why = "\(error)"
                }
            }
            guard let pump else {
                send(.menu(.say("Could not host a game: \(why)", back: .main)), at: t)
                return .here
            }
            let address = "\(LocalAddress.forJoining(bind: "0.0.0.0")):\(pump.port)"
            let invite = JoinInvite.made(code: code, address: address)
            log.notice("hosting on \(address) join code \(code); phones open \(invite.url)")
            send(.net(.hosting(headless: false, invite: invite)), at: t)
            send(.menu(.hosting(invite)), at: t)
            let s = session.settings
            let announcement = HostAnnouncement(as: s.visible ? s.name : nil, port: pump.port, bind: "0.0.0.0",
                                                free: pump.host.freeSeats(in: session.game), logger: log)
            return .host(pump, announcement)
        case .join(let address, let code):
            // Signing in waits for the host (up to NetJoin.waitSeconds) on a thread of its own;
            // the menu says so meanwhile, and the loop takes the outcome (`takeJoin`).
            pendingJoin?.giveUp()
            let pending = PendingJoin(address: address, code: code, name: session.settings.name, logger: log, wake: wake)
            pendingJoin = pending
            send(.menu(.say(pending.message, back: .join)), at: t)
            return .here
        case .joined:
            guard let join = joined else { return .here }
            joined = nil
            let view: NetClientView
            let seating: Seating
            do {
                view = try NetClientView(me: join.me, players: join.roster)
                seating = try view.seating()
            } catch {
                join.link.stop()
                send(.menu(.say("The host's table cannot be shown: \(error)", back: .join)), at: t)
                return .here
            }
            log.notice("joined \(join.address) as \(join.me), seat \(view.mySeat)")
            send(.menu(.joined(seating)), at: t)
            send(.net(.roster(me: join.me, players: join.roster)), at: t)
            return .client(join)
        }
    }

    /// A join's outcome, when it came: the host's table next, or why not on the join screen.
    /// Backed out of meanwhile (the join screen no longer says "Joining…": another choice was
    /// made), a join that came through is closed.
    func takeJoin(at t: Double) {
        guard let pending = pendingJoin, let outcome = pending.take() else { return }
        pendingJoin = nil
        let stillWanted = session.menu?.screen == .join && session.menu?.message == pending.message
        switch outcome {
        case .success(let join) where stillWanted:
            joined = join
            nextStage = .joined
        case .success(let join):
            log.notice("joined \(join.address) after the join was called off: leaving")
            join.link.stop()
        case .failure(let error):
            log.notice("could not join: \(error.message)")
            guard stillWanted else { return }
            send(.menu(.say(Self.joinProblem(error.message), back: .join)), at: t)
            startBrowsing()
        }
    }

    /// What a failed join says on the join screen.
    static func joinProblem(_ message: String) -> String {
        if message.contains("(wrongCode)") { return "Wrong join code. Check the code on the host's screen." }
        if message.contains("(tableFull)") { return "That table is full." }
        if message.contains("(busy)") { return "That host is busy. Try again in a moment." }
        if message.contains("(badVersion)") { return "That host runs another version of SnapTable." }
        if message.contains("(badHello)") { return "The host did not take your name. Change it in Settings." }
        return "Could not join: \(message)"
    }

    /// A request from the menu that the shell carries out.
    func carryOut(_ r: MenuRequest, at t: Double) {
        switch r {
        case .host: nextStage = .host
        case .stopHosting: nextStage = .menu
        case .join(let address, let code): nextStage = .join(address: address, code: code)
        case .browse(let on): if on { startBrowsing() } else { stopBrowsing() }
        case .saveSettings(let s): apply(s)
        case .freeSeat(let player): seatsToFree.append(player)
        case .quit: running = false
        case .playLocal, .startHostedRound, .emptySeats: break
        }
    }

    /// New settings: written to the file, and what shows changes at once.
    func apply(_ s: Settings) {
        if let store = options.settingsStore {
            do { try store.save(s) } catch { log.error("could not save the settings to \(store.path): \(error)") }
        }
        guard !headless else { return }
        sound?.volume = s.volume
        if primary.window.isFullscreen != s.fullscreen {
            primary.window.setFullscreen(s.fullscreen)
            primary.needsDraw = true
        }
        if session.setSecondary(s.secondary) { send(.displays(currentDisplays()), at: live?.clock.now ?? 0) }
    }
}
