extension GameScreen.Flight {
    /// Where the card is drawn at its progress on the player's own view: eased from its start to
    /// its pile, face from `faceUpFrom` to `faceUpTo` at the middle. `flipWidth` is the card's
    /// width as a fraction while it turns (0 at the middle of a flip, 1 otherwise), so the state
    /// and every builder agree on what is drawn.
    public var pose: (center: Point, faceUp: Bool, flipWidth: Double) {
        let k = Easing.easeInOut.apply(progress)
        let from = fromPoint ?? GameLayout.centre(of: self.from)
        let center = Point.lerp(from, GameLayout.centre(of: to), k)
        let flips = faceUpFrom != faceUpTo
        return (center, progress < 0.5 ? faceUpFrom : faceUpTo, flips ? abs(1 - 2 * progress) : 1)
    }
}
