import Testing
@testable import SnapApp
@testable import SnapCore
@testable import SnapSDL

/// Nested in the rendering suite, which runs one test at a time: SDL may be up only once per
/// process (as a suite of its own these ran beside the others and crashed the test process
/// now and then).
extension RenderingTests {
    @Suite("The table view draws cards in flight at half rate, and every landing at once")
    struct TableViewPacingTests {
        /// The player's window and the table view, on one offscreen SDL session (each window keeps it).
        private func windows() throws -> (primary: TableWindow, tv: TableWindow) {
            let session = try SDLSession(forceDriver: "offscreen")
            let art = try ArtLibrary(session: session, directory: RenderingTests.resources, fonts: try FontSet.locate())
            func make(_ role: WindowRole) throws -> TableWindow {
                try TableWindow(session: session, title: "test", size: Size(w: 640, h: 360), art: art, renderer: .software,
                                vsync: false, hidden: true, placement: WindowPlan.Placement(role: role, display: "test"))
            }
            return (try make(.primary), try make(.table))
        }

        private func list(still: Double, card x: Double?) -> DisplayList {
            DisplayList(canvas: Size(w: 1280, h: 720),
                        still: [.fill(Rect(x: 0, y: 0, w: 1280, h: 720), Color(20, 90, 50)), .fill(Rect(x: still, y: 10, w: 50, h: 50), Color(200, 0, 0))],
                        moving: x.map { [.fill(Rect(x: $0, y: 300, w: 80, h: 110), Color(250, 250, 240))] } ?? [])
        }

        @Test func flightFramesInBetweenAreSkippedOnTheTableViewOnly() throws {
            let (primary, tv) = try windows()
            #expect(try tv.draw(list(still: 0, card: 100), at: 0, animating: true))
            #expect(try primary.draw(list(still: 0, card: 100), at: 0, animating: true))
            // 1/60 s later the card moved: the player's window shows it, the TV waits a frame.
            #expect(try !tv.draw(list(still: 0, card: 110), at: 1.0 / 60, animating: true))
            #expect(try primary.draw(list(still: 0, card: 110), at: 1.0 / 60, animating: true))
            #expect(try tv.draw(list(still: 0, card: 120), at: 2.0 / 60, animating: true))
            // Something landed (the still layer changed): drawn at once.
            #expect(try tv.draw(list(still: 60, card: 130), at: 2.5 / 60, animating: true))
            // The motion is over: its last frame is drawn at once, however soon.
            #expect(try tv.draw(list(still: 60, card: nil), at: 2.8 / 60, animating: false))
            // A drag (input, not the session's own motion) is drawn at full rate.
            #expect(try tv.draw(list(still: 60, card: 200), at: 2.9 / 60, animating: false))
            #expect(try tv.draw(list(still: 60, card: 210), at: 3.0 / 60, animating: false))
        }
    }
}
