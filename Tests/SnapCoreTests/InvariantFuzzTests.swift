import Testing
@testable import SnapCore

@Suite("Randomized play keeps the board's invariants")
struct InvariantFuzzTests {
    /// 12,000 random clicks, presses, moves, releases, cancels and time jumps on the demo table,
    /// checking after every step: one card per slot at most, every card in exactly one slot or in
    /// hand, no card lost except through the delete-on-drop slot, every card drawn once.
    @Test func randomOperationsKeepInvariants() {
        var rng = SplitMix64(seed: 2026)
        var table = DemoTable.make()
        var t = 0.0
        var created = table.board.cards.count, deleted = 0, moved = 0, snappedBack = 0
        let slots = table.board.slots
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        func randomPoint() -> Point {
            if pick(4) == 0 { return Point(x: Double(pick(1280)), y: Double(pick(720))) }
            let s = slots[pick(slots.count)].rect
            return Point(x: s.x + Double(pick(Int(s.w))), y: s.y + Double(pick(Int(s.h))))
        }
        func randomCardPoint() -> Point {
            let ids = table.board.cards.keys.sorted()
            guard !ids.isEmpty, let c = table.rect(of: ids[pick(ids.count)], at: t)?.center else { return randomPoint() }
            return c + Point(x: Double(pick(40)) - 20, y: Double(pick(60)) - 30)
        }
        for step in 0..<12_000 {
            t += Double(pick(60)) / 1000
            let before = table.board
            switch pick(12) {
            case 0, 1: table.pointerDown(.mouse, at: randomCardPoint(), time: t)
            case 2: table.pointerDown(.mouse, at: randomPoint(), time: t)
            case 3, 4, 5: table.pointerMove(.mouse, to: randomPoint(), time: t)
            case 6, 7: table.pointerUp(.mouse, at: randomPoint(), time: t)
            case 8: table.cancelAll(time: t)
            case 9, 10:
                // A whole gesture: grab a card, carry it in a few moves, let go over a random slot.
                let target = slots[pick(slots.count)].rect.center
                table.pointerDown(.mouse, at: randomCardPoint(), time: t)
                for _ in 0..<3 {
                    t += 0.02
                    table.pointerMove(.mouse, to: target + Point(x: Double(pick(30)) - 15, y: Double(pick(30)) - 15), time: t)
                }
                table.pointerUp(.mouse, at: target, time: t)
            default:
                let p = randomPoint()
                table.pointerDown(.mouse, at: p, time: t)
                table.pointerUp(.mouse, at: p, time: t + 0.01)
                t += 0.01
            }
            table.advance(to: t)

            let problems = table.board.invariantViolations()
            #expect(problems.isEmpty, "step \(step): \(problems)")
            if !problems.isEmpty { return }

            let gone = Set(before.cards.keys).subtracting(table.board.cards.keys)
            for id in gone {
                // The only way out is a drop on the delete-on-drop slot, which starts a fade.
                let ghost = table.fading.first { $0.card.id == id }
                #expect(ghost != nil, "step \(step): card \(id) vanished without a fade")
                #expect(ghost.map { table.board.slot($0.motion.position.to) } != nil)
            }
            deleted += gone.count
            created += Set(table.board.cards.keys).subtracting(before.cards.keys).count
            for (id, card) in table.board.cards {
                guard let old = before.cards[id] else { continue }
                if old.slot != card.slot { moved += 1 } else if table.motions[id]?.position.start == t { snappedBack += 1 }
            }
            if let held = table.drag(of: .mouse).heldCard { #expect(table.board.cards[held] != nil) }
            let order = table.drawOrder(at: t)
            #expect(order.count == table.board.cards.count && Set(order).count == order.count, "step \(step): draw order \(order)")
        }
        #expect(created - deleted == table.board.cards.count)
        // The run must have exercised every rule, or it proves little.
        #expect(moved > 100, "moves: \(moved)")
        #expect(deleted > 20, "deletes: \(deleted)")
        #expect(created > 50, "creates: \(created)")
        #expect(snappedBack > 100, "snap-backs: \(snappedBack)")
    }
}

private extension Board {
    /// The delete-on-drop slot a ghost is settling into.
    func slot(_ center: Point) -> Slot? { slots.first { $0.kind == .deleteOnDrop && $0.rect.center == center } }
}
