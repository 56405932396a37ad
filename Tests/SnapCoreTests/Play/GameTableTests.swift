import Foundation
import Testing
@testable import SnapCore

/// A Snap! session as `snap-table` starts one: the demo four (Ann here, Ben, Cy, Dee computer
/// players), one display.
func snapSession(bots: BotLevel = .normal, seed: UInt64 = 5, players: String? = nil) throws -> TableSession {
    let seating = try players.map { try SeatingFile.fromList($0, me: nil) } ?? DemoSeating.make()
    var s = TableSession(.game(GameTable(seating: seating, bots: bots, seed: seed)), seating: seating,
                         windows: WindowSet(primaryOn: "A", preferred: "A", secondary: .auto, extra: .off))
    _ = s.handle(.displays([DisplayInfo(name: "A", bounds: Rect(x: 0, y: 0, w: 1280, h: 720))]), at: 0)
    return s
}

extension TableSession {
    var rules: SnapGame { game!.rules! }

    mutating func click(_ p: Point, at t: Double) -> [ShellEffect] {
        handle(.pointer(.down, PointerSpot(.role(.primary), p)), at: t) + handle(.pointer(.up, PointerSpot(.role(.primary), p)), at: t + 0.02)
    }

    mutating func clickButton(_ b: GameScreen.ButtonKind, at t: Double) -> [ShellEffect] {
        click(GameLayout.button(b).center, at: t)
    }

    /// Runs the clock in small steps until `done` or the deadline; returns the time reached.
    @discardableResult
    mutating func run(from t: Double, until deadline: Double, step: Double = 0.05, _ done: (TableSession) -> Bool) -> Double {
        var now = t
        while now < deadline, !done(self) {
            now += step
            _ = handle(.tick, at: now)
        }
        return now
    }
}

@Suite("Snap! on the table: seats, mouse, keys, controllers")
struct GameTableTests {
    @Test func theStartScreenDealsWhenDealIsClicked() throws {
        var s = try snapSession()
        #expect(s.game?.rules == nil)
        #expect(s.game!.screen(at: 0).overlay == .start(joinHint: "Controllers: press A to join"))
        _ = s.clickButton(.deal, at: 1)
        #expect(s.rules.phase == .dealing && s.rules.round == 1)
        let t = s.run(from: 1.02, until: 10) { $0.rules.phase == .playing }
        #expect(s.rules.phase == .playing, "dealt by \(t)")
        #expect(s.rules.players.map(\.cardCount).reduce(0, +) == 52)
    }

    /// The local player plays by clicking the closed pile on their turn; a click out of turn does nothing.
    @Test func clickingTheClosedPileTurnsTheTopCardOver() throws {
        var s = try snapSession(bots: .off, players: "Ann,Ben")
        _ = s.handle(.pad(.add(id: 7, profile: .gamepad)), at: 0)
        _ = s.handle(.pad(.button(id: 7, .a, down: true)), at: 0.1)      // Ben is a controller now
        _ = s.clickButton(.deal, at: 0.2)
        var t = s.run(from: 0.3, until: 10) { $0.rules.phase == .playing }
        #expect(s.rules.active == "Ann")
        let before = s.rules.player("Ann")!.closed.count
        _ = s.click(GameLayout.closedCentre(.bottom), at: t)
        t = s.run(from: t + 0.05, until: t + 1) { $0.rules.active == "Ben" }
        #expect(s.rules.player("Ann")!.closed.count == before - 1 && s.rules.player("Ann")!.open.count == 1)
        // Not Ann's turn now: her click is ignored.
        _ = s.click(GameLayout.closedCentre(.bottom), at: t)
        _ = s.run(from: t + 0.05, until: t + 0.3) { _ in false }
        #expect(s.rules.player("Ann")!.open.count == 1)
    }

