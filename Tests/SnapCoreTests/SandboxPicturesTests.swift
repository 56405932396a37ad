import Testing
@testable import SnapCore

@Suite("The sandbox's pictures: still layers kept while only the card in hand moves")
struct SandboxPicturesTests {
    static let roles: [WindowRole] = [.primary, .table, .mirror]
    let metrics = FixedMetrics()

    /// What the builders make from scratch, for every role.
    func built(_ s: Sandbox, _ seating: Seating, at t: Double) -> [DisplayList] {
        Self.roles.map { role in
            role == .table
                ? TableViewBuilder.build(s.table, seating: seating, metrics: metrics, at: t, canvas: DemoTable.canvas)
                : SceneBuilder.build(s.table, seating: seating, metrics: metrics, at: t, canvas: DemoTable.canvas, focus: s.focus)
        }
    }

    /// A card carried from the hand over a table slot, over the felt, onto the discard slot
    /// and let go there (it fades), with a Snap! bubble coming and going: every frame is what
    /// the builders make, and the still layers are built only when something at rest changed.
    @Test func everyFrameIsWhatTheBuildersMakeAndTheStillLayersAreKept() throws {
        var s = Sandbox(table: DemoTable.make())
        var seating = DemoSeating.make()
        var pictures = SandboxPictures()
        let start = s.table.board.slot(1)!.rect.center
        let over = s.table.board.slot(8)!.rect.center
        let felt = Point(x: 640, y: 200)
        let bin = s.table.board.slot(DemoTable.discardSlot)!.rect.center
        var t = 0.0
        func frame(_ note: Comment) {
            #expect(pictures.lists(for: Self.roles, sandbox: s, seating: seating, metrics: metrics, at: t, canvas: DemoTable.canvas)
                    == built(s, seating, at: t), note)
        }
        frame("at rest")
        s.table.pointerDown(.mouse, at: start, time: t)
        // In steps of 4 px: over the felt, then one slot, the felt again and the bin.
        var p = start
        var buildsOverFelt = 0
        for (leg, target) in [felt, over, felt, bin].enumerated() {
            let before = pictures.builds
            while p.distance(to: target) > 4 {
                t += 1.0 / 60
                p = p + (target - p) * (4 / p.distance(to: target))
                s.table.pointerMove(.mouse, to: p, time: t)
                frame("leg \(leg) at \(p)")
            }
            if leg == 2 { buildsOverFelt = pictures.builds - before }
        }
        // Back over the felt: the highlight went once (the player's layer and the table view's
        // built again), nothing else was.
        #expect(buildsOverFelt == 2)
        try seating.apply(.snap(id: "Ben"), time: t)
        frame("Ben's bubble")
        let withBubble = pictures.builds
        s.table.pointerUp(.mouse, at: bin, time: t)
        while s.table.isAnimating(at: t) || seating.isSnapShowing("Ben", at: t) {
            t += 1.0 / 60
            s.table.advance(to: t)
            frame("after the drop at \(t)")
        }
        frame("at rest again")
        // The drop, the fade's end and the bubble's end: three builds for each of two layers.
        #expect(pictures.builds - withBubble == 6)
        #expect(s.table.board.cards.count == DemoTable.make().board.cards.count - 1)
    }

    @Test func aCardFollowingThePointerLeavesTheRestRevisionAlone() {
        var table = DemoTable.make()
        let c = table.board.slot(1)!.rect.center
        table.pointerDown(.mouse, at: c, time: 0)
        table.pointerMove(.mouse, to: c + Point(x: 0, y: -20), time: 0.1)
        let rest = table.restRevision, revision = table.revision
        table.pointerMove(.mouse, to: c + Point(x: 0, y: -40), time: 0.2)
        #expect(table.restRevision == rest)
        #expect(table.revision == revision + 1)
        table.pointerUp(.mouse, at: c + Point(x: 0, y: -40), time: 0.3)
        #expect(table.restRevision > rest)
    }

    @Test func aNewSandboxIsNotTakenForTheOldOne() {
        var pictures = SandboxPictures()
        let seating = DemoSeating.make()
        let a = Sandbox(table: DemoTable.make(seed: 7))
        _ = pictures.lists(for: [.primary], sandbox: a, seating: seating, metrics: metrics, at: 0, canvas: DemoTable.canvas)
        // Another sandbox at the same revision, other cards.
        let b = Sandbox(table: DemoTable.make(seed: 9))
        #expect(a.table.restRevision == b.table.restRevision)
        #expect(a.table.board != b.table.board)
        let lists = pictures.lists(for: [.primary], sandbox: b, seating: seating, metrics: metrics, at: 0, canvas: DemoTable.canvas)
        #expect(lists == [SceneBuilder.build(b.table, seating: seating, metrics: metrics, at: 0, canvas: DemoTable.canvas, focus: b.focus)])
    }
}
