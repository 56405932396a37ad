import Foundation
import Testing
@testable import SnapCore

@Suite("A networked game in memory: host and clients never diverge")
struct NetGameTests {
    /// Each client presses Enter every 50 ms (turns over on its turn) and sometimes S; the
    /// hard computer player in Ann's seat calls the snaps. The intents go to the host as the
    /// client's table emits them; the host's updates come back.
    @Test func threeClientsPlayARoundAndAgreeAfterEveryUpdate() throws {
        var rig = try NetRig(bots: .hard, seed: 11)
        // Ann's seat stays a computer player's: the clients take Ben, Cy and Dee.
        rig.net = NetHost(code: "K7F2Q", seats: rig.host.game!.seats.filter { $0.id != "Ann" }.map { ($0.id, $0.seat) },
                          hostPlayer: nil, tokenSeed: 3)
        for c in 1...3 { rig.join(c, "Client \(c)") }
        var clients: [Int: NetClientRig] = [:]
        for c in 1...3 { clients[c] = try NetClientRig(me: rig.welcome(c)!.player, roster: rig.roster(c)!) }
        #expect(clients.values.map(\.me).sorted() == ["Ben", "Cy", "Dee"])
        rig.send(1, .intent(NetIntent(.nextRound)))
        var step = 0
        while rig.now < 900 {
            rig.run(for: 0.05)
            if rig.rules?.phase == .roundOver { break }
            step += 1
            if step % 20 == 0 { for c in 1...3 { rig.send(c, .pong(0)) } }
            for c in 1...3 {
                clients[c]!.absorb(rig.inbox[c] ?? [], at: rig.now)
                let key: KeyName = step % 37 == c ? .s : .enter
                for e in clients[c]!.session.handle(.key(key), at: rig.now) {
                    if case .netIntent(let i) = e { rig.send(c, .intent(i)) }
                }
            }
        }
        rig.run(for: 0.5)
        #expect(rig.rules?.phase == .roundOver)
        #expect(rig.rules?.winner != nil)
        for c in 1...3 {
            var client = clients[c]!
            client.absorb(rig.inbox[c] ?? [], at: rig.now)
            // Every update the client saw shows what the host sent with it, and none was missed.
            #expect(client.digests.count > 50)
            let seqs = client.digests.keys.sorted()
            #expect(seqs == Array(seqs.first!...seqs.last!))
            for (seq, d) in client.digests { #expect(rig.digests[seq] == d, "client \(c) seq \(seq)") }
            let g = client.session.game!
            #expect(g.screen(at: rig.now).seat(.bottom)?.playerID == client.me)
            #expect(NetGameState(game: g.rules!).cardsConserved)
            #expect(g.rules!.winner == rig.rules!.winner)
        }
        #expect(rig.closed.isEmpty)
    }

    /// Calls are ordered by when they reach the host: whichever client's call arrived first
    /// takes the piles, whatever its seat.
    @Test(arguments: [[3, 2], [2, 3]])
    func theFirstCallToReachTheHostWins(order: [Int]) throws {
        var rig = try NetRig(bots: .off, seed: 21)
        for c in 1...3 { rig.join(c, "Client \(c)") }
        rig.send(1, .intent(NetIntent(.nextRound)))
        rig.run(for: 4.5)
        var turns = 0
        while rig.rules!.matchingRanks.isEmpty, turns < 500 {
            let active = rig.rules!.active!
            let c = [1, 2, 3].first { rig.welcome($0)!.player == active }!
            rig.send(c, .intent(NetIntent(.turnOver)))
            rig.run(for: 0.1)
            turns += 1
        }
        #expect(!rig.rules!.matchingRanks.isEmpty, "no match showed in \(turns) turns")
        for c in order {
            rig.send(c, .intent(NetIntent(.snap)))
            rig.now += 0.005
        }
        rig.run(for: 0.2)
        let first = rig.welcome(order[0])!.player, second = rig.welcome(order[1])!.player
        #expect(rig.rules!.lastCall?.player != nil)
        let won = rig.inbox[1]!.contains { m in
            if case let .update(_, events, _) = m { return events.contains { $0.type == .snapWon && $0.player == first } }
            return false
        }
        #expect(won, "\(first)'s call reached the host first")
        #expect(rig.rules!.lastCall?.player == second && rig.rules!.lastCall?.correct == false)
    }
}
