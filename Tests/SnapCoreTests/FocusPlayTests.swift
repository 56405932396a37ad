import Testing
@testable import SnapCore

@Suite("Focus cursors: keyboard and controllers play by slot")
struct FocusPlayTests {
    let hand = DemoTable.handSlots, row = DemoTable.tableSlots, discard = DemoTable.discardSlot

    func next(_ s: SlotID, _ d: Direction) -> SlotID? { FocusNavigation.next(from: s, d, on: DemoTable.make().board) }

    @Test func navigationOnTheDemoTable() {
        #expect(next(hand[0], .right) == hand[1])
        #expect(next(hand[1], .left) == hand[0])
        #expect(next(hand[0], .left) == nil, "nothing left of the first hand slot")
        #expect(next(hand[0], .up) == row[0])
        #expect(next(hand[4], .up) == row[4], "the nearest slot above")
        #expect(next(hand[5], .up) == discard, "the discard sits right above the last hand slot")
        #expect(next(row[4], .right) == discard)
        #expect(next(discard, .down) == hand[5])
        #expect(next(row[2], .up) == nil)
        #expect(next(row[2], .down) == hand[2])
    }

    @Test func stickDirectionsUseControllerUp() {
        #expect(Direction.of(x: 0, y: 1) == .up)
        #expect(Direction.of(x: 0, y: -0.9) == .down)
        #expect(Direction.of(x: 0.7, y: 0.2) == .right)
        #expect(Direction.of(x: 0.3, y: 0.2) == nil)
    }

    @Test func padPicksUpCarriesAndDropsWithTheMouseRules() throws {
        var table = DemoTable.make()
        var f = FocusPlayers()
        try f.addPad(1, profile: .gamepad, board: table.board)
        #expect(f.focus(of: .pad(1)) == hand[0])
        try f.padButton(1, .a, down: true, table: &table, time: 0)
        #expect(table.drag(of: .pad(1)).heldCard == 1)
        table.advance(to: 0.1)
        #expect(abs(table.pose(of: 1, at: 0.1)!.rotation - Double.pi / 32) < 1e-9, "same tilt as a mouse drag")
        try f.padButton(1, .dpadUp, down: true, table: &table, time: 0.2)
        try f.padButton(1, .dpadRight, down: true, table: &table, time: 0.3)
        #expect(f.focus(of: .pad(1)) == row[1])
        try f.padButton(1, .a, down: true, table: &table, time: 0.4)
        table.advance(to: 1)
        #expect(table.board.slot(row[1])!.card == 1)
        // Onto an occupied slot: back home. Onto the discard: gone.
        try f.padButton(1, .dpadRight, down: true, table: &table, time: 1)
        try f.padButton(1, .a, down: true, table: &table, time: 1.1)            // picks up card 6 in row[2]
        try f.padButton(1, .dpadLeft, down: true, table: &table, time: 1.2)     // over card 1
        try f.padButton(1, .a, down: true, table: &table, time: 1.3)
        table.advance(to: 2)
        #expect(table.board.slot(row[2])!.card == 6 && table.board.slot(row[1])!.card == 1)
        try f.padButton(1, .a, down: true, table: &table, time: 2)              // picks card 1 up again
        for _ in 0..<4 { try f.padButton(1, .dpadRight, down: true, table: &table, time: 2.1) }
        #expect(f.focus(of: .pad(1)) == discard)
        try f.padButton(1, .a, down: true, table: &table, time: 2.2)
        table.advance(to: 3)
        #expect(table.board.cards[1] == nil && table.board.slot(discard)!.card == nil)
        #expect(table.board.invariantViolations().isEmpty)
    }

    @Test func aOnAnEmptySlotDealsAndBCancels() throws {
        var table = DemoTable.make()
        var f = FocusPlayers()
        try f.addPad(3, profile: .extendedGamepad, board: table.board)
        for _ in 0..<4 { try f.padAxis(3, .leftThumbstick, x: 1, y: 0, table: &table, time: 0); try f.padAxis(3, .leftThumbstick, x: 0, y: 0, table: &table, time: 0) }
        #expect(f.focus(of: .pad(3)) == hand[4])
        try f.padButton(3, .a, down: true, table: &table, time: 0)
        #expect(table.board.slot(hand[4])!.card != nil, "A on an empty slot deals a card")
        try f.padButton(3, .a, down: true, table: &table, time: 0.5)
        try f.padButton(3, .dpadLeft, down: true, table: &table, time: 0.6)
        try f.padButton(3, .b, down: true, table: &table, time: 0.7)
        table.advance(to: 2)
        #expect(table.drag(of: .pad(3)) == .idle)
        #expect(table.board.slot(hand[4])!.card != nil, "B sent the card home")
        // A held stick moves once, not every event.
        try f.padAxis(3, .leftThumbstick, x: -1, y: 0, table: &table, time: 3)
        try f.padAxis(3, .leftThumbstick, x: -0.9, y: 0, table: &table, time: 3.1)
        #expect(f.focus(of: .pad(3)) == hand[2])
    }

