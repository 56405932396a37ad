/// What the Snap! game looks like at one instant, as plain values: every seat as seen from this
/// screen (the local player at the bottom), the cards in flight, the status line, the buttons and
/// any overlay. `GameTable` makes it; the scene builders draw it; nothing here knows SDL.
public struct GameScreen: Equatable, Sendable {
    public struct Seat: Equatable, Sendable {
        public var position: SeatPosition
        public var playerID: String
        /// The name as given (builders shorten it to fit).
        public var name: String
        public var gamesWon: Int
        /// Cards resting face down in the closed pile (cards still flying in are not counted).
        public var closedCount: Int
        /// Cards resting face up in the open pile, bottom first (the last one is the top card).
        public var openCards: [CardFace]
        public var active: Bool
        public var out: Bool
        /// The "Snap!" speech bubble: this player has just called.
        public var bubble: Bool
        /// The verdict on this player's last call, while it shows.
        public var verdict: Verdict?
        /// Who plays the seat: this machine's player, a controller (its colour index), or the computer.
        public var control: Control
        /// At a host, a remote player's connection: the mark by their name.
        public var link: LinkQuality?

        public init(position: SeatPosition, playerID: String, name: String, gamesWon: Int = 0, closedCount: Int = 0,
                    openCards: [CardFace] = [], active: Bool = false, out: Bool = false, bubble: Bool = false,
                    verdict: Verdict? = nil, control: Control = .computer, link: LinkQuality? = nil) {
            self.position = position
            self.playerID = playerID
            self.name = name
            self.gamesWon = gamesWon
            self.closedCount = closedCount
            self.openCards = openCards
            self.active = active
            self.out = out
            self.bubble = bubble
            self.verdict = verdict
            self.control = control
            self.link = link
        }
    }

    public enum Verdict: String, Equatable, Sendable {
        /// A won snap: the yellow smiley.
        case smiley
        /// A wrong call: the red X.
        case wrong
        /// The piles were already taken: "too late", no penalty.
        case late
        /// Egyptian Ratscrew: a wrong slap burned the slapper's top card.
        case burned
        /// A centre pile won without a slap (a challenge won).
        case pileWon
    }

    public enum Control: Equatable, Sendable {
        case local
        case controller(colour: Int)
        case computer
    }

    /// A pile on the table, by seat position on this screen, or the deck in the middle the deal
    /// comes from.
    public enum Pile: Equatable, Sendable {
        case closed(SeatPosition)
        case open(SeatPosition)
        case centre
        /// Under the centre pile, where burned cards lie face down.
        case burned
    }

    /// A card moving between piles: drawn at `progress` (0 at `from`, 1 landed) of its path,
    /// turning face up or down on the way when `faceUpFrom` and `faceUpTo` differ (a flip).
    public struct Flight: Equatable, Sendable {
        public var card: CardFace
        public var from: Pile
        public var to: Pile
        /// Where the flight starts when it is not the pile itself (a card dropped by a drag).
        public var fromPoint: Point?
        public var progress: Double
        public var faceUpFrom: Bool
        public var faceUpTo: Bool

        public init(card: CardFace, from: Pile, to: Pile, fromPoint: Point? = nil, progress: Double, faceUpFrom: Bool, faceUpTo: Bool) {
            self.card = card
            self.from = from
            self.to = to
            self.fromPoint = fromPoint
            self.progress = progress
            self.faceUpFrom = faceUpFrom
            self.faceUpTo = faceUpTo
        }
    }

    public enum ButtonKind: String, Equatable, Sendable, CaseIterable {
        /// The local player's Snap! button.
        case snap
        /// Leave the game (asks first).
        case exit
        /// After a round: deal the next one.
        case nextRound
        /// The start screen: deal the first round.
        case deal
        /// The leave question's answers.
        case confirmLeave, cancelLeave
    }

    public struct Button: Equatable, Sendable {
        public var kind: ButtonKind
        public var enabled: Bool
        /// Pressed down right now (drawn sunk in).
        public var pressed: Bool

        public init(kind: ButtonKind, enabled: Bool = true, pressed: Bool = false) {
            self.kind = kind
            self.enabled = enabled
            self.pressed = pressed
        }
    }

    public enum Overlay: Equatable, Sendable {
        /// Before the first deal: who may join and how to start.
        case start(joinHint: String)
        case paused
        /// "Leave the game?" with the confirm and cancel buttons.
        case confirmLeave
    }

    /// The local player's top card in hand (a mouse drag) or sliding back after a drop elsewhere.
    public struct HeldCard: Equatable, Sendable {
        public var pose: CardPose
        /// Lifted (in hand) or settling back.
        public var lifted: Bool
        /// The drop target lights up when letting go now would turn the card over.
        public var overOpenPile: Bool

        public init(pose: CardPose, lifted: Bool, overOpenPile: Bool) {
            self.pose = pose
            self.lifted = lifted
            self.overOpenPile = overOpenPile
        }
    }

    public var seats: [Seat]
    public var flights: [Flight]
    public var status: String
    /// Which game and house rule are played, when it is not plain Snap! (top left, translated).
    public var caption: String?
    /// Snap pool's pool in the middle, bottom first (its top face up; cards flying to it are on it).
    public var pool: [CardFace] = []
    /// Which game is played: the Snap! button's word, the start box's title.
    public var game = GameKind.snap
    /// Slapjack's and Egyptian Ratscrew's centre pile, as landed (nil in the other games).
    public var centre: CentrePile?

    public struct CentrePile: Sendable, Equatable {
        /// The face-up cards, bottom first.
        public var faceUp: [CardFace]
        /// Cards burned face down under them.
        public var burned: Int
        /// The top cards spread so a double or a sandwich can be read (Egyptian Ratscrew).
        public var spread: Bool

        public init(faceUp: [CardFace], burned: Int, spread: Bool) {
            self.faceUp = faceUp
            self.burned = burned
            self.spread = spread
        }

        public var count: Int { faceUp.count + burned }
    }
    public var buttons: [Button]
    public var overlay: Overlay?
    public var held: HeldCard?
    /// Cards waiting in the middle to be dealt (drawn as a small deck while dealing).
    public var deckCount: Int
    /// A hosted table with a seat open: how to join (the TV shows its QR code in a corner).
    public var invite: JoinInvite?
    /// The language of the labels the builders add (the status comes translated).
    public var words = Words.english

    public init(seats: [Seat] = [], flights: [Flight] = [], status: String = "", buttons: [Button] = [],
                overlay: Overlay? = nil, held: HeldCard? = nil, deckCount: Int = 0) {
        self.seats = seats
        self.flights = flights
        self.status = status
        self.buttons = buttons
        self.overlay = overlay
        self.held = held
        self.deckCount = deckCount
    }

    public func seat(_ p: SeatPosition) -> Seat? { seats.first { $0.position == p } }
}
