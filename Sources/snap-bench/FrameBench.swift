import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapApp
import SnapCore
import SnapSDL

/// Frame-time figures for the SDL layer: CPU per frame while a card is dragged, software
/// renderer, offscreen, the same code path the window uses.
struct FrameBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Prints frame times (median and p99 CPU ms) for the demo table and a crowded one.")

    @Option(help: "Frames to time per scenario.") var frames = 600
    @Option(help: "Cards on the crowded table.") var cards = 500
    @Option(help: "Output size, WxH.") var size = "1280x720"

    func run() throws {
        let dims = size.split(separator: "x").compactMap { Double($0) }
        guard dims.count == 2 else { throw ValidationError("--size wants WxH, got '\(size)'") }
        let session = try SDLSession(forceDriver: "offscreen")
        let art = try ArtLibrary(session: session, directory: ArtLocator.directory(given: nil), fonts: try FontSet.locate())
        let window = try Window(session: session, title: "bench", size: Size(w: dims[0], h: dims[1]), hidden: true)
        let scene = SceneRenderer(renderer: try Renderer(window: window, kind: .software, vsync: false), art: art)

        print("snap-bench: software renderer, \(size), \(frames) frames per scenario, CPU time per frame")
        let demo = DemoTable.make()
        report("demo table, dragging a card", try dragFrames(demo, from: demo.board.slot(DemoTable.handSlots[0])!.rect.center, scene: scene))
        let crowded = CrowdedTable.make(cards: cards)
        let top = crowded.board.slot(cards)!.rect.center
        report("\(cards) cards, dragging a card", try dragFrames(crowded, from: top, scene: scene))
        scene.cachesStillLayer = false
        report("\(cards) cards, no cached layer", try dragFrames(crowded, from: top, scene: scene, count: frames / 10))
        scene.cachesStillLayer = true
        report("demo table, full redraw", try fullRedraws(demo, scene: scene))

        // A second window on a 1920x1080 display: the primary alone, then with a mirror or a table view.
        let bigWindow = try Window(session: session, title: "bench 2", size: Size(w: 1920, h: 1080), hidden: true)
        let big = SceneRenderer(renderer: try Renderer(window: bigWindow, kind: .software, vsync: false), art: art)
        let hand = demo.board.slot(DemoTable.handSlots[0])!.rect.center
        let table = demo.board.slot(DemoTable.tableSlots[2])!.rect.center
        print("one window versus two (second window 1920x1080), dragging a card:")
        let m = art.fontBook
        report("  primary only", try dragFrames(demo, from: hand, scene: scene, metrics: m))
        report("  primary + mirror", try dragFrames(demo, from: hand, scene: scene, second: (big, { SceneBuilder.build($0, seating: $1, metrics: $2, at: $3, canvas: $4) }), metrics: m))
        report("  primary + table view", try dragFrames(demo, from: hand, scene: scene, second: (big, TableViewBuilder.build), metrics: m))
        report("  primary + table view, hand drag", try dragFrames(demo, from: hand, scene: scene, second: (big, TableViewBuilder.build), radius: 60, metrics: m))
        report("  primary + table view, table drag", try dragFrames(demo, from: table, scene: scene, second: (big, TableViewBuilder.build), radius: 60, metrics: m))
    }

    /// Presses at `start`, then moves one step per frame in a circle, drawing each frame.
    typealias Builder = (Table, Seating?, TextMetrics?, Double, Size) -> DisplayList

    func dragFrames(_ start: Table, from p: Point, scene: SceneRenderer, count: Int? = nil,
                    second: (SceneRenderer, Builder)? = nil, radius: Double = 200, metrics: TextMetrics? = nil) throws -> [Double] {
        var table = start
        scene.invalidate()
        second?.0.invalidate()
        var shownOnSecond: DisplayList?
        let seating = DemoSeating.make()

        var t = 0.0
        table.pointerDown(.mouse, at: p, time: t)
        var samples: [Double] = []
        for i in 0..<max(1, count ?? frames) {
            t += 1.0 / 60
            let a = Double(i) / 40
            let q = Point(x: p.x + radius * sin(a), y: p.y - radius * 0.75 + radius * 0.75 * cos(a))
            let c0 = cpuNow()
            table.pointerMove(.mouse, to: q, time: t)
            table.advance(to: t)
            try scene.draw(SceneBuilder.build(table, seating: seating, metrics: metrics, at: t, canvas: DemoTable.canvas))
            scene.present()
            // The second window is presented only when its picture changed (as the app does).
            if let (big, build) = second {
                let list = build(table, seating, metrics, t, DemoTable.canvas)
                if list != shownOnSecond {
                    try big.draw(list)
                    big.present()
                    shownOnSecond = list
                }
            }
            samples.append(cpuNow() - c0)
        }
        return samples
    }

    /// Worst case: the cached layer is thrown away every frame (as after a resize).
    func fullRedraws(_ table: Table, scene: SceneRenderer) throws -> [Double] {
        var samples: [Double] = []
        let list = SceneBuilder.build(table, at: 0, canvas: DemoTable.canvas)
        for _ in 0..<max(1, frames / 4) {
            let c0 = cpuNow()
            scene.invalidate()
            try scene.draw(list)
            scene.present()
            samples.append(cpuNow() - c0)
        }
        return samples
    }

    func report(_ name: String, _ ms: [Double]) {
        let s = ms.sorted()
        let median = s[s.count / 2], p99 = s[min(s.count - 1, Int(Double(s.count) * 0.99))]
        let label = String((name + String(repeating: " ", count: 34)).prefix(34))
        print(label + " median \(DecimalText.fixed(median, 2, width: 6)) ms   p99 \(DecimalText.fixed(p99, 2, width: 6)) ms")
    }

    func cpuNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }
}
