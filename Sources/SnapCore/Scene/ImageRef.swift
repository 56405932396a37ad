/// A picture the renderer knows how to find: a file from the art folder or a composed card face.
public enum ImageRef: Hashable, Sendable {
    case table
    case slot
    case discardSlot
    case highlightMove
    case highlightDelete
    case cardShadow
    case cardBack
    case cardFace(CardFace)
    case namePlate
    case activePlayer
    case winsBadge
    case snapBubble

    /// The art file behind each image that comes from disk (card faces are composed on a blank front).
    public var fileName: String {
        switch self {
        case .table: "table.png"
        case .slot: "slot.png"
        case .discardSlot: "slot-discard.png"
        case .highlightMove: "highlight.png"
        case .highlightDelete: "highlight-discard.png"
        case .cardShadow: "card-shadow.png"
        case .cardBack: "card-back.png"
        case .cardFace: "card-front.png"
        case .namePlate: "name-plate.png"
        case .activePlayer: "active-player.png"
        case .winsBadge: "wins-badge.png"
        case .snapBubble: "snap-bubble.png"
        }
    }

    /// Every file an art folder must provide.
    public static let requiredFiles: [String] = [
        "table.png", "slot.png", "slot-discard.png", "highlight.png", "highlight-discard.png",
        "card-shadow.png", "card-back.png", "card-front.png",
        "name-plate.png", "active-player.png", "wins-badge.png", "snap-bubble.png",
    ]
}
