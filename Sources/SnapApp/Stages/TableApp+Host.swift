import SnapCore
import SnapNet

/// The host stage's part of each turn of the loop: what the clients said, then what they hear.
extension TableApp {
    func stepHost(_ h: HostStage, at t: Double) {
        h.pump.step(at: t, origin: live?.clock.origin ?? 0, table: { session.game }) { input, at in send(input, at: at) }
        for player in h.seatsToFree {
            guard let seat = session.game?.seat(of: player)?.seat else { continue }
            h.pump.freeAwaySeat(seat: seat, at: t) { input, at in send(input, at: at) }
        }
        h.seatsToFree = []
    }

    /// The clients hear what the table did; the announcement follows the free seats.
    func publish(_ h: HostStage, at t: Double) {
        guard let table = session.game else { return }
        let before = h.pump.host.seq
        h.pump.publish(table: table, events: session.takeNetEvents(), at: t)
        let journal = session.takeJournal()
        h.record?.write(journal)
        h.announcement.refresh(h.pump.host, table: table)
        if h.pump.host.seq != before { h.netLog?.record(seq: h.pump.host.seq, game: session.game?.rules) }
    }
}
