/// The logical table: which slots exist and which card lies in which. No animation, no input:
/// only the rules that keep "one card per slot, every card in one slot" true.
public struct Board: Sendable, Equatable {
    public private(set) var slots: [Slot] = []
    public private(set) var cards: [CardID: Card] = [:]
    private var slotIndex: [SlotID: Int] = [:]
    private var nextCardID: CardID = 1
    private var deck: Deck

    public init(seed: UInt64 = 1) { deck = Deck(seed: seed) }

    public mutating func addSlot(_ slot: Slot) {
        precondition(slotIndex[slot.id] == nil, "duplicate slot id \(slot.id)")
        var s = slot
        s.card = nil
        slotIndex[s.id] = slots.count
        slots.append(s)
    }

    public func slot(_ id: SlotID) -> Slot? { slotIndex[id].map { slots[$0] } }

    /// The slot whose area contains the point, if any.
    public func slot(at p: Point) -> Slot? { slots.last { $0.rect.contains(p) } }

    public var sortedCards: [Card] { cards.values.sorted { $0.id < $1.id } }

    /// Creates a card in an empty normal slot; nil where the rules say no.
    @discardableResult
    public mutating func createCard(in slotID: SlotID, face: CardFace? = nil, faceUp: Bool = true) -> CardID? {
        guard let i = slotIndex[slotID], slots[i].kind == .normal, slots[i].card == nil else { return nil }
        let id = nextCardID
        nextCardID += 1
        cards[id] = Card(id: id, face: face ?? deck.next(), faceUp: faceUp, slot: slotID)
        slots[i].card = id
        return id
    }

    /// Moves a card into an empty normal slot. False, and nothing changed, otherwise.
    @discardableResult
    public mutating func move(_ cardID: CardID, to slotID: SlotID) -> Bool {
        guard let card = cards[cardID], let to = slotIndex[slotID], let from = slotIndex[card.slot],
              slots[to].kind == .normal, slots[to].card == nil else { return false }
        slots[from].card = nil
        slots[to].card = cardID
        cards[cardID]?.slot = slotID
        return true
    }

    /// Removes a card for good: only a delete-on-drop slot should ask for this.
    @discardableResult
    public mutating func remove(_ cardID: CardID) -> Card? {
        guard let card = cards.removeValue(forKey: cardID) else { return nil }
        if let i = slotIndex[card.slot] { slots[i].card = nil }
        return card
    }

    public mutating func setFaceUp(_ cardID: CardID, _ up: Bool) {
        cards[cardID]?.faceUp = up
    }

    /// Every broken rule, described; empty when the board is sound.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        var seen: [CardID: SlotID] = [:]
        for s in slots {
            guard let c = s.card else { continue }
            if s.kind == .deleteOnDrop { problems.append("delete-on-drop slot \(s.id) holds card \(c)") }
            if let other = seen[c] { problems.append("card \(c) is in slots \(other) and \(s.id)") }
            seen[c] = s.id
            if cards[c] == nil { problems.append("slot \(s.id) holds unknown card \(c)") }
        }
        for card in cards.values where seen[card.id] != card.slot {
            problems.append("card \(card.id) says slot \(card.slot) but slots say \(seen[card.id].map(String.init) ?? "none")")
        }
        return problems
    }
}
