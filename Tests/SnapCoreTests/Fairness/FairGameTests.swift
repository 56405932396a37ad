import Testing
@testable import SnapCore

/// The rules with a window that waits for far players, and a record that replays its verdicts.
@Suite("Fair races in the rules: the window, stamped calls, the journal")
struct FairGameTests {
    static func game(bots: BotLevel = .off, journal: Bool = false) throws -> SnapGame {
        try SnapGame(players: [GamePlayer(id: "Ann", seat: 0, control: .person), GamePlayer(id: "Ben", seat: 1, control: .person)],
                     seed: 3, bots: bots, journal: journal)
    }

    @Test func theWindowFollowsItsTargetWithoutTheGameEverGoingBack() throws {
        var g = try Self.game()
        _ = g.advance(to: 5)
        _ = g.aimWindow(0.28, at: 5)
        var last = g.time
        var t = 5.0
        while t < 9 {
            t += 0.016
            _ = g.advance(to: t)
            #expect(g.time >= last)
            last = g.time
        }
        #expect(abs(g.window - 0.28) < 1e-9)
        _ = g.aimWindow(5, at: t)
        _ = g.advance(to: t + 60)
        #expect(g.window == FairCall.cap, "never longer than the cap")
    }

    /// Ben's call came 240 ms late over the network, but his reaction was quicker: it goes first.
    @Test func aCallStampedEarlierWinsOverOneThatArrivedFirst() throws {
        var g = try Self.game()
        _ = g.aimWindow(0.3, at: 0)
        var t = 0.0
        while !g.matchShowing || g.phase != .playing {
            t += 0.5
            _ = g.advance(to: t)
            if g.phase == .playing, let a = g.active, !g.matchShowing { _ = g.handle(.turnOver(player: a), at: t) }
            _ = g.advance(to: t + 0.35)
            t += 0.35
        }
        let shown = g.clock
        _ = g.handle(.callSnap(player: "Ann"), at: shown + 0.2)
        let events = g.handle(.callSnap(player: "Ben"), stamped: shown + 0.1, at: shown + 0.25) + g.advance(to: shown + 1)
        let won = events.compactMap { if case let .snapWon(p, _, _, _) = $0.kind { p } else { nil } }
        #expect(won == ["Ben"])
    }

    @Test func computerPlayersWaitAsLongAsPeopleWhileTheWindowIsLonger() throws {
        func firstCall(window: Double) throws -> Double? {
            var g = try SnapGame(players: [GamePlayer(id: "Ann", seat: 0, control: .bot), GamePlayer(id: "Ben", seat: 1, control: .bot)],
                                 seed: 11, bots: .hard)
            _ = g.aimWindow(window, at: 0)
            var t = 0.0
            while t < 120 {
                t += 0.01
                for e in g.advance(to: t) { if case .snapWon = e.kind { return e.time } }
            }
            return nil
        }
        let base = try #require(try firstCall(window: 0.05))
        let far = try #require(try firstCall(window: 0.3))
        // The same seeded game: the first won call comes later by what the window grew.
        #expect(far > base)
    }

    @Test func aJournalReplaysToTheSameVerdictsAndATamperedOneDoesNot() throws {
        var g = try Self.game(bots: .hard, journal: true)
        var journal: [GameJournal.Entry] = []
        var t = 0.0
        _ = g.aimWindow(0.2, at: 0)
        while t < 40 {
            t += 0.05
            _ = g.advance(to: t)
            if Int(t * 20) % 37 == 0 {
                let fair = FairCall(arrival: t, roundTrip: 0.1, jitter: 0.01)
                _ = g.handle(.callSnap(player: "Ben"), stamped: fair.judged, at: t, fair: fair)
            }
            journal += g.journal
            g.emptyJournal()
        }
        let lines = journal.enumerated().map { (line: $0.offset + 1, entry: $0.element) }
        let verdicts = try GameJournal.replay(lines)
        #expect(verdicts > 3)
        // Measures that do not give the instant recorded are found out...
        let i = try #require(lines.lastIndex { if case .input(_, _, _, .callSnap, .some) = $0.entry { true } else { false } })
        guard case let .input(at, stamp, placed, input, fair?) = lines[i].entry else { return }
        var measures = lines
        var other = fair
        other.roundTrip += 0.05
        measures[i].entry = .input(at: at, stamp: stamp, placed: placed, input: input, fair: other)
        #expect(throws: GameJournal.Mismatch(line: lines[i].line, description: "judged at \(stamp), its measures say \(other.judged)")) {
            try GameJournal.replay(measures)
        }
        // ...and so is every call moved: its verdict no longer follows.
        let calls = lines.indices.filter { if case .input(_, _, _, .callSnap, .some) = lines[$0].entry { true } else { false } }
        var changed = 0
        for j in calls {
            guard case let .input(at, _, placed, input, _) = lines[j].entry else { continue }
            var moved = lines
            moved[j].entry = .input(at: at, stamp: placed - 3, placed: placed - 3, input: input, fair: nil)
            if (try? GameJournal.replay(moved)) == nil { changed += 1 }
        }
        #expect(changed > 0)
    }
}
