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
        #expect(client.session.game!.net == .client)
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