    @Test func twoControllersCannotTakeEachOthersCard() throws {
        var table = DemoTable.make()
        var f = FocusPlayers()
        try f.addPad(1, profile: .gamepad, board: table.board)
        try f.addPad(2, profile: .gamepad, board: table.board)
        #expect(f.pads[1]!.playerIndex == 0 && f.pads[2]!.playerIndex == 1)
        try f.padButton(1, .a, down: true, table: &table, time: 0)
        try f.padButton(2, .a, down: true, table: &table, time: 0.1)
        #expect(table.drag(of: .pad(1)).heldCard == 1)
        #expect(table.drag(of: .pad(2)).heldCard == nil)
        table.pointerDown(.mouse, at: table.board.slot(hand[0])!.rect.center, time: 0.2)
        table.pointerMove(.mouse, to: Point(x: 600, y: 300), time: 0.3)
        #expect(table.drag(of: .mouse).heldCard == nil, "the mouse took a card a controller holds")
    }

    @Test func removingAControllerSendsItsCardHome() throws {
        var table = DemoTable.make()
        var f = FocusPlayers()
        try f.addPad(1, profile: .gamepad, board: table.board)
        try f.padButton(1, .a, down: true, table: &table, time: 0)
        try f.padButton(1, .dpadUp, down: true, table: &table, time: 0.1)
        try f.removePad(1, table: &table, time: 0.2)
        table.advance(to: 1)
        #expect(table.board.slot(hand[0])!.card == 1)
        #expect(table.drag(of: .pad(1)) == .idle)
        #expect(f.pads.isEmpty)
        try f.addPad(1, profile: .gamepad, board: table.board)
        #expect(f.pads[1]!.playerIndex == 0, "the freed player index is reused")
    }

    @Test func profilesAndBadValuesAreRejectedByName() throws {
        var table = DemoTable.make()
        var f = FocusPlayers()
        try f.addPad(1, profile: .gamepad, board: table.board)
        #expect(throws: FocusError(kind: "pad already connected", "pad 1 is already connected")) { try f.addPad(1, profile: .gamepad, board: table.board) }
        #expect(throws: FocusError(kind: "pad lacks control", "pad 1: a gamepad has no leftThumbstick")) {
            try f.padAxis(1, .leftThumbstick, x: 0, y: 1, table: &table, time: 0)
        }
        #expect(throws: FocusError(kind: "pad lacks control", "pad 1: a gamepad has no leftTrigger")) { try f.padButton(1, .leftTrigger, down: true, table: &table, time: 0) }
        #expect(throws: FocusError(kind: "pad axis out of range", "pad 1: dpad position nan 0.0 is outside -1...1")) {
            try f.padAxis(1, .dpad, x: .nan, y: 0, table: &table, time: 0)
        }
        #expect(throws: FocusError(kind: "unknown pad", "pad 9 is not connected")) { try f.padButton(9, .a, down: true, table: &table, time: 0) }
    }

    @Test func pauseIgnoresPlayInput() throws {
        var table = DemoTable.make()
        var f = FocusPlayers()
        try f.addPad(1, profile: .gamepad, board: table.board)
        try f.padButton(1, .pause, down: true, table: &table, time: 0)
        #expect(f.paused)
        try f.padButton(1, .a, down: true, table: &table, time: 0.1)
        try f.padButton(1, .dpadRight, down: true, table: &table, time: 0.2)
        f.key(.enter, table: &table, time: 0.3)
        #expect(table.drags.values.allSatisfy { $0 == .idle })
        #expect(f.focus(of: .pad(1)) == hand[0])
        try f.padButton(1, .pause, down: true, table: &table, time: 0.4)
        #expect(!f.paused)
    }

    @Test func keyboardPlaysWithoutAMouse() {
        var table = DemoTable.make()
        var f = FocusPlayers()
        f.key(.enter, table: &table, time: 0)                 // focus starts on hand slot 1: picks up card 1
        f.key(.move(.up), table: &table, time: 0.1)
        f.key(.move(.right), table: &table, time: 0.2)
        f.key(.enter, table: &table, time: 0.3)
        table.advance(to: 1)
        #expect(table.board.slot(row[1])!.card == 1)
        f.key(.enter, table: &table, time: 1)
        f.key(.escape, table: &table, time: 1.1)
        table.advance(to: 2)
        #expect(table.board.slot(row[1])!.card == 1)
        #expect(f.cursors.map(\.slot) == [row[1]])
    }
}
