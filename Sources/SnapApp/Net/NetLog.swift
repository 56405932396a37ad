#if canImport(Glibc)
import Glibc
#endif
import SnapCore

/// `--net-log`: one line per update a machine showed, so a test can compare the host's game
/// with every client's after every step. One write(2) per line.
final class NetLog {
    private let fd: Int32

    init(path: String) throws(AppFailure) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AppFailure.badInput("--net-log \(path): cannot create the file (\(String(cString: strerror(errno))))") }
    }

    func record(seq: Int, game: SnapGame?) {
        let s = game.map(NetGameState.init(game:))
        let digest = s.map { String($0.digest, radix: 16) } ?? "none"
        var line = "seq \(seq) digest \(digest) phase \(s?.phase ?? "start") round \(s?.round ?? 0) winner \(s?.winner ?? "-") cards \(s.map { $0.cardsConserved ? "ok" : "BAD" } ?? "none")\n"
        line.withUTF8 { b in _ = write(fd, b.baseAddress, b.count) }
    }

    deinit { close(fd) }
}
