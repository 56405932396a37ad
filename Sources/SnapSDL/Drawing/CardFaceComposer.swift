import SnapCore

/// Prints rank and suit on the blank card front: corner indices (one upside down, as on a real
/// card) and a large centre mark. Sizes follow the front's pixel size, so larger art stays sharp.
final class CardFaceComposer {
    /// The blank front every face is printed on.
    let front: Surface
    private let index: Font
    private let indexSuit: Font
    private let pip: Font
    private let court: Font

    static let red = Color(196, 30, 42)
    static let black = Color(24, 24, 28)

    /// The face composed last, in one surface used again for every face: a copy per face put a
    /// fresh 424 KB of memory (and its page faults) in every card turned over.
    private let card: Surface
    private var cardFace: CardFace?

    init(fonts: FontSet, front: Surface) throws {
        self.front = front
        card = try front.copy()
        let unit = Double(front.width) / 92 // pixels per logical unit of a 92-wide card
        let session = front.session
        index = try Self.open(session, fonts.bold, Int(21 * unit))
        indexSuit = try Self.open(session, fonts.regular, Int(17 * unit))
        pip = try Self.open(session, fonts.regular, Int(50 * unit))
        court = try Self.open(session, fonts.serifBold, Int(44 * unit))
    }

    private static func open(_ session: SDLSession, _ path: String, _ size: Int) throws -> Font {
        do { return try Font(session: session, path: path, pointSize: max(6, size)) } catch let e as SDLError {
            throw AssetError.unreadable(path: path, reason: e.reason)
        }
    }

    /// The face printed on the blank front, in a surface that holds it until a different face
    /// is composed: a caller copies what it keeps (into a texture).
    func compose(_ face: CardFace) throws -> Surface {
        if cardFace == face { return card }
        cardFace = nil
        card.overwrite(with: front)
        let ink = face.suit.isRed ? Self.red : Self.black
        let unit = Double(front.width) / 92

        // Corner index: rank over a small suit, centred on one column.
        let rank = try index.render(face.rank.label, color: ink)
        let suit = try indexSuit.render(face.suit.symbol, color: ink)
        let colW = max(rank.width, suit.width)
        let corner = try Surface(width: colW, height: rank.height + suit.height - Int(4 * unit), session: front.session)
        corner.blit(rank, x: (colW - rank.width) / 2, y: 0)
        corner.blit(suit, x: (colW - suit.width) / 2, y: rank.height - Int(4 * unit))
        let margin = Int(5 * unit)
        card.blit(corner, x: margin, y: Int(3 * unit))
        card.blit(try corner.rotatedHalfTurn(), x: card.width - margin - corner.width, y: card.height - Int(3 * unit) - corner.height)

        // Centre: a big suit, or for court cards the letter over the suit.
        if [.jack, .queen, .king].contains(face.rank) {
            let letter = try court.render(face.rank.label, color: ink)
            let small = try indexSuit.render(face.suit.symbol, color: ink)
            let total = letter.height + small.height
            card.blit(letter, x: (card.width - letter.width) / 2, y: (card.height - total) / 2)
            card.blit(small, x: (card.width - small.width) / 2, y: (card.height - total) / 2 + letter.height)
        } else {
            let big = try pip.render(face.suit.symbol, color: ink)
            card.blit(big, x: (card.width - big.width) / 2, y: (card.height - big.height) / 2)
        }
        // Ink printed on the paper covers what the paper covers: as opaque as the front, which
        // a card's shadow relies on (`SceneRenderer.hiddenUnder`).
        card.takeAlpha(from: front)
        cardFace = face
        return card
    }
}