    @Test func draggingTheTopCardOntoTheOpenPileTurnsItOverElsewhereItSlidesBack() throws {
        var s = try snapSession(bots: .off, players: "Ann,Ben")
        _ = s.handle(.pad(.add(id: 7, profile: .gamepad)), at: 0)
        _ = s.handle(.pad(.button(id: 7, .a, down: true)), at: 0.1)
        _ = s.clickButton(.deal, at: 0.2)
        var t = s.run(from: 0.3, until: 10) { $0.rules.phase == .playing }
        let from = GameLayout.closedCentre(.bottom)
        // Dropped in the middle of the table: no turn, the card slides home.
        _ = s.handle(.pointer(.down, PointerSpot(.role(.primary), from)), at: t)
        _ = s.handle(.pointer(.move, PointerSpot(.role(.primary), from + Point(x: 0, y: -200))), at: t + 0.05)
        #expect(s.game!.screen(at: t + 0.05).held?.lifted == true)
        // Every move of the card in hand changes the picture: the shell redraws on a new revision.
        let before = s.revision
        _ = s.handle(.pointer(.move, PointerSpot(.role(.primary), from + Point(x: 30, y: -220))), at: t + 0.06)
        #expect(s.revision != before, "a move of the card in hand must ask for a frame")
        _ = s.handle(.pointer(.up, PointerSpot(.role(.primary), from + Point(x: 0, y: -200))), at: t + 0.1)
        t = s.run(from: t + 0.1, until: t + 0.5) { _ in false }
        #expect(s.rules.player("Ann")!.open.isEmpty && s.rules.active == "Ann")
        // Dropped on the open pile: turned over.
        let to = GameLayout.openCentre(.bottom)
        _ = s.handle(.pointer(.down, PointerSpot(.role(.primary), from)), at: t)
        _ = s.handle(.pointer(.move, PointerSpot(.role(.primary), Point.lerp(from, to, 0.5))), at: t + 0.05)
        _ = s.handle(.pointer(.move, PointerSpot(.role(.primary), to)), at: t + 0.1)
        #expect(s.game!.screen(at: t + 0.1).held?.overOpenPile == true)
        _ = s.handle(.pointer(.up, PointerSpot(.role(.primary), to)), at: t + 0.15)
        _ = s.run(from: t + 0.15, until: t + 1) { $0.rules.active == "Ben" }
        #expect(s.rules.player("Ann")!.open.count == 1)
    }

    @Test func aControllerJoinsCallsSnapAndGetsItsSeatBackAfterUnplugging() throws {
        var s = try snapSession(bots: .hard)
        _ = s.handle(.pad(.add(id: 3, profile: .gamepad)), at: 0)
        _ = s.handle(.pad(.button(id: 3, .a, down: true)), at: 0.1)
        #expect(s.game!.seat(of: "Ben")?.control == .pad(3), "the first computer seat clockwise from the local player")
        _ = s.clickButton(.deal, at: 0.2)
        let t = s.run(from: 0.3, until: 10) { $0.rules.phase == .playing }
        #expect(s.rules.player("Ben")?.control == .person)
        _ = s.handle(.pad(.button(id: 3, .x, down: true)), at: t)
        #expect(s.game!.screen(at: t).seat(.left)?.bubble == true, "a person's call shows at once")
        _ = s.handle(.tick, at: t + 0.1)
        #expect(s.rules.lastCall?.player == "Ben")
        _ = s.handle(.pad(.remove(id: 3)), at: t + 0.2)
        _ = s.handle(.tick, at: t + 0.3)
        #expect(s.rules.player("Ben")?.control == .bot && s.game!.seat(of: "Ben")?.control == .computer)
        _ = s.handle(.pad(.add(id: 9, profile: .extendedGamepad)), at: t + 0.4)
        _ = s.handle(.tick, at: t + 0.5)
        #expect(s.game!.seat(of: "Ben")?.control == .pad(9) && s.rules.player("Ben")?.control == .person)
    }

    @Test func keysTurnCallAndPauseAndPauseStopsTheComputerPlayers() throws {
        var s = try snapSession(bots: .hard)
        _ = s.handle(.key(.enter), at: 0)                         // Enter deals on the start screen
        var t = s.run(from: 0, until: 10) { $0.rules.phase == .playing }
        #expect(s.rules.active == "Ann")
        _ = s.handle(.key(.enter), at: t)                         // and turns over on our turn
        t = s.run(from: t, until: t + 1) { $0.rules.active != "Ann" }
        #expect(s.rules.player("Ann")!.open.count == 1)
        _ = s.handle(.key(.escape), at: t)
        #expect(s.game!.overlay == .paused)
        _ = s.handle(.tick, at: t + 0.1)                          // the rules take it after their 50 ms window
        #expect(s.rules.isPaused)
        let frozen = s.rules.players.map(\.open.count)
        _ = s.run(from: t, until: t + 5) { _ in false }
        #expect(s.rules.players.map(\.open.count) == frozen, "nothing moves while paused")
        _ = s.handle(.key(.escape), at: t + 5)
        _ = s.run(from: t + 5, until: t + 8) { $0.rules.players.map(\.open.count) != frozen }
        #expect(s.rules.players.map(\.open.count) != frozen, "the computer players go on after the pause")
        _ = s.handle(.key(.s), at: t + 8)
        #expect(s.game!.screen(at: t + 8).seat(.bottom)?.bubble == true)
    }

