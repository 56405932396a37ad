#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CSDL2
import Logging
import SnapCore
import SnapDiscovery
import SnapNet
import SnapSDL

/// A windowed run from its first frame to Quit: the menu, games here, joining, hosting and a
/// host's table, one stage after another on the same windows, the same session and the same clock.
extension TableApp {
    /// Plays until Quit, the primary window closing, Ctrl-C or SIGTERM (SDL's quit event).
    public func runInteractive() throws { try runStages(.here(FrontDoor())) }

    func runStages(_ first: Stage) throws {
        let live = LiveSources(feed: try openFeedReader(),
                               daemon: options.inputSocket.map { InputDaemonClient(path: $0) },
                               pads: options.controllersThroughSDL ? try ControllerReader(session: sdl) : nil,
                               frameLog: try options.frameLog.map { try FrameLog(path: $0) })
        self.live = live
        sdlTicksAtClockZero = Double(SDL_GetTicks64()) / 1000 - live.clock.now
        if !headless { primary.window.show() }
        stage = first
        do {
            while running {
                try runStage(live)
                guard running, let next = requested else { break }
                requested = nil
                endRecord()
                stage.stop()
                stage = enter(next, at: live.clock.now)
            }
        } catch {
            stopStage()
            live.stop()
            throw error
        }
        stopStage()
        live.stop()
        stateRequest.close()
        session.finish(at: live.clock.now)
        for w in windows {
            if let line = w.frameCheckSummary { log.notice("\(line)") }
            log.debug("\(w.role.rawValue) window: \(w.frames) frames, \(w.scene.wholeFrames) drawn whole, \(w.scene.presentedPixels / 1000) k pixels presented, still layer drawn \(w.scene.stillRedraws) times, \(w.scene.cache.preparedMade) images turned or faded, \(w.scene.cache.budgetFigures.made) textures made, \(w.scene.cache.budgetFigures.bytes >> 10) KiB of \(w.scene.cache.budgetFigures.limit >> 10) kept")
        }
        logProblemSummary()
        try writeState(at: live.clock.now)
    }

    /// The run ends: the stage's network, a join under way and the search for games stop.
    func stopStage() {
        endRecord()
        stage.stop()
        stage.frontDoor?.stopBrowsing()
    }

    /// A hosted game's record ends where its clock is now (`--record`).
    private func endRecord() {
        guard case .host(let h) = stage, let record = h.record else { return }
        record.write(session.endJournal())
    }

    /// Starts what was asked for; on failure the menu says why and shows again.
    func enter(_ next: NextStage, at t: Double) -> Stage {
        let door = stage.frontDoor ?? FrontDoor()
        // Nothing looks for games while hosting or at a host's table.
        switch next {
        case .host, .joined: door.stopBrowsing()
        case .menu, .join: break
        }
        switch next {
        case .menu:
            return .here(door)
        case .host:
            return host(at: t) ?? .here(door)
        case .join(let address, let code):
            // Signing in waits for the host (up to NetJoin.waitSeconds) on a thread of its own;
            // the menu says so meanwhile and the loop goes on drawing.
            let pending = PendingJoin(address: address, code: code, name: session.settings.name, words: session.words,
                                      logger: log, wake: loopWake)
            send(.menu(.say(pending.message, back: .join)), at: t)
            return .joining(pending, door)
        case .joined(let join):
            let view: NetClientView
            let seating: Seating
            do {
                view = try NetClientView(me: join.me, players: join.roster)
                seating = try view.seating()
            } catch {
                join.link.stop()
                send(.menu(.say(session.words.tr("The host’s table cannot be shown: {why}", ["why": "\(error)"]), back: .join)), at: t)
                return .here(door)
            }
            log.notice("joined \(join.address) as \(join.me), seat \(view.mySeat)")
            send(.menu(.joined(seating)), at: t)
            send(.net(.roster(me: join.me, players: join.roster)), at: t)
            return .client(ClientStage(join: join, menuHome: session.menuHome, script: nil, netLog: nil))
        }
    }

