/// Which sounds the game's events make, and when: the same on the host's screen and on every
/// client's (a client hears the host's events through `NetEvent`s).
extension GameTable {
    /// The cues of one rules event, each with its time (a dealt card ticks as it lands). A
    /// person's call shouts when it is made (with its bubble, before the rules' arbitration
    /// window has passed); a computer player's, with its verdict.
    static func sounds(of kind: GameEvent.Kind, at time: Double, seat: (String) -> Int?,
                       computer: (String) -> Bool) -> [(time: Double, cue: SoundCue)] {
        func call(_ p: String) -> [(Double, SoundCue)] { computer(p) ? seat(p).map { [(time, .call(seat: $0))] } ?? [] : [] }
        switch kind {
        case .dealt(let f): return [(max(time, f.end), .dealTick)]
        case .turnedOver: return [(time, .turnOver)]
        case .snapWon(let p, _, _, _): return call(p) + [(time, .snapWon)]
        case .wrongCall(let p, _, _): return call(p) + [(time, .wrongCall)]
        case .lateCall(let p): return call(p) + [(time, .tooLate)]
        // Neither won: the cards sliding to the pool sound as a wrong call's.
        case .tie(let ps, _): return ps.flatMap(call) + [(time, .wrongCall)]
        // A pile won by a challenge slides in as a snap's does.
        case .pileTaken: return [(time, .snapWon)]
        case .playerOut: return [(time, .playerOut)]
        case .roundWon: return [(time, .roundWon)]
        case .roundStarted, .playStarted, .turn, .recycled, .paused, .resumed, .seatTaken, .seatHandedBack, .rejected, .challenge:
            return []
        }
    }

    /// The cues of one of the host's events at a client. Its deal ticks come from the mirrored
    /// game's flights (the host does not send each dealt card). A person's call shouts at its
    /// `call` event, a computer player's with its verdict, as at the host.
    static func sounds(of e: NetEvent, seat: (String) -> Int?, computer: (String) -> Bool) -> [(time: Double, cue: SoundCue)] {
        let shout: [(Double, SoundCue)] = e.player.flatMap(seat).map { [(e.time, .call(seat: $0))] } ?? []
        func call() -> [(Double, SoundCue)] { e.player.map(computer) == true ? shout : [] }
        switch e.type {
        case .call: return shout
        case .turnedOver: return [(e.time, .turnOver)]
        case .snapWon: return call() + [(e.time, .snapWon)]
        case .wrongCall: return call() + [(e.time, .wrongCall)]
        case .lateCall: return call() + [(e.time, .tooLate)]
        case .tie: return call() + [(e.time, .wrongCall)]
        case .pileTaken: return [(e.time, .snapWon)]
        case .playerOut: return [(e.time, .playerOut)]
        case .roundWon: return [(e.time, .roundWon)]
        case .roundStarted, .playStarted, .turn, .recycled, .paused, .resumed, .playerJoined, .playerLeft, .playerBack, .challenge:
            return []
        }
    }

    /// A computer player's seat (its calls have no bubble of their own before the verdict).
    func isComputer(_ p: String) -> Bool { seat(of: p)?.control == .computer }

    /// The sounds whose time has come, once each.
    mutating func dueSounds(at t: Double) -> [ShellEffect] {
        guard let first = soundsDue.first, first.time <= t else { return [] }
        let n = soundsDue.firstIndex { $0.time > t } ?? soundsDue.count
        defer { soundsDue.removeFirst(n) }
        return soundsDue[..<n].map { .sound($0.cue) }
    }

    /// Plays `cue` when the game clock reaches `time` (at the next step when it has).
    mutating func schedule(_ cue: SoundCue, at time: Double) {
        let i = soundsDue.firstIndex { $0.time > time } ?? soundsDue.count
        soundsDue.insert((time, cue), at: i)
    }
}
