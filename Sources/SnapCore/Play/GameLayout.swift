/// Where the Snap! table's piles, labels and buttons are on the 1280x720 canvas of the player's
/// own view. Input uses the same rectangles to hit-test clicks, so what is drawn is what is hit.
public enum GameLayout {
    public static let canvas = DemoTable.canvas
    /// Game cards are a little smaller than the sandbox's, to leave the middle of the table free.
    public static let cardSize = Size(w: 80, h: 112)

    /// Centre of a seat's closed (face-down) pile.
    public static func closedCentre(_ p: SeatPosition) -> Point {
        switch p {
        case .bottom: Point(x: 585, y: 578)
        case .top: Point(x: 695, y: 132)
        case .left: Point(x: 100, y: 362)
        case .right: Point(x: 1180, y: 362)
        }
    }

    /// Centre of a seat's open (face-up) pile: beside the closed one, towards the middle.
    public static func openCentre(_ p: SeatPosition) -> Point {
        switch p {
        case .bottom: Point(x: 700, y: 578)
        case .top: Point(x: 580, y: 132)
        case .left: Point(x: 214, y: 362)
        case .right: Point(x: 1066, y: 362)
        }
    }

    public static func closedPile(_ p: SeatPosition) -> Rect { Rect(center: closedCentre(p), size: cardSize) }
    public static func openPile(_ p: SeatPosition) -> Rect { Rect(center: openCentre(p), size: cardSize) }

    /// Where the deal comes from.
    public static let centre = Point(x: 640, y: 380)

    /// Where the local player drops a card to play it: their open pile, or the centre pile in
    /// Slapjack and Egyptian Ratscrew.
    public static func playTarget(_ game: GameKind) -> Rect {
        game.hasCentrePile ? Rect(center: centre, size: cardSize) : openPile(.bottom)
    }

    public static func centre(of pile: GameScreen.Pile) -> Point {
        switch pile {
        case .closed(let p): closedCentre(p)
        case .open(let p): openCentre(p)
        case .centre, .burned: centre
        }
    }

    /// The status line, across the middle of the table.
    public static let statusRect = Rect(x: 240, y: 262, w: 800, h: 44)
    /// The game and house rule played, top left above the left seat's name.
    public static let captionRect = Rect(x: 48, y: 42, w: 460, h: 30)

    public static func button(_ kind: GameScreen.ButtonKind) -> Rect {
        switch kind {
        case .snap: Rect(x: 800, y: 546, w: 150, h: 64)
        case .exit: Rect(x: 44, y: 648, w: 116, h: 42)
        case .nextRound: Rect(x: 1062, y: 648, w: 174, h: 42)
        case .deal: Rect(x: 560, y: 410, w: 160, h: 60)
        case .confirmLeave: Rect(x: 500, y: 390, w: 130, h: 50)
        case .cancelLeave: Rect(x: 650, y: 390, w: 130, h: 50)
        }
    }

    /// The smiley, red X or "Too late" after a call: beside the closed pile, away from the
    /// open one (below the piles at the sides, where the table's edge is near).
    public static func verdictCentre(_ p: SeatPosition) -> Point {
        switch p {
        case .bottom: Point(x: 490, y: 578)
        case .top: Point(x: 790, y: 132)
        case .left: Point(x: 157, y: 472)
        case .right: Point(x: 1123, y: 472)
        }
    }

    public static let verdictSize = 56.0

    /// The "Leave the game?" box, around the confirm and cancel buttons.
    public static let dialogPanel = Rect(x: 420, y: 262, w: 440, h: 210)
    /// The start screen's box, around the title, the join hint and the Deal button.
    public static let startPanel = Rect(x: 360, y: 212, w: 560, h: 290)
}
