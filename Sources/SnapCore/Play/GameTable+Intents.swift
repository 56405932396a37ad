/// A remote player's intent, judged by the host's table: the right moment and a legal move.
/// (Who may send it for whom is the host's question, `NetHost`.)
extension GameTable {
    /// Why `p`'s intent is not taken now, or nil when it is.
    public func verdict(on intent: NetIntent, from p: String) -> String? {
        if intent.kind == .leave { return nil }
        if isPaused || rules?.isPaused == true { return "the game is paused" }
        switch intent.kind {
        case .turnOver:
            guard let g = rules, g.phase == .playing else { return "no turns now (\(rules?.phase.rawValue ?? "before the first deal"))" }
            guard g.active == p else { return "it is \(g.active.map(name(of:)) ?? "nobody")'s turn, not yours" }
            return nil
        case .snap:
            guard let g = rules else { return "no calls before the first deal" }
            guard g.player(p) != nil else { return "you are not dealt in this round" }
            guard g.player(p)?.out == false else { return "you are out of this round" }
            switch g.phase {
            case .dealing: return "the cards are still being dealt"
            case .roundOver: return "the round is over"
            case .playing: return nil
            }
        case .nextRound:
            guard canDeal else { return rules.map { "the round is not over (\($0.phase.rawValue))" } ?? "not enough players to deal" }
            return nil
        case .leave:
            return nil
        }
    }

    /// The table's input for a taken intent of `p`'s; nil for leaving (seats are the host's).
    static func input(for intent: NetIntent.Kind, from p: String) -> TableInput? {
        switch intent {
        case .turnOver: .play(.turnOver(player: p))
        case .snap: .play(.callSnap(player: p))
        case .nextRound: .net(.deal)
        case .leave: nil
        }
    }
}
