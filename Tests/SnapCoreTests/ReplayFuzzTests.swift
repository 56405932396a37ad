import Foundation
import Testing
@testable import SnapCore

/// SplitMix64: small, seedable, the same sequence for the same seed on every machine.
private struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Replay parsing survives mangled files")
struct ReplayFuzzTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SnapTableE2ETests/Fixtures")

    /// Words that stress the parser: extreme numbers, odd spaces, bytes that are not UTF-8.
    static let nasty: [[UInt8]] = ["1e306", "-1e306", "nan", "inf", "-0", "0x10", "99999999999999999999", "1e-320",
                                   "#", "\t", "\r", " ", "display", "connect", "snapshot", "mouse", "pad", "player", "end",
                                   String(repeating: "n", count: 300), "é", "\u{0}"].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82]]

    fileprivate static func mutate(_ input: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var b = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let at = b.isEmpty ? 0 : Int.random(in: 0..<b.count, using: &rng)
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: if !b.isEmpty { b[at] = UInt8.random(in: 0...255, using: &rng) }
            case 1: b.insert(UInt8.random(in: 0...255, using: &rng), at: at)
            case 2: if !b.isEmpty { b.removeSubrange(at..<min(b.count, at + Int.random(in: 1...40, using: &rng))) }
            case 3: b.insert(contentsOf: nasty.randomElement(using: &rng)!, at: at)
            case 4:
                // Duplicate or move a whole line.
                var lines = b.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
                guard !lines.isEmpty else { continue }
                let line = lines[Int.random(in: 0..<lines.count, using: &rng)]
                lines.insert(line, at: Int.random(in: 0...lines.count, using: &rng))
                b = Array(lines.joined(separator: [0x0A]))
            case 5: b = Array(b.prefix(at))
            default:
                // Replace a number with an extreme one.
                if let digit = b.indices.dropFirst(at).first(where: { (0x30...0x39).contains(b[$0]) }) {
                    var end = digit
                    while end < b.count, (0x30...0x39).contains(b[end]) || b[end] == 0x2E { end += 1 }
                    b.replaceSubrange(digit..<end, with: nasty[Int.random(in: 0..<8, using: &rng)])
                }
            }
        }
        return b
    }

    @Test func mutatedFixturesNeverCrashAndEveryErrorNamesFileAndLine() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".replay") }.sorted()
        #expect(!names.isEmpty)
        let originals = try names.map { [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent($0))) }
        // A new seed every run; the failure message prints it so a failure can be replayed.
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SeededRandom(state: seed)
        var errors = 0
        for round in 0..<3000 {
            let which = round % names.count
            let bytes = Self.mutate(originals[which], &rng)
            let lineCount = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
            let file = names[which]
            do {
                let script = try ReplayScript.parse(bytes, file: file)
                // What parses keeps to the limits.
                for ev in script.events {
                    #expect(ev.time.isFinite && ev.time <= ReplayLimits.maxTime, "seed \(seed) round \(round): time \(ev.time)")
                    if case .mouse(_, let p, _) = ev.command {
                        #expect(ScreenLimits.isOnSomeScreen(p.x) && ScreenLimits.isOnSomeScreen(p.y), "seed \(seed) round \(round): \(p)")
                    }
                    if case .snapshot(let name) = ev.command {
                        #expect(name.utf8.count <= ReplayLimits.maxSnapshotNameBytes, "seed \(seed) round \(round)")
                    }
                }
            } catch {
                errors += 1
                let ok = error.file == file && (1...max(1, lineCount)).contains(error.line)
                    && error.description.hasPrefix("\(file):\(error.line): ") && !error.message.isEmpty
                #expect(ok, "seed \(seed) round \(round): error '\(error)' does not name \(file) and a line in 1...\(lineCount)")
                if !ok { return }
            }
        }
        // The mutations are strong enough to break most files.
        #expect(errors > 300, "seed \(seed): only \(errors) of 3000 mutated files failed to parse")
    }
}
