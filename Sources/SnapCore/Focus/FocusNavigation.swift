/// Moving a focus cursor between slots: the nearest slot in the pushed direction, preferring
/// slots straight ahead over ones off to the side.
public enum FocusNavigation {
    public static func next(from slot: SlotID, _ direction: Direction, on board: Board) -> SlotID? {
        guard let here = board.slot(slot)?.rect.center else { return nil }
        let d = direction.vector
        var best: (id: SlotID, score: Double)?
        for s in board.slots where s.id != slot {
            let v = s.rect.center - here
            let ahead = v.x * d.x + v.y * d.y
            let aside = abs(v.x * d.y - v.y * d.x)
            // Within 60 degrees either side of the direction.
            guard ahead > 1, aside <= ahead * 1.8 else { continue }
            let score = ahead + 2.5 * aside
            if best == nil || score < best!.score { best = (s.id, score) }
        }
        return best?.id
    }

    /// Where a new cursor starts: the first hand slot, else the first slot.
    public static func start(on board: Board) -> SlotID? { board.slots.first?.id }
}
