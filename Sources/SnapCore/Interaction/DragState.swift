/// One actor's gesture: idle, a press that may still become a click, or a card in hand.
public enum DragState: Equatable, Sendable {
    case idle
    /// Button down, not yet moved past the threshold. `card` is the card under the press, if any.
    case pressed(Press)
    case dragging(Drag)

    public struct Press: Equatable, Sendable {
        public var point: Point
        public var card: CardID?
        /// Where that card's centre was drawn at the press, for the grab offset.
        public var cardCenter: Point?
        public var time: Double
        /// Moved past the threshold without a card to carry: no longer a click.
        public var wandered = false
    }

    public struct Drag: Equatable, Sendable {
        public var card: CardID
        /// Card centre minus pointer at the press: the grabbed point stays under the pointer.
        public var grabOffset: Point
        /// Where the card was drawn when the drag began; it eases from here to the pointer.
        public var from: Point
        public var fromRotation: Double
        public var start: Double
        public var pointer: Point
    }

    public var heldCard: CardID? {
        if case .dragging(let d) = self { return d.card }
        return nil
    }
}
