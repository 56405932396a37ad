import SnapCore
import SnapNet

/// At a host's table: the link, what the host's messages mean (`NetClient`, a value the tests
/// drive), this machine's moves waiting to be sent, and a replay that starts with the first deal.
final class ClientStage {
    let join: NetJoin
    var client: NetClient
    /// This machine's moves for the host, until the step sends them.
    var intents: [NetIntent] = []
    /// A replay (on the real clock, from the first state on) and the lines still to come.
    var replay: ArraySlice<ReplayEvent>
    let netLog: NetLog?
    /// `--reflex`: the seat plays itself with these reflexes.
    var reflex: ClientReflex?

    init(join: NetJoin, menuHome: Bool, script: ReplayScript?, netLog: NetLog?) {
        self.join = join
        client = NetClient(me: join.me, menuHome: menuHome)
        replay = script?.events[...] ?? []
        self.netLog = netLog
    }

    /// When the next replay line is due, once the first state came.
    var nextLine: Double? {
        guard let start = client.firstState, let next = replay.first else { return nil }
        return start + next.time
    }

    func stop() {
        join.inbox.close()
        join.link.stop()
    }
}
