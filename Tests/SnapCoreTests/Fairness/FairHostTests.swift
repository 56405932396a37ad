import Testing
@testable import SnapCore

/// The host's side of fair races, through the in-memory rig: pings carry the host's clock, pongs
/// are measured, the window follows the slowest player, marks show on the host's screen, and a
/// call is timed by the caller's account of it.
@Suite("Fair races at the host: measures, window, marks, judged calls")
struct FairHostTests {
    /// Three players signed in; every ping answered `delays[c]` later (nil: never), with the
    /// client's clock when `clocks` (at `1000 + host time`).
    static func measured(_ delays: [Int: Double?], clocks: Bool = true, seconds: Int = 6) throws -> NetRig {
        var rig = try NetRig(bots: .off)
        for (c, n) in [(1, "Bea"), (2, "Col"), (3, "Dot")] { rig.join(c, n) }
        rig.send(1, .intent(NetIntent(.nextRound)))
        var answered: [Int: Int] = [:]
        for _ in 0..<(seconds * 20) {
            rig.run(for: 0.05)
            for c in 1...3 {
                guard let d = delays[c] ?? nil else { continue }
                let pings = (rig.inbox[c] ?? []).compactMap { m -> (Int, Double)? in if case let .ping(n, t?) = m { (n, t) } else { nil } }
                for (n, sent) in pings where n > answered[c, default: 0] && rig.now >= sent + d {
                    answered[c] = n
                    let client = 1000 + sent + d / 2
                    rig.send(c, .pong(n, times: clocks ? NetPongTimes(received: client, sent: client) : nil))
                }
            }
        }
        return rig
    }

    @Test func everyPingCarriesTheHostsClockAndANewcomerIsPingedAtOnce() throws {
        var rig = try NetRig(bots: .off)
        rig.join(1, "Bea")
        let time = (rig.inbox[1] ?? []).compactMap { m -> Double? in if case let .ping(_, t) = m { t } else { nil } }.first
        #expect(time == rig.now, "a ping with the welcome")
    }

    @Test func theWindowFollowsTheSlowestPlayerAndTheMarksShowOnTheHostsScreen() throws {
        let rig = try Self.measured([1: 0.02, 2: 0.2, 3: nil])
        let table = try #require(rig.host.game)
        let seats = table.screen(at: rig.now).seats
        func link(_ name: String) -> LinkQuality? { seats.first { $0.name == name }?.link }
        #expect(link("Bea") == .good)
        #expect(link("Col") == .slow)
        #expect(link("Dot") == .tooSlow, "never answered")
        let report = try #require(rig.net.linksReported)
        let col = try #require(rig.net.playerLinks().first { $0.player == "Ben" }?.clock)
        #expect(abs(try #require(col.roundTrip) - 0.2) <= 0.05, "answered 0.2 s after each ping, seen in 50 ms steps")
        #expect(abs(report.window - (col.roundTrip ?? 0) - (col.jitter ?? 0)) < 0.001, "Col's round trip and jitter (told again past 1 ms)")
        // The mark is drawn where a marker goes: bars on Bea's and Col's plates.
        let screen = table.screen(at: rig.now)
        let commands = GameSeatLabels.commands(screen, metrics: FixedMetrics(), canvas: Size(w: 1280, h: 720))
        let green = commands.filter { if case .fill(_, Color(96, 200, 110)) = $0 { true } else { false } }
        #expect(green.count == 3)
    }

    @Test func aCallIsJudgedByTheCallersAccountWithinTheMeasuredJitter() throws {
        var rig = try Self.measured([1: 0.24, 2: 0.002, 3: 0.002])
        let seq = rig.net.seq
        let sent = try #require(rig.net.publisher.sentAt(seq))
        rig.now += 0.5
        // On the client's clock (1000 ahead): the update drawn 120 ms after it left, pressed 150 ms later.
        let claim = CallClaim(seen: seq, drawn: 1000 + sent + 0.12, pressed: 1000 + sent + 0.27)
        let honest = rig.net.handle(.text(1, NetClientMessage.intent(NetIntent(.snap, claim: claim)).text()), at: rig.now, table: rig.host.game)
        guard case let .net(.call(_, fair))? = honest.inputs.last else { Issue.record("no call"); return }
        #expect(abs(fair.roundTrip - 0.24) < 0.01)
        #expect(fair.sentAt == sent)
        #expect(abs(fair.judged - max(fair.measured - fair.jitter, min(fair.measured + fair.jitter, sent + 0.15))) < 1e-9)
        #expect(fair.judged < rig.now - 0.2, "moved back by the round trip")
        #expect(fair.reported != nil)
        // Drawn before the update left, by the client's own clock: not used at all.
        var impossible = fair
        impossible.claim = CallClaim(seen: seq, drawn: 1000 + sent - 1, pressed: 1000 + sent - 0.85)
        #expect(impossible.reported == nil)
        #expect(impossible.judged == impossible.measured)
    }
}
