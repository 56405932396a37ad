extension GameScreen.Flight {
    /// How the card is drawn at its progress in a view (the player's by default): eased from its
    /// start to its pile, its size moving between the two piles' card sizes, and when it turns
    /// over, narrowing to nothing at the middle (`turn` 0) and widening with its other face. The
    /// builders draw this and the state reports it, so the two always agree.
    func pose(in g: PileGeometry = .player) -> (center: Point, size: Size, faceUp: Bool, turn: Double) {
        let e = Easing.easeInOut.apply(progress)
        let start = (g.usesFromPoint ? fromPoint : nil) ?? g.point(of: from)
        let center = Point.lerp(start, g.point(of: to), e)
        let a = g.size(of: from), b = g.size(of: to)
        var size = Size(w: a.w + (b.w - a.w) * e, h: a.h + (b.h - a.h) * e)
        guard faceUpFrom != faceUpTo else { return (center, size, faceUpTo, 1) }
        let turn = abs(1 - 2 * e)
        size.w *= turn
        return (center, size, e < 0.5 ? faceUpFrom : faceUpTo, turn)
    }
}
