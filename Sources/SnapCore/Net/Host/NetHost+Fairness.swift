/// Fair races (docs/protocol.md): each connection's clock and delay from the pings, a call timed
/// by the caller's reaction, and the window and marks the table hears when they change.
extension NetHost {
    /// Sends ping `n` to `c` and notes when it left.
    mutating func ping(_ c: Connection, _ n: Int, at t: Double) -> Output {
        var out = Output()
        links.pinged(c, n, at: t)
        out.send(.ping(n, time: t), to: c)
        return out
    }

    /// How the call that came on `c` at `t` is timed.
    func fairCall(_ claim: CallClaim?, on c: Connection, at t: Double) -> FairCall {
        FairCall(arrival: t, link: links.clock(of: c), claim: claim, sentAt: claim.flatMap { publisher.sentAt($0.seen) })
    }

    /// The connections' measures of the players signed in now, by player.
    func playerLinks() -> [(player: String, clock: LinkClock)] {
        links.signedIn.compactMap { c in links.player(on: c).map { ($0, links.clock(of: c)) } }
    }

    /// The window the game should hold moves for and every remote player's mark, for the table
    /// when either changed (the window by a millisecond or more).
    mutating func reportLinks(at t: Double) -> Output {
        var out = Output()
        let measured = playerLinks()
        var report = LinkReport(window: FairCall.window(base: 0, links: measured.map(\.clock)), marks: [:])
        for (p, clock) in measured { report.marks[p] = LinkQuality(clock, at: t) }
        if let last = linksReported, last.marks == report.marks, abs(last.window - report.window) < 0.001 { return out }
        linksReported = report
        out.inputs.append(.net(.links(report)))
        return out
    }
}
