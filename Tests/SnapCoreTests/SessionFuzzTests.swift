import Foundation
import Testing
@testable import SnapCore

/// Random play through the one entry point: the mouse in both windows and outside them, the
/// keyboard, two controllers coming and going, feed lines, displays plugged in and out and
/// windows closed, with the invariants checked after every step. The seed changes every run
/// and is printed with any failure (SNAP_FUZZ_SEED=N repeats a run).
@Suite("Randomized input through the session keeps its invariants")
struct SessionFuzzTests {
    @Test func mouseKeyboardAndTwoControllersTogether() {
        let seed = ProcessInfo.processInfo.environment["SNAP_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64(UInt32.max))
        var rng = SplitMix64(seed: seed)
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var s = demoSession(displays: twoDisplays)
        var t = 0.0
        let roles: [WindowRole] = [.primary, .table]
        let feedLines = ["active Ben", "snap Cy", "wins Dee 3", "status Round 2", "player leave Ben", "player join Ben 1 Ben",
                         "snap Nobody", "bogus words"]
        var drawnCards = 0
        for step in 0..<20_000 {
            t += Double(pick(50)) / 1000
            let input: TableInput
            switch pick(20) {
            case 0, 1, 2:
                input = .pointer(.down, PointerSpot(.role(roles[pick(2)]), Point(x: Double(pick(1280)), y: Double(pick(720)))))
            case 3, 4, 5:
                input = .pointer(.move, PointerSpot(.role(roles[pick(2)]), Point(x: Double(pick(1280)), y: Double(pick(720)))))
            case 6, 7:
                input = .pointer(.up, pick(5) == 0 ? nil : PointerSpot(.role(roles[pick(2)]), Point(x: Double(pick(1280)), y: Double(pick(720)))))
            case 8, 9:
                input = .key([KeyName.up, .down, .left, .right, .enter, .enter, .escape][pick(7)])
            case 10: input = .pad(.add(id: 1 + pick(2), profile: pick(2) == 0 ? .gamepad : .extendedGamepad))
            case 11: input = .pad(.remove(id: 1 + pick(2)))
            case 12, 13, 14:
                let buttons: [PadButton] = [.a, .a, .b, .dpadUp, .dpadDown, .dpadLeft, .dpadRight, .pause, .leftTrigger]
                input = .pad(.button(id: 1 + pick(2), buttons[pick(buttons.count)], down: pick(4) != 0))
            case 15: input = .pad(.axis(id: 1 + pick(2), .leftThumbstick, x: Double(pick(3)) - 1, y: Double(pick(3)) - 1))
            case 16: input = .feed(.line(number: step + 1, text: feedLines[pick(feedLines.count)]))
            case 17: input = .displays(pick(3) == 0 ? [twoDisplays[0]] : twoDisplays)
            case 18: input = .windowClosed(WindowPlan.Placement(role: .table, display: "TV"), byUser: true)
            default: input = pick(10) == 0 ? .focusLost : .tick
            }
            let effects = s.handle(input, at: t)

            let problems = s.table.board.invariantViolations()
            #expect(problems.isEmpty, "seed \(seed) step \(step) \(input): \(problems)")
            let held = s.table.holders.map(\.card)
            #expect(Set(held).count == held.count, "seed \(seed) step \(step): a card in two hands \(s.table.holders)")
            #expect(held.allSatisfy { s.table.board.cards[$0] != nil }, "seed \(seed) step \(step): a held card is not on the board")
            let order = s.table.drawOrder(at: t)
            #expect(order.count == s.table.board.cards.count && Set(order).count == order.count, "seed \(seed) step \(step): draw order")
            #expect(s.windows.open.first?.role == .primary && s.windows.open.filter { $0.role == .primary }.count == 1,
                    "seed \(seed) step \(step): windows \(s.windows.open)")
            #expect(!effects.contains(.quit), "seed \(seed) step \(step): only closing the primary quits")
            if let w = s.windows.dragWindow { #expect(s.windows.open.contains(w), "seed \(seed) step \(step): drag window \(w) is closed") }
            #expect(s.focus.pads.count <= 2)
            drawnCards = max(drawnCards, s.table.board.cards.count)
            if !problems.isEmpty { return }
        }
        s.finish(at: t + 1)
        #expect(s.table.isSettled && s.table.holders.isEmpty, "seed \(seed): finish leaves nothing in hand or moving")
        #expect(drawnCards > 6, "seed \(seed): the run dealt cards, or it proves little")
    }
}
