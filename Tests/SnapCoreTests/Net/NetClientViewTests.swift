import Testing
@testable import SnapCore

@Suite("A client's view: its own player at the bottom")
struct NetClientViewTests {
    static let roster = [
        NetPlayer(id: "Ann", name: "Ann", seat: 0, kind: .host), NetPlayer(id: "Ben", name: "Ben", seat: 1, kind: .remote),
        NetPlayer(id: "Cy", name: "Cy", seat: 2, kind: .remote), NetPlayer(id: "Dee", name: "Dee", seat: 3, kind: .computer),
    ]

    @Test(arguments: 0...3)
    func everyLocalSeatSitsAtTheBottom(mine: Int) throws {
        let me = Self.roster[mine].id
        let view = try NetClientView(me: me, players: Self.roster)
        #expect(view.position(of: me) == .bottom)
        #expect(view.player(at: .bottom)?.id == me)
        // Clockwise from the bottom: left, top, right are the next absolute seats.
        #expect(view.player(at: .left)?.seat == (mine + 1) % 4)
        #expect(view.player(at: .top)?.seat == (mine + 2) % 4)
        #expect(view.player(at: .right)?.seat == (mine + 3) % 4)
        // And the client's table shows it so.
        var client = try NetClientRig(me: me, roster: Self.roster)
        client.absorb([.ready(players: Self.roster)], at: 0)
        let screen = client.session.game!.screen(at: 0)
        for pos in SeatPosition.allCases { #expect(screen.seat(pos)?.playerID == view.player(at: pos)?.id) }
        #expect(client.session.game!.net.isClient)
    }

    @Test func threePlayersLeaveOneSeatEmpty() throws {
        let three = Array(Self.roster.prefix(3))
        let view = try NetClientView(me: "Cy", players: three)
        #expect(view.position(of: "Ann") == .top)
        #expect(view.position(of: "Ben") == .right)
        #expect(view.player(at: .left) == nil)
    }

    @Test func aRosterWithoutMeOrWithTwinSeatsIsRefused() {
        #expect(throws: NetMessageError.self) { try NetClientView(me: "Zed", players: Self.roster) }
        var twins = Self.roster
        twins[1].seat = 0
        #expect(throws: NetMessageError.self) { try NetClientView(me: "Ann", players: twins) }
    }
}

@Suite("A client's table: every input becomes an intent for the host")
struct NetClientInputTests {
    static func dealtClient() throws -> NetClientRig {
        var rig = try NetRig(bots: .off)
        rig.join(1, "Bea")
        rig.join(2, "Col")
        rig.send(1, .intent(NetIntent(.nextRound)))
        rig.run(for: 4.5)
        var c = try NetClientRig(me: "Ann", roster: rig.roster(1)!)
        c.absorb(rig.inbox[1]!, at: rig.now)
        return c
    }

    func intents(_ effects: [ShellEffect]) -> [NetIntent] {
        effects.compactMap { if case .netIntent(let i) = $0 { i } else { nil } }
    }

    @Test func keysMouseAndControllersSendIntentsAndNeverChangeTheGame() throws {
        var c = try Self.dealtClient()
        let before = c.session.game!.rules!
        #expect(before.active == "Ann")
        #expect(intents(c.session.handle(.key(.s), at: 10)) == [NetIntent(.snap, player: "Ann")])
        #expect(intents(c.session.handle(.key(.enter), at: 10.1)) == [NetIntent(.turnOver, player: "Ann")])
        #expect(intents(c.session.click(GameLayout.closedPile(.bottom).center, at: 10.2)) == [NetIntent(.turnOver, player: "Ann")])
        _ = c.session.handle(.pad(.add(id: 1, profile: .gamepad)), at: 10.3)
        #expect(intents(c.session.handle(.pad(.button(id: 1, .a, down: true)), at: 10.4)) == [NetIntent(.turnOver, player: "Ann")])
        #expect(intents(c.session.handle(.pad(.button(id: 1, .x, down: true)), at: 10.5)) == [NetIntent(.snap, player: "Ann")])
        // A replay line for another player is sent as is: the host refuses it.
        #expect(intents(c.session.handle(.play(.turnOver(player: "Ben")), at: 10.6)) == [NetIntent(.turnOver, player: "Ben")])
        _ = c.session.handle(.tick, at: 12)
        #expect(NetGameState(game: c.session.game!.rules!).digest == NetGameState(game: before).digest)
        // Escape covers only this screen: no pause goes to the host, the game is not paused.
        #expect(intents(c.session.handle(.key(.escape), at: 12.1)).isEmpty)
        #expect(c.session.game!.rules!.isPaused == false)
    }
}
