import CSDL2
import SnapCore
import SnapSDL

/// What a windowed run reads besides SDL's own events, made once for all of its stages (the
/// menu, a game here, hosting, a joined table), so the clock runs on and a feed is read once.
final class LiveSources {
    let clock = MonotonicClock()
    let feed: FeedReader?
    let daemon: InputDaemonClient?
    /// Without the daemon: SDL's own controller subsystem (it polls joysticks, so idle costs more).
    let pads: ControllerReader?
    let frameLog: FrameLog?
    /// The SDL event a background thread pushes to wake the loop (the network, discovery).
    let wakeType: UInt32

    init(feed: FeedReader?, daemon: InputDaemonClient?, pads: ControllerReader?, frameLog: FrameLog?) {
        self.feed = feed
        self.daemon = daemon
        self.pads = pads
        self.frameLog = frameLog
        wakeType = SDL_RegisterEvents(1)
    }

    /// Wakes the loop from any thread.
    var wake: @Sendable () -> Void {
        let type = wakeType
        return {
            guard type != UInt32.max else { return }
            var e = SDL_Event()
            e.type = type
            SDL_PushEvent(&e)
        }
    }

    /// Readers stop before SDL does: nothing may post to SDL's queue while it shuts down.
    func stop() {
        feed?.stop()
        daemon?.stop()
    }
}
