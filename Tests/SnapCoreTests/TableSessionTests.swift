import Foundation
import Testing
@testable import SnapCore

/// A session on the demo table with the demo seats, as the shell starts one.
func demoSession(displays: [DisplayInfo] = [DisplayInfo(name: "A", bounds: Rect(x: 0, y: 0, w: 1280, h: 720))],
                 secondary: SecondaryPolicy = .auto) -> TableSession {
    var s = TableSession(.sandbox(Sandbox(table: DemoTable.make())), seating: DemoSeating.make(),
                         windows: WindowSet(primaryOn: displays[0].name, preferred: displays[0].name, secondary: secondary, extra: .off))
    _ = s.handle(.displays(displays), at: 0)
    return s
}

let twoDisplays = [DisplayInfo(name: "A", bounds: Rect(x: 0, y: 0, w: 1280, h: 720)),
                   DisplayInfo(name: "TV", bounds: Rect(x: 1280, y: 0, w: 1920, h: 1080))]

extension TableSession {
    mutating func mouse(_ a: MouseAction, _ p: Point, _ role: WindowRole = .primary, at t: Double) {
        _ = handle(.pointer(a, PointerSpot(.role(role), p)), at: t)
    }
    /// The sandbox's table and cursors (these tests run on the sandbox).
    var table: Table { sandbox!.table }
    var focus: FocusPlayers { sandbox!.focus }
    func center(of slot: SlotID) -> Point { table.board.slot(slot)!.rect.center }
    func state(at t: Double) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: TableStateJSON(session: self, at: t).jsonData()) as! [String: Any]
    }
}

@Suite("One input path: the session takes every input")
struct TableSessionTests {
    @Test func aReleaseOutsideEveryWindowSendsTheCardHome() {
        var s = demoSession()
        let card = s.table.board.slot(1)!.card!
        s.mouse(.down, s.center(of: 1), at: 0)
        s.mouse(.move, s.center(of: 1) + Point(x: 60, y: -200), at: 0.05)
        #expect(s.table.holder(of: card) == .mouse)
        let effects = s.handle(.pointer(.up, nil), at: 0.1)
        #expect(effects == [.captureMouse(false), .sound(.drop)])
        #expect(s.table.holder(of: card) == nil)
        #expect(s.table.board.cards[card]?.slot == 1, "the card goes home")
        #expect(s.table.motions[card] != nil, "and slides there")
    }

    /// A replay naming a window that is not open is outside every window: a release there ends
    /// the drag as a live release outside would, and says which window was missing.
    @Test func aReleaseInAWindowThatIsNotThereEndsTheDragToo() {
        var s = demoSession()
        let card = s.table.board.slot(1)!.card!
        s.mouse(.down, s.center(of: 1), at: 0)
        s.mouse(.move, s.center(of: 8), at: 0.05)
        let effects = s.handle(.pointer(.up, PointerSpot(.role(.table), s.center(of: 8))), at: 0.1)
        #expect(effects.contains(.captureMouse(false)))
        #expect(effects.contains { if case .problem(let p) = $0 { p.kind == "no such window" } else { false } })
        #expect(s.table.holder(of: card) == nil)
        #expect(s.table.board.cards[card]?.slot == 1)
    }

    @Test func everyHolderIsInTheState() throws {
        var s = demoSession()
        _ = s.handle(.key(.right), at: 0)       // the cursor starts on the first hand slot; move off and back
        _ = s.handle(.key(.left), at: 0.01)
        _ = s.handle(.key(.enter), at: 0.02)    // picks up the card in hand slot 1
        _ = s.handle(.pad(.add(id: 4, profile: .gamepad)), at: 0.03)
        s.mouse(.down, s.center(of: 2), at: 0.04)
        s.mouse(.move, s.center(of: 2) + Point(x: 40, y: -100), at: 0.05)
        let j = try s.state(at: 0.06)
        let holders = (j["holders"] as! [[String: Any]]).map { "\($0["actor"]!)=\($0["card"]!)" }
        let kb = s.table.drag(of: .keyboard).heldCard!, mouse = s.table.drag(of: .mouse).heldCard!
        #expect(holders == ["keyboard=\(kb)", "mouse=\(mouse)"])
        #expect(j["drag"] as? Int == mouse)
    }

