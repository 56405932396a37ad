public typealias SlotID = Int
public typealias CardID = Int

/// What a slot does with a card dropped on it.
public enum SlotKind: String, Sendable, Codable, Hashable {
    /// Holds one card; a click on it while empty creates one.
    case normal
    /// Takes any card dropped on it and deletes it; never creates or keeps one.
    case deleteOnDrop
}

/// A place on the table where one card can lie.
public struct Slot: Hashable, Sendable {
    public let id: SlotID
    public var rect: Rect
    public var kind: SlotKind
    public internal(set) var card: CardID?

    public init(id: SlotID, rect: Rect, kind: SlotKind = .normal) {
        self.id = id
        self.rect = rect
        self.kind = kind
        card = nil
    }
}
