import Foundation
import SnapCore

/// `--net-log`: one line per update a machine showed, so a test can compare the host's game
/// with every client's after every step.
final class NetLog {
    private let handle: FileHandle

    init(path: String) throws(AppFailure) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
            throw AppFailure.badInput("--net-log \(path): cannot create the file")
        }
        handle = h
    }

    func record(seq: Int, game: SnapGame?) {
        let s = game.map(NetGameState.init(game:))
        let digest = s.map { String($0.digest, radix: 16) } ?? "none"
        let line = "seq \(seq) digest \(digest) phase \(s?.phase ?? "start") round \(s?.round ?? 0) winner \(s?.winner ?? "-") cards \(s.map { $0.cardsConserved ? "ok" : "BAD" } ?? "none")\n"
        handle.write(Data(line.utf8))
    }

    deinit { try? handle.close() }
}
