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
            #expect(NetGameState(game: g.game!).cardsConserved)
            #expect(g.game!.winner == rig.rules!.winner)
        }
        #expect(rig.closed.isEmpty)
    }
}
