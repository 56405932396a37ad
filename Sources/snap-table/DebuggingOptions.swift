import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapApp
import SnapCore

/// Hooks for tests and benchmarks, hidden from `--help` (and last in `--help-hidden`, as before),
/// with the frame checks the environment turns on.
struct DebuggingOptions: ParsableArguments {
    @Option(name: .customLong("net-log"), help: .hidden)
    var netLog: String?

    /// Tests only: a host whose hello timeout cannot be what lets a player in during a flood.
    @Option(name: .customLong("hello-timeout"), help: .hidden)
    var helloTimeout: Double?

    @Option(name: .customLong("frame-log"), help: .hidden)
    var frameLog: String?

    /// Tests and benchmarks: a client plays its own seat with a reaction of MS milliseconds
    /// (± SPREAD, evenly) after a match was on its screen.
    @Option(name: .customLong("reflex"), help: .hidden)
    var reflex: String?

    /// Tests of the fairness bound: the client's calls claim a reaction of 0 ms.
    @Flag(name: .customLong("reflex-lies"), help: .hidden)
    var reflexLies = false

    @Flag(name: .customLong("exit-after-first-frame"), help: .hidden)
    var exitAfterFirstFrame = false

    /// Tests: with --screenshot, every snapshot's text is checked for cuts and clipping
    /// (the findings go to DIR/text-check.txt).
    @Flag(name: .customLong("check-text"), help: .hidden)
    var checkText = false

    /// SNAP_VERIFY_FRAMES from the environment: unset, empty or 0 is off, 1 is on.
    static func verifyFrames() throws -> Bool {
        guard let raw = getenv("SNAP_VERIFY_FRAMES") else { return false }
        switch String(cString: raw) {
        case "", "0": return false
        case "1": return true
        case let v: throw ValidationError("SNAP_VERIFY_FRAMES must be 0 or 1, got '\(v.prefix(40))'")
        }
    }

    /// SNAP_VERIFY_FRAMES_TOLERANCE: 0 to 255, how far a colour channel may differ; unset: exact.
    static func verifyFramesTolerance() throws -> Int? {
        guard let raw = getenv("SNAP_VERIFY_FRAMES_TOLERANCE") else { return nil }
        let v = String(cString: raw)
        guard let n = Int(v), (0...255).contains(n) else {
            throw ValidationError("SNAP_VERIFY_FRAMES_TOLERANCE must be 0 to 255, got '\(v.prefix(40))'")
        }
        return n
    }

    func validate() throws {
        _ = try Self.verifyFrames()
        _ = try Self.verifyFramesTolerance()
        if let s = helloTimeout, !(s >= 0.1 && s <= 3600) { throw ValidationError("--hello-timeout must be 0.1 to 3600 seconds, got \(s)") }
    }

    func apply(to o: inout AppOptions) throws {
        o.frameLog = frameLog
        o.exitAfterFirstFrame = exitAfterFirstFrame
        o.checkText = checkText
        o.reflexLies = reflexLies
        if let reflex {
            let parts = reflex.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
            guard (1...2).contains(parts.count), let ms = parts[0], ms.isFinite, (0...10_000).contains(ms),
                  let spread = parts.count == 2 ? parts[1] : 0, spread.isFinite, (0...ms).contains(spread) else {
                throw ValidationError("--reflex \(reflex): give MS or MS:SPREAD, milliseconds from 0 to 10000 (SPREAD at most MS)")
            }
            o.reflex = (ms / 1000, spread / 1000)
        }
        o.verifyFrames = try Self.verifyFrames()
        o.verifyFramesTolerance = try Self.verifyFramesTolerance()
    }

    /// A host's limits, with `--hello-timeout` over the standard one.
    var netLimits: NetLimits {
        var limits = NetLimits.standard
        if let s = helloTimeout { limits.helloTimeout = s }
        return limits
    }
}
