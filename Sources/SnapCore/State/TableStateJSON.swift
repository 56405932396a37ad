#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// The state a run reports in `--state-out` and snapshots: what is where, and how it looks now.
/// Numbers are rounded to 1/1000 so the same run always writes the same bytes.
public struct TableStateJSON: Encodable, Sendable {
    public struct SlotEntry: Encodable, Sendable {
        var id: SlotID, kind: String, card: CardID?, x: Double, y: Double, w: Double, h: Double
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.id: id, .kind: kind, .card: card, .x: x, .y: y, .w: w, .h: h])
        }
        enum Key: String, CodingKey { case id, kind, card, x, y, w, h }
    }

    /// A card as drawn now. `fading` ones were deleted by a drop and are still fading out on the
    /// slot they were dropped on (`slot`).
    public struct CardEntry: Encodable, Sendable {
        var id: CardID, slot: SlotID?, face: String, faceUp: Bool, x: Double, y: Double, rotation: Double, alpha: Double
        var fading = false
        /// In the Snap! game, a card in flight: "deal", "turn", "recycle", "snap" or "penalty", and
        /// the pile it is flying to ("closed:Ann", "open:Ben").
        var flying: String?
        var to: String?
    }

    /// Who holds which card: the mouse, the keyboard's cursor, each controller.
    public struct HolderEntry: Encodable, Sendable, Equatable {
        var actor: String, card: CardID
    }

    /// One entry per seat on this screen, bottom, left, top, right.
    public struct SeatEntry: Encodable, Sendable {
        var seat: String, player: String?, name: String?, gamesWon: Int, active: Bool, snap: Bool
        /// In the Snap! game: who plays the seat ("local", "pad ID", "computer", "waiting").
        var control: String?
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.seat: seat, .player: player, .name: name, .gamesWon: gamesWon, .active: active, .snap: snap])
            if let control { try c.encode(control, forKey: .control) }
        }
        enum Key: String, CodingKey { case seat, player, name, gamesWon, active, snap, control }
    }

    /// One entry per open window, bounds in desktop coordinates.
    public struct WindowEntry: Encodable, Sendable, Equatable {
        public var role: String, display: String, x: Double, y: Double, w: Double, h: Double
        /// SDL's name for the window's renderer ("software", "opengl", "opengles2").
        public var renderer: String?
        /// Frames the window has presented since it opened: benchmarks count frames from it, so
        /// they measure the program as players run it, without a log written every frame.
        public var frames: Int?
        /// With SNAP_VERIFY_FRAMES=1: how the window's frames compared with frames drawn whole.
        public var frameCheck: FrameCheckEntry?
        /// The pixels drawn, when a HiDPI output gives the window more than its size (`w`, `h`
        /// are in the desktop's units); nil when they are the same.
        public var pixelW: Double?, pixelH: Double?
        /// True while the window is fullscreen (F11, or a table view on its display); absent otherwise.
        public var fullscreen: Bool?
        public init(role: String, display: String, x: Double, y: Double, w: Double, h: Double,
                    renderer: String? = nil, frames: Int? = nil, frameCheck: FrameCheckEntry? = nil,
                    pixels: Size? = nil, fullscreen: Bool = false) {
            self.role = role
            self.display = display
            self.x = x
            self.y = y
            self.w = w
            self.h = h
            self.renderer = renderer
            self.frames = frames
            self.frameCheck = frameCheck
            self.fullscreen = fullscreen ? true : nil
            if let p = pixels, p.w != w || p.h != h {
                pixelW = p.w
                pixelH = p.h
            }
        }
    }

    /// One window's frame check: frames compared, frames that differed, the per-channel
    /// tolerance used, and the PNGs written for the first mismatches.
    public struct FrameCheckEntry: Encodable, Sendable, Equatable {
        public var checked: Int, mismatched: Int, tolerance: Int, pictures: [String]
        public init(checked: Int, mismatched: Int, tolerance: Int, pictures: [String]) {
            self.checked = checked
            self.mismatched = mismatched
            self.tolerance = tolerance
            self.pictures = pictures
        }
    }

    /// One entry per connected controller.
    public struct ControllerEntry: Encodable, Sendable, Equatable {
        public var id: Int, profile: String, playerIndex: Int, focusedSlot: SlotID?, heldCard: CardID?
        /// In the Snap! game: the player whose seat it plays.
        public var player: String?
        /// On the menu: the buttons held down now.
        public var held: [String]?
        public init(id: Int, profile: String, playerIndex: Int, focusedSlot: SlotID?, heldCard: CardID?, player: String? = nil) {
            self.id = id
            self.profile = profile
            self.playerIndex = playerIndex
            self.focusedSlot = focusedSlot
            self.heldCard = heldCard
            self.player = player
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.id: id, .profile: profile, .playerIndex: playerIndex, .focusedSlot: focusedSlot, .heldCard: heldCard])
            if let player { try c.encode(player, forKey: .player) }
            if let held { try c.encode(held, forKey: .held) }
        }
        enum Key: String, CodingKey { case id, profile, playerIndex, focusedSlot, heldCard, player, held }
    }

    /// The menu on the screen: null while a game (or the sandbox) has it.
    public struct MenuEntry: Encodable, Sendable {
        /// An item and where it is on the primary window's 1280x720 canvas (tests click there).
        public struct Item: Encodable, Sendable { var id: String, label: String, enabled: Bool, x: Double, y: Double, w: Double, h: Double }
        public struct Game: Encodable, Sendable { var name: String, address: String, free: Int }
        public struct Seat: Encodable, Sendable { var seat: Int, player: String, name: String, kind: String }
        var screen: String
        /// The heading as shown, and the language of it and every label ("en", "fr", ...).
        var title: String
        var language: String
        var items: [Item]
        var focus: String
        var games: [Game]?
        var seats: [Seat]?
        var message: String?
        /// The host's screen: the code and the address to join by.
        var code: String?
        var address: String?
        /// The phones' link (its QR code is on the screen when the shell could make one).
        var url: String?
        /// The field the on-screen keyboard types into, while it is open.
        var keyboard: String?

        init(_ m: Menu) {
            screen = m.screen.name
            title = m.title
            language = m.words.code
            items = zip(m.items, MenuLayout.rects(m)).map { i, r in
                Item(id: i.id, label: i.label, enabled: i.enabled, x: r.x, y: r.y, w: r.w, h: r.h)
            }
            focus = m.focus
            if case .join = m.screen { games = m.games.map { Game(name: $0.name, address: $0.address, free: $0.free) } }
            if case .host(let lobby) = m.screen {
                seats = lobby.seats.map { Seat(seat: $0.seat, player: $0.player, name: $0.name, kind: $0.kind.rawValue) }
                code = lobby.code
                address = lobby.address
                url = lobby.invite.url
            }
            message = m.message
            if case .message(let text, _) = m.screen { message = text }
            keyboard = m.keyboard?.field
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeAll([.screen: screen, .title: title, .language: language, .items: items, .focus: focus, .message: message])
            if let games { try c.encode(games, forKey: .games) }
            if let seats { try c.encode(seats, forKey: .seats) }
            if let code { try c.encode(code, forKey: .code) }
            if let address { try c.encode(address, forKey: .address) }
            if let url { try c.encode(url, forKey: .url) }
            if let keyboard { try c.encode(keyboard, forKey: .keyboard) }
        }
        enum Key: String, CodingKey { case screen, title, language, items, focus, games, seats, message, code, address, url, keyboard }
    }

    public var time: Double
    /// The menu, or nil (written as null) while something else has the screen.
    public var menu: MenuEntry?
    /// The Snap! game (null on its start screen); absent on the sandbox table.
    public var game: GameStateJSON??
    public var windows: [WindowEntry]?
    public var controllers: [ControllerEntry]?
    public var paused: Bool?
    public var seats: [SeatEntry]?
    public var status: String?
    public var slots: [SlotEntry]
    public var cards: [CardEntry]
    /// Cards deleted by a drop, still fading out; not on the board any more.
    public var fading: [CardEntry]
    /// The card the mouse holds (kept for readers of earlier states; `holders` has everyone).
    public var drag: CardID?
    public var holders: [HolderEntry]

    public init(table: Table, seating: Seating? = nil, at t: Double) {
        time = Self.round(t)
        status = seating?.status
        seats = seating.map { s in
            SeatPosition.allCases.map { pos in
                let p = s.player(at: pos)
                return SeatEntry(seat: pos.name, player: p?.id, name: p?.name, gamesWon: p?.gamesWon ?? 0,
                                 active: p != nil && s.active == p?.id, snap: p.map { s.isSnapShowing($0.id, at: t) } ?? false)
            }
        }
        slots = table.board.slots.map {
            SlotEntry(id: $0.id, kind: $0.kind.rawValue, card: $0.card, x: Self.round($0.rect.x), y: Self.round($0.rect.y),
                      w: Self.round($0.rect.w), h: Self.round($0.rect.h))
        }
        cards = table.board.sortedCards.map { card in
            Self.entry(card, table.pose(of: card.id, at: t) ?? CardPose(center: .zero))
        }
        fading = table.fading.map { f in
            var e = Self.entry(f.card, f.motion.pose(at: t))
            e.slot = table.board.slots.first { $0.rect.center == f.motion.position.to }?.id ?? f.card.slot
            e.fading = true
            return e
        }
        cards += fading
        drag = table.drag(of: .mouse).heldCard
        holders = table.holders.map { HolderEntry(actor: $0.actor.description, card: $0.card) }
    }

    /// The state of a running session: what has the screen, the seats, the controllers and the pause.
    public init(session s: TableSession, at t: Double) {
        switch s.screen {
        case .sandbox(let sandbox):
            self.init(table: sandbox.table, seating: s.seating, at: t)
            controllers = sandbox.focus.pads.values.sorted { $0.id < $1.id }.map {
                ControllerEntry(id: $0.id, profile: $0.profile.rawValue, playerIndex: $0.playerIndex,
                                focusedSlot: $0.focus, heldCard: sandbox.table.drag(of: .pad($0.id)).heldCard)
            }
            paused = sandbox.focus.paused
            return
        case .menu(let m):
            // Under a menu the state has always listed the sandbox's table at rest and the seats
            // (readers of earlier states find the same keys); nothing draws them.
            self.init(table: DemoTable.make(), seating: s.seating, at: t)
            menu = MenuEntry(m)
            paused = false
            // The controllers that can drive the menu (none has a seat yet).
            controllers = s.menuPads.sorted { $0.key < $1.key }.enumerated().map { i, pad in
                ControllerEntry(id: pad.key, profile: pad.value.rawValue, playerIndex: i, focusedSlot: nil, heldCard: nil)
            }
        case .lobby(let m, let g):
            self.init(time: t)
            menu = MenuEntry(m)
            describe(g, at: t)
        case .game(let g):
            self.init(time: t)
            describe(g, at: t)
        }
        controllers = controllers?.map { c in
            var c = c
            c.held = (s.padHeld[c.id] ?? []).map(\.rawValue).sorted()
            return c
        }
    }

    /// A game's state: `describe` fills in the rest.
    private init(time t: Double) {
        time = Self.round(t)
        slots = []
        cards = []
        fading = []
        holders = []
    }

    /// The Snap! game replaces the sandbox's board: its seats, its controllers, and its cards in
    /// flight as drawn.
    private mutating func describe(_ g: GameTable, at t: Double) {
        game = .some(g.rules.map(GameStateJSON.init(game:)))
        status = g.status
        let screen = g.screen(at: t)
        seats = SeatPosition.allCases.map { pos in
            let seat = screen.seat(pos), entry = seat.flatMap { g.seat(of: $0.playerID) }
            let control: String? = switch entry?.control {
            case .local: "local"
            case .pad(let id): "pad \(id)"
            case .computer: "computer"
            case .waiting: "waiting"
            case .remote: "remote"
            case nil: nil
            }
            return SeatEntry(seat: pos.name, player: seat?.playerID, name: entry?.name, gamesWon: seat?.gamesWon ?? 0,
                             active: seat?.active ?? false, snap: seat?.bubble ?? false, control: control)
        }
        slots = []
        fading = []
        drag = nil
        holders = []
        let flights = (g.rules?.flights ?? []).filter { $0.end > (g.rules?.displayTime ?? t) }
        cards = zip(screen.flights, flights).map { shown, f in
            let pose = shown.pose()
            return CardEntry(id: f.card.suit.rawValue * 13 + f.card.rank.rawValue, slot: nil, face: f.card.code, faceUp: pose.faceUp,
                             x: Self.round(pose.center.x), y: Self.round(pose.center.y), rotation: 0, alpha: 1,
                             flying: f.kind.rawValue, to: f.to.code)
        }
        controllers = g.pads.values.sorted { $0.id < $1.id }.map {
            ControllerEntry(id: $0.id, profile: $0.profile.rawValue, playerIndex: $0.colour, focusedSlot: nil, heldCard: nil, player: $0.player)
        }
        paused = g.isPaused
    }

    static func entry(_ card: Card, _ pose: CardPose) -> CardEntry {
        CardEntry(id: card.id, slot: card.slot, face: card.face.code, faceUp: card.faceUp,
                  x: round(pose.center.x), y: round(pose.center.y),
                  rotation: round(pose.rotation * 180 / .pi), alpha: round(pose.alpha))
    }

    static func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(time, forKey: .time)
        try c.encode(menu, forKey: .menu)
        if let game { try c.encode(game, forKey: .game) }
        try c.encode(slots, forKey: .slots)
        try c.encode(cards, forKey: .cards)
        try c.encode(fading, forKey: .fading)
        try c.encode(drag, forKey: .drag)
        try c.encode(holders, forKey: .holders)
        if let windows { try c.encode(windows, forKey: .windows) }
        if let controllers { try c.encode(controllers, forKey: .controllers) }
        if let paused { try c.encode(paused, forKey: .paused) }
        if let seats {
            try c.encode(seats, forKey: .seats)
            try c.encode(status, forKey: .status)
        }
    }
    enum Key: String, CodingKey { case time, menu, game, slots, cards, fading, drag, holders, seats, status, windows, controllers, paused }

    public func jsonData() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(self)
    }
}

extension KeyedEncodingContainer {
    /// Every field, nil ones as explicit nulls (synthesized encoding would leave them out, and
    /// the state format promises `"card": null`).
    mutating func encodeAll(_ fields: KeyValuePairs<Key, (any Encodable)?>) throws {
        for (key, value) in fields {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
    }
}
