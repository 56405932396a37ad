/// A picture the renderer knows how to find: a file from the art folder, a composed card face,
/// or the table's felt (painted at the window's own pixels).
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
    // The Snap! game screen.
    /// A button's body; the Snap! button has its own red art; a disabled one is grey.
    case button, buttonPressed, snapButton, snapButtonPressed, buttonDisabled
    /// Behind a pile's card count.
    case countBadge
    /// A won snap; a wrong call.
    case smiley, wrongMark
    /// Behind "Too late"; behind "Out" over a seat whose player is out.
    case lateTag, outStamp
    /// Dialogs and the start screen's box.
    case panel
    /// Beside a name plate: the computer plays this seat, or the controller with this colour index.
    case computerMarker
    case controllerMarker(Int)

    /// The art file behind each image that comes from disk (card faces are composed on a blank
    /// front); nil for the felt, which is painted.
    public var fileName: String? {
        switch self {
        case .table: nil
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
        case .button: "button.png"
        case .buttonPressed: "button-pressed.png"
        case .snapButton: "button-snap.png"
        case .snapButtonPressed: "button-snap-pressed.png"
        case .buttonDisabled: "button-disabled.png"
        case .countBadge: "count-badge.png"
        case .smiley: "smiley.png"
        case .wrongMark: "wrong.png"
        case .lateTag: "tag-late.png"
        case .outStamp: "out-stamp.png"
        case .panel: "panel.png"
        case .computerMarker: "computer.png"
        case .controllerMarker(let i): "controller-\(Self.markerNumber(i)).png"
        }
    }

    /// Every file an art folder must provide.
    public static let requiredFiles: [String] = [
        "slot.png", "slot-discard.png", "highlight.png", "highlight-discard.png",
        "card-shadow.png", "card-back.png", "card-front.png",
        "name-plate.png", "active-player.png", "wins-badge.png", "snap-bubble.png",
        "button.png", "button-pressed.png", "button-snap.png", "button-snap-pressed.png", "button-disabled.png",
        "count-badge.png", "smiley.png", "wrong.png", "tag-late.png", "out-stamp.png", "panel.png",
        "computer.png", "controller-1.png", "controller-2.png", "controller-3.png", "controller-4.png",
    ]

    public var isCardFace: Bool { if case .cardFace = self { true } else { false } }

    /// Controller colours repeat every four, as `Color.cursor` does; any index maps to a file.
    static func markerNumber(_ colour: Int) -> Int { (colour % 4 + 4) % 4 + 1 }
}