    /// Serves the table the menu set up; nil when no server could start (the menu says why).
    private func host(at t: Double) -> Stage? {
        guard let table = session.game else { return nil }
        var rng = SystemRandomNumberGenerator()
        let code = NetOptions.makeCode(using: &rng)
        let host = NetHost(code: code, seats: table.seats.map { ($0.id, $0.seat) }, hostPlayer: table.me,
                           tokenSeed: UInt64.random(in: 1...UInt64.max))
        // The usual port, or any free one when another table has it.
        var pump: NetHostPump?
        var why = ""
        for port in [NetOptions.defaultPort, 0] where pump == nil {
            do { pump = try NetHostPump(host: host, bind: "0.0.0.0", port: port, web: ArtLocator.web(given: options.assets),
                                        logger: log, wake: loopWake) } catch {
                why = "\(error)"
            }
        }
        guard let pump else {
            send(.menu(.say(session.words.tr("Could not host a game: {why}", ["why": why]), back: .main)), at: t)
            return nil
        }
        let address = "\(LocalAddress.forJoining(bind: "0.0.0.0")):\(pump.port)"
        let invite = JoinInvite.made(code: code, address: address)
        log.notice("hosting on \(address) join code \(code); phones open \(invite.url)")
        send(.net(.hosting(headless: false, invite: invite)), at: t)
        send(.menu(.hosting(invite)), at: t)
        let s = session.settings
        let announcement = HostAnnouncement(as: s.visible ? s.name : nil, port: pump.port, bind: "0.0.0.0",
                                            free: pump.host.freeSeats(in: session.game), game: session.game?.kind ?? s.game, logger: log)
        return .host(HostStage(pump: pump, announcement: announcement, netLog: nil, record: nil))
    }

    /// A join's outcome, when it came: the host's table next, or why not on the join screen.
    /// Backed out of meanwhile (the join screen no longer says "Joining…": Escape or another
    /// choice), the join is called off at once and one that still comes through is closed.
    func stepJoining(_ pending: PendingJoin, _ door: FrontDoor, at t: Double) {
        let stillWanted = session.menu?.screen == .join && session.menu?.message == pending.message
        guard let outcome = pending.take() else {
            if !stillWanted {
                pending.giveUp()
                stage = .here(door)
            }
            return
        }
        stage = .here(door)
        switch outcome {
        case .success(let join) where stillWanted:
            requested = .joined(join)
        case .success(let join):
            log.notice("joined \(join.address) after the join was called off: leaving")
            join.link.stop()
        case .failure(let error):
            log.notice("could not join: \(error)")
            guard stillWanted else { return }
            send(.menu(.say(error.onScreen(session.words), back: .join)), at: t)
            startBrowsing()
        }
    }

    /// A request from the menu that the shell carries out.
    func carryOut(_ r: MenuRequest, at t: Double) {
        switch r {
        case .host: requested = .host
        case .stopHosting: requested = .menu
        case .join(let address, let code): requested = .join(address: address, code: code)
        case .browse(let on): if on { startBrowsing() } else { stage.frontDoor?.stopBrowsing() }
        case .saveSettings(let s): apply(s, at: t)
        case .freeSeat(let player): if case .host(let h) = stage { h.seatsToFree.append(player) }
        case .quit: running = false
        case .playLocal, .startHostedRound, .emptySeats: break
        }
    }

    /// The join screen looks for games; with no daemon it says so and joining by address still works.
    func startBrowsing() {
        guard let door = stage.frontDoor else { return }
        do { try door.startBrowsing(logger: log, wake: loopWake) } catch {
            log.notice("looking for games on the network: \(error)")
            // What the join screen already says (a join that failed) matters more.
            guard session.menu?.message == nil else { return }
            let words = session.words
            let text = (error as? DiscoveryError)?.noDaemon == true
                ? words.tr("No games can be found here: this computer’s game finder (avahi-daemon) is not running. Join by address instead.")
                : words.tr("No games can be found here: {why}. Join by address instead.", ["why": "\(error)"])
            send(.menu(.say(text, back: .join)), at: live?.clock.now ?? 0)
        }
    }

    /// Wakes the running loop from another thread (nothing before the loop runs).
    var loopWake: @Sendable () -> Void {
        guard let live else { return {} }
        return live.wake
    }

    /// New settings: written to the file, and what shows changes at once.
    func apply(_ s: Settings, at t: Double) {
        if let store = options.settingsStore {
            do { try store.save(s) } catch { log.error("could not save the settings to \(store.path): \(error)") }
        }
        // Settings' language replaces --language's from the moment it is changed.
        if s.language != savedLanguage {
            savedLanguage = s.language
            speak(s.language, at: t)
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
