#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore
import SnapSDL

/// Snap! played on a virtual clock and drawn as the app draws it: the player's 1280x720 window
/// and a table view on a 1920x1080 display, the software renderer, offscreen, every frame at
/// 60 Hz through `TableWindow` (its table-view pacing included). The same inputs give the same
/// frames, so a profiler's instruction counts repeat exactly (`snap-bench play` under callgrind):
/// what a drawing change buys, without the noise of a live X server.
public struct PlayFrames {
    public struct Window {
        public var role: String
        public var frames = 0
        /// CPU milliseconds of each presented frame.
        public var frameMs: [Double] = []
        /// Those of the frames that drew part of the still layer again (a card landed, a count changed).
        public var stillFrameMs: [Double] = []
        /// Textures made in the whole run, the deal included.
        public var texturesMade = 0
        public var keptBytes = 0
    }

    public private(set) var windows: [Window] = []
    /// CPU milliseconds of the play after the deal (rules, display lists, drawing).
    public private(set) var totalMs = 0.0

    public init() {}

    /// `seconds` of play after the deal: hard computer players (seed 5), Space every 0.5 s.
    /// `paced`: a 16 ms sleep between frames, as live.
    public mutating func run(seconds: Double, tableView: Bool = true, paced: Bool = false) throws {
        let sdl = try SDLSession(forceDriver: "offscreen")
        let art = try ArtLibrary(session: sdl, directory: ArtLocator.directory(given: nil), fonts: try FontSet.locate())
        let seating = DemoSeating.make()
        var session = TableSession(.game(GameTable(seating: seating, bots: .hard, seed: 5)), seating: seating,
                                   windows: WindowSet(primaryOn: "A", preferred: "A", secondary: tableView ? .auto : .off, extra: .off))
        var displays = [DisplayInfo(name: "A", bounds: Rect(x: 0, y: 0, w: 1280, h: 720))]
        if tableView { displays.append(DisplayInfo(name: "TV", bounds: Rect(x: 1280, y: 0, w: 1920, h: 1080))) }
        _ = session.handle(.displays(displays), at: 0)
        let made: [TableWindow] = try session.windows.open.map { w in
            let size = w.role == .table ? Size(w: 1920, h: 1080) : Size(w: 1280, h: 720)
            return try TableWindow(session: sdl, title: w.role.rawValue, size: size, art: art, renderer: .software,
                                   vsync: false, hidden: true, placement: w)
        }
        windows = made.map { Window(role: $0.role.rawValue) }
        var pictures = GamePictures()
        let canvas = Size(w: 1280, h: 720)
        let frame = 1.0 / 60, dealAt = 0.1, firstKey = 4.0
        var nextKey = firstKey
        var start: Double?
        var t = 0.0
        while t < firstKey + seconds {
            t += frame
            // Paced: a frame's CPU with caches as cold as the live loop leaves them (it sleeps
            // between frames while the X server and others run).
            if paced { usleep(16_000) }
            if t >= dealAt, t - frame < dealAt { _ = session.handle(.key(.enter), at: t) }
            if t >= nextKey {
                _ = session.handle(.key(.space), at: t)
                nextKey += 0.5
            }
            if t >= firstKey, start == nil { start = cpuMs() }
            _ = session.handle(.tick, at: t)
            guard let game = session.game else { break }
            let lists = pictures.lists(for: made.map(\.role), table: game, at: t, metrics: art.fontBook, canvas: canvas)
            for (i, (w, list)) in zip(made, lists).enumerated() {
                let c0 = cpuMs(), stills = w.scene.stillRedraws
                if try w.draw(list, at: t), t >= firstKey {
                    windows[i].frames += 1
                    windows[i].frameMs.append(cpuMs() - c0)
                    if w.scene.stillRedraws != stills { windows[i].stillFrameMs.append(cpuMs() - c0) }
                }
            }
        }
        totalMs = cpuMs() - (start ?? cpuMs())
        for (i, w) in made.enumerated() {
            windows[i].texturesMade = w.scene.cache.budgetFigures.made
            windows[i].keptBytes = w.scene.cache.budgetFigures.bytes
        }
    }

    private func cpuMs() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }
}
