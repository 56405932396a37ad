import SnapCore
import SnapNet

/// Serving a game: the server and its `NetHost`, the network announcement, and the seats the
/// host's screen asked to free.
final class HostStage {
    let pump: NetHostPump
    let announcement: HostAnnouncement
    let netLog: NetLog?
    let record: JournalFile?
    /// Away players' seats the host's screen asked to free, until the next step.
    var seatsToFree: [String] = []

    init(pump: NetHostPump, announcement: HostAnnouncement, netLog: NetLog?, record: JournalFile?) {
        self.pump = pump
        self.record = record
        self.announcement = announcement
        self.netLog = netLog
    }

    func stop() {
        announcement.withdraw()
        pump.stop()
    }
}
