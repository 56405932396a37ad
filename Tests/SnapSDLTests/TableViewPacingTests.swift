import Testing
@testable import SnapApp
@testable import SnapCore
@testable import SnapSDL

/// Nested in the rendering suite, which runs one test at a time: SDL may be up only once per
/// process (as a suite of its own these ran beside the others and crashed the test process
/// now and then).
extension RenderingTests {
    @Suite("The table view and a mirror draw what moves at half rate, every landing at once, and no frame is lost")
    struct TableViewPacingTests {
        /// The player's window and the table view, on one offscreen SDL session (each window keeps it).
        private func windows() throws -> (primary: TableWindow, tv: TableWindow, mirror: TableWindow) {
            let session = try SDLSession(forceDriver: "offscreen")
            let art = try ArtLibrary(session: session, directory: RenderingTests.resources, fonts: try FontSet.locate())
            func make(_ role: WindowRole) throws -> TableWindow {
                try TableWindow(session: session, title: "test", size: Size(w: 640, h: 360), art: art, renderer: .software,
                                vsync: false, hidden: true, placement: WindowPlan.Placement(role: role, display: "test"))
            }
            return (try make(.primary), try make(.table), try make(.mirror))
        }

        private func list(still: Double, card x: Double?) -> DisplayList {
            DisplayList(canvas: Size(w: 1280, h: 720),
                        still: [.fill(Rect(x: 0, y: 0, w: 1280, h: 720), Color(20, 90, 50)), .fill(Rect(x: still, y: 10, w: 50, h: 50), Color(200, 0, 0))],
                        moving: x.map { [.fill(Rect(x: $0, y: 300, w: 80, h: 110), Color(250, 250, 240))] } ?? [])
        }

        @Test(arguments: [WindowRole.table, .mirror])
        func framesOfMotionInBetweenAreHeldBackOnSecondaryWindowsOnly(role: WindowRole) throws {
            let all = try windows()
            let (primary, tv) = (all.primary, role == .table ? all.tv : all.mirror)
            #expect(try tv.draw(list(still: 0, card: 100), at: 0))
            #expect(try primary.draw(list(still: 0, card: 100), at: 0))
            // 1/60 s later the card moved (in flight or in hand): the player's window shows it,
            // the secondary one holds the frame back and says it owes one.
            #expect(try !tv.draw(list(still: 0, card: 110), at: 1.0 / 60))
            #expect(tv.owesFrame)
            #expect(try primary.draw(list(still: 0, card: 110), at: 1.0 / 60))
            #expect(!primary.owesFrame)
            #expect(try tv.draw(list(still: 0, card: 120), at: 2.0 / 60))
            #expect(!tv.owesFrame)
            // Something landed (the still layer changed): drawn at once.
            #expect(try tv.draw(list(still: 60, card: 130), at: 2.5 / 60))
            // The motion is over, too soon after: held back, then drawn when its turn comes,
            // though nothing moves any more.
            #expect(try !tv.draw(list(still: 60, card: nil), at: 2.8 / 60))
            #expect(tv.owesFrame)
            #expect(try tv.draw(list(still: 60, card: nil), at: 4.5 / 60))
            #expect(!tv.owesFrame)
            // Nothing new to show: nothing drawn, nothing owed.
            #expect(try !tv.draw(list(still: 60, card: nil), at: 5.0 / 60))
            #expect(!tv.owesFrame)
            // The pointer over it (a card dragged on the table view itself): every frame.
            #expect(try tv.draw(list(still: 60, card: 300), at: 5.1 / 60, pointerHere: true))
            #expect(try tv.draw(list(still: 60, card: 310), at: 5.2 / 60, pointerHere: true))
            #expect(try !tv.draw(list(still: 60, card: 320), at: 5.3 / 60))
        }
    }
}
