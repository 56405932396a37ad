import Testing
@testable import SnapCore

@Suite("Window plan: which window goes on which display")
struct WindowPlanTests {
    static func displays(_ n: Int) -> [DisplayInfo] {
        (0..<n).map { DisplayInfo(name: "D\($0)", bounds: Rect(x: Double($0) * 1920, y: 0, w: 1920, h: 1080)) }
    }

    func plan(_ n: Int, _ s: SecondaryPolicy = .auto, _ e: ExtraDisplayPolicy = .off, preferred: String? = nil, current: String? = nil) -> [String] {
        WindowPlan.make(displays: Self.displays(n), preferred: preferred, current: current, secondary: s, extra: e)
            .placements.map { "\($0.role.rawValue)@\($0.display)" }
    }

    @Test func oneDisplayOnlyEverHasThePrimary() {
        for s in SecondaryPolicy.allCases {
            for e in ExtraDisplayPolicy.allCases { #expect(plan(1, s, e) == ["primary@D0"]) }
        }
        #expect(plan(0).isEmpty)
    }

    @Test func twoDisplaysFollowTheSecondaryPolicy() {
        #expect(plan(2, .auto) == ["primary@D0", "table@D1"])
        #expect(plan(2, .table) == ["primary@D0", "table@D1"])
        #expect(plan(2, .mirror) == ["primary@D0", "mirror@D1"])
        #expect(plan(2, .off) == ["primary@D0"])
        #expect(plan(2, .mirror, preferred: "D1") == ["primary@D1", "mirror@D0"])
    }

    @Test func threeDisplaysGiveTheRestTheExtraPolicy() {
        #expect(plan(3, .auto, .off) == ["primary@D0", "table@D1"])
        #expect(plan(3, .mirror, .table) == ["primary@D0", "mirror@D1", "table@D2"])
        #expect(plan(3, .off, .table) == ["primary@D0", "table@D2"])
        #expect(plan(3, .table, .table, preferred: "D2") == ["primary@D2", "table@D0", "table@D1"])
    }

    @Test func thePrimaryStaysWhereItIsAndMovesOnlyWhenItsDisplayGoes() {
        // Where the window is now wins over the display asked for at start.
        #expect(plan(2, preferred: "D0", current: "D1") == ["primary@D1", "table@D0"])
        let open = [WindowPlan.Placement(role: .primary, display: "D1"), WindowPlan.Placement(role: .table, display: "D0")]
        // D1 goes away: the primary moves to D0 and the table view there is closed.
        let after = WindowPlan.make(displays: [Self.displays(2)[0]], preferred: "D0", current: nil, secondary: .auto, extra: .off)
        let c = after.changes(from: open)
        #expect(c.movePrimary == "D0")
        #expect(c.close == [WindowPlan.Placement(role: .table, display: "D0")])
        #expect(c.open.isEmpty)
    }

    @Test func connectAndDisconnectSequences() throws {
        var sim = SimulatedDisplays()
        var open = [WindowPlan.Placement(role: .primary, display: "SIM0")]
        func step() -> WindowPlan.Changes {
            let p = WindowPlan.make(displays: sim.displays, preferred: "SIM0", current: open[0].display, secondary: .auto, extra: .table)
            let c = p.changes(from: open)
            open = p.placements
            return c
        }
        try sim.connect("TV", size: Size(w: 1920, h: 1080))
        #expect(step().open == [WindowPlan.Placement(role: .table, display: "TV")])
        #expect(sim.displays[1].bounds == Rect(x: 1280, y: 0, w: 1920, h: 1080))
        try sim.connect("Beamer", size: Size(w: 1280, h: 800))
        #expect(step().open == [WindowPlan.Placement(role: .table, display: "Beamer")])
        try sim.disconnect("TV")
        // The first other display is now the beamer: it keeps its table view, nothing reopens.
        let c = step()
        #expect(c.close == [WindowPlan.Placement(role: .table, display: "TV")])
        #expect(c.open.isEmpty && c.movePrimary == nil)
        try sim.disconnect("SIM0")
        let moved = step()
        #expect(moved.movePrimary == "Beamer")
        #expect(moved.close == [WindowPlan.Placement(role: .table, display: "Beamer")])
        #expect(step().isEmpty, "a second look at the same displays changes nothing")
        #expect(throws: DisplayError("display TV is not connected")) { try sim.disconnect("TV") }
        #expect(throws: DisplayError("display Beamer is already connected")) { try sim.connect("Beamer", size: Size(w: 800, h: 600)) }
    }

    @Test func tableViewMapsBackToTheBoard() {
        let slot = DemoTable.make().board.slot(DemoTable.tableSlots[2])!.rect.center
        let inView = Point(x: slot.x * TableViewBuilder.boardScale + TableViewBuilder.boardOffset.x,
                           y: slot.y * TableViewBuilder.boardScale + TableViewBuilder.boardOffset.y)
        let back = TableViewBuilder.toBoard(inView)
        #expect(abs(back.x - slot.x) < 1e-9 && abs(back.y - slot.y) < 1e-9)
        // The table row is larger on the big screen than in the player's own view.
        #expect(TableViewBuilder.boardScale > 1.2)
    }

    @Test func aDragInAWindowThatClosesSnapsBack() {
        var table = DemoTable.make()
        let home = table.board.slot(DemoTable.handSlots[0])!.rect.center
        table.pointerDown(.mouse, at: home, time: 0)
        table.pointerMove(.mouse, to: Point(x: 600, y: 400), time: 0.05)
        table.pointerMove(.mouse, to: Point(x: 700, y: 356), time: 0.1)
        #expect(table.drag(of: .mouse).heldCard == 1)
        table.cancel(.mouse, time: 0.2)   // what the app does when that window closes
        table.advance(to: 1)
        #expect(table.board.slot(DemoTable.handSlots[0])!.card == 1)
        #expect(table.board.invariantViolations().isEmpty)
    }
}