    /// Two calls 1 ms apart from different sources, read in the wrong order: the earlier wins.
    @Test func theEarlierCallWinsWhateverOrderTheCallsAreRead() throws {
        for reversed in [false, true] {
            var s = try snapSession(bots: .off, players: "Ann,Ben")
            _ = s.handle(.pad(.add(id: 1, profile: .gamepad)), at: 0)
            _ = s.handle(.pad(.button(id: 1, .a, down: true)), at: 0)
            _ = s.clickButton(.deal, at: 0.1)
            var t = s.run(from: 0.2, until: 10) { $0.rules.phase == .playing }
            // Play until a match shows.
            while s.rules.matchingRanks.isEmpty, t < 200 {
                _ = s.handle(.play(.turnOver(player: s.rules.active!)), at: t)
                t = s.run(from: t, until: t + 1) { _ in false }
            }
            #expect(!s.rules.matchingRanks.isEmpty)
            let calls: [(TableInput, Double)] = [(.key(.s), t + 0.001), (.pad(.button(id: 1, .x, down: true)), t + 0.002)]
            for (input, at) in reversed ? calls.reversed() : calls { _ = s.handle(input, at: at) }
            _ = s.handle(.tick, at: t + 0.2)
            let screen = s.game!.screen(at: t + 0.2)
            #expect(screen.seat(.bottom)?.verdict == .smiley && screen.seat(.left)?.verdict == .late,
                    "reversed \(reversed): Ann \(String(describing: screen.seat(.bottom)?.verdict)), Ben \(String(describing: screen.seat(.left)?.verdict))")
        }
    }

    @Test func leavingAsksFirst() throws {
        var s = try snapSession()
        #expect(!s.clickButton(.exit, at: 0).contains(.quit))
        #expect(s.game!.overlay == .confirmLeave)
        _ = s.clickButton(.cancelLeave, at: 0.1)
        #expect(s.game!.overlay == nil)
        _ = s.clickButton(.exit, at: 0.2)
        #expect(s.clickButton(.confirmLeave, at: 0.3).contains(.quit))
    }

    @Test func replayVerbsPlayForAnyoneAndSeatVerbsAreForTheSandbox() throws {
        var s = try snapSession(bots: .off, players: "Ann,Ben")
        _ = s.handle(.pad(.add(id: 1, profile: .gamepad)), at: 0)
        _ = s.handle(.pad(.button(id: 1, .a, down: true)), at: 0)
        _ = s.clickButton(.deal, at: 0.1)
        let t = s.run(from: 0.2, until: 10) { $0.rules.phase == .playing }
        _ = s.handle(.play(.turnOver(player: "Ann")), at: t)
        _ = s.run(from: t, until: t + 1) { $0.rules.active == "Ben" }
        #expect(s.rules.active == "Ben")
        let effects = s.handle(.seat(.snap(id: "Ben")), at: t + 1)
        #expect(effects.contains { if case .problem(let p) = $0 { p.kind == "seat verb in game" } else { false } })
        var sandbox = demoSession()
        #expect(sandbox.handle(.play(.callSnap(player: "Ann")), at: 0).contains { if case .problem = $0 { true } else { false } })
    }

    @Test func theStateHasTheGameAndTheCardsInFlight() throws {
        var s = try snapSession()
        var j = try s.state(at: 0)
        #expect(j["game"] is NSNull)
        _ = s.clickButton(.deal, at: 0)
        _ = s.handle(.tick, at: 0.3)
        j = try s.state(at: 0.3)
        let game = j["game"] as! [String: Any]
        #expect(game["phase"] as? String == "dealing" && game["round"] as? Int == 1)
        let piles = game["piles"] as! [[String: Any]]
        #expect(piles.count == 4 && piles.map { ($0["closed"] as! Int) + ($0["open"] as! Int) }.reduce(0, +) == 52)
        let flying = (j["cards"] as! [[String: Any]]).filter { $0["flying"] as? String == "deal" }
        #expect(!flying.isEmpty)
        let seats = j["seats"] as! [[String: Any]]
        #expect(seats.map { $0["control"] as? String } == ["local", "computer", "computer", "computer"])
    }
}
