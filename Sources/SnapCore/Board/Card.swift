/// A card on the table. It always belongs to exactly one slot: while it is dragged, that is the
/// slot it came from and will snap back to, which also keeps anyone else from filling that slot.
public struct Card: Hashable, Sendable {
    public let id: CardID
    public var face: CardFace
    public var faceUp: Bool
    public internal(set) var slot: SlotID

    public init(id: CardID, face: CardFace, faceUp: Bool = true, slot: SlotID) {
        self.id = id
        self.face = face
        self.faceUp = faceUp
        self.slot = slot
    }
}