    /// Ending mid-drag (SIGTERM, window closed) writes the card where it is: home, at rest.
    @Test func finishingMidDragPutsTheCardAtRestInItsSlot() throws {
        var s = demoSession()
        let card = s.table.board.slot(1)!.card!
        s.mouse(.down, s.center(of: 1), at: 0)
        s.mouse(.move, Point(x: 900, y: 100), at: 0.3)
        s.finish(at: 0.31)
        let entry = (try s.state(at: 0.31)["cards"] as! [[String: Any]]).first { $0["id"] as? Int == card }!
        #expect(entry["x"] as? Double == s.center(of: 1).x && entry["y"] as? Double == s.center(of: 1).y)
        #expect(entry["rotation"] as? Double == 0)
        #expect(s.table.isSettled)
    }

    @Test func aClosedTableViewStaysClosedUntilItsDisplayIsPluggedInAgain() {
        var s = demoSession(displays: twoDisplays)
        let tv = WindowPlan.Placement(role: .table, display: "TV")
        #expect(s.windows.open.contains(tv))
        #expect(s.handle(.windowClosed(tv, byUser: true), at: 1).contains(.closeWindow(tv)))
        // The display poll two seconds later must not bring it back.
        #expect(s.handle(.displays(twoDisplays), at: 3).isEmpty)
        #expect(!s.windows.open.contains(tv))
        _ = s.handle(.displays([twoDisplays[0]]), at: 5)
        #expect(s.handle(.displays(twoDisplays), at: 7).contains(.openWindow(tv)))
    }

    @Test func closingThePrimaryQuitsAndClosingTheDragWindowSendsTheCardHome() {
        var s = demoSession(displays: twoDisplays)
        let tv = WindowPlan.Placement(role: .table, display: "TV")
        let card = s.table.board.slot(8)?.card ?? s.table.board.slot(7)!.card!
        let from = s.table.board.cards[card]!.slot
        let inView = Point(x: (s.center(of: from).x - TableViewBuilder.boardCentre.x) * TableViewBuilder.boardScale + TableViewBuilder.viewCentre.x,
                           y: (s.center(of: from).y - TableViewBuilder.boardCentre.y) * TableViewBuilder.boardScale + TableViewBuilder.viewCentre.y)
        s.mouse(.down, inView, .table, at: 0)
        s.mouse(.move, inView + Point(x: 80, y: -80), .table, at: 0.05)
        #expect(s.table.holder(of: card) == .mouse)
        _ = s.handle(.windowClosed(tv, byUser: true), at: 0.1)
        #expect(s.table.holder(of: card) == nil && s.table.board.cards[card]?.slot == from)
        #expect(s.handle(.windowClosed(s.windows.primary, byUser: true), at: 0.2) == [.quit])
    }

    /// A daemon announcing 20,000 controllers: the table keeps 8 cursors, and the flood of the
    /// same mistake is one kind of problem, logged once (plus one line saying more are held back).
    @Test func aFloodOfControllersIsBoundedAndLoggedOnce() {
        var s = demoSession()
        var log = ProblemLog(), lines: [String] = []
        for id in 0..<20_000 {
            for case .problem(let p) in s.handle(.pad(.add(id: id, profile: .gamepad)), at: 0) { lines += log.admit(p) }
        }
        for id in 100_000..<150_000 {
            for case .problem(let p) in s.handle(.pad(.button(id: id, .a, down: true)), at: 0) { lines += log.admit(p) }
        }
        #expect(s.focus.pads.count == FocusPlayers.maxPads)
        #expect(lines.count == 4, "\(lines)")
        #expect(log.counts["too many pads"] == 20_000 - FocusPlayers.maxPads && log.counts["unknown pad"] == 50_000)
    }

    @Test func losingTheDaemonSendsItsControllersCardsHome() {
        var s = demoSession()
        _ = s.handle(.pad(.add(id: 1, profile: .gamepad)), at: 0)
        _ = s.handle(.pad(.button(id: 1, .a, down: true)), at: 0.1)
        let held = s.table.drag(of: .pad(1)).heldCard
        #expect(held != nil)
        _ = s.handle(.daemon(.lost), at: 0.2)
        #expect(s.focus.pads.isEmpty && s.table.holders.isEmpty)
    }

    @Test func pausedMouseDownsAreIgnoredButAReleaseStillEndsTheGesture() {
        var s = demoSession()
        s.mouse(.down, s.center(of: 1), at: 0)
        _ = s.handle(.pad(.add(id: 1, profile: .gamepad)), at: 0.01)
        _ = s.handle(.pad(.button(id: 1, .pause, down: true)), at: 0.02)
        s.mouse(.up, s.center(of: 1), at: 0.03)
        s.mouse(.down, s.center(of: 5), at: 0.04)
        s.mouse(.up, s.center(of: 5), at: 0.05)
        #expect(s.table.board.slot(5)?.card == nil, "no click while paused")
    }
}
