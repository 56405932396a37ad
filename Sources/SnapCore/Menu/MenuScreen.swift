/// The menu's screens, each with what only it needs; a screen not showing keeps no state.
public enum MenuScreen: Equatable, Sendable {
    /// Play here, Host a game, Join a game, Settings, Quit.
    case main
    /// How many play and who plays each seat.
    case local(LocalSetup)
    /// This machine serves a game: the code, the address, the seats as players sign in.
    case host(HostLobby)
    /// The games found on the local network.
    case join
    case settings
    /// A host's address and its join code, typed or taken from a found game.
    case address(JoinForm)
    /// A message (a join that failed, the host leaving) and the way back.
    case message(String, back: Back)
    /// The chosen game's house rules, opened from Play here or the host's screen, which it keeps
    /// as it was to go back to.
    case houseRules(from: RulesParent)

    /// The screens the house rules open from.
    public enum RulesParent: Equatable, Sendable {
        case local(LocalSetup)
        case host(HostLobby)

        var screen: MenuScreen {
            switch self {
            case .local(let setup): .local(setup)
            case .host(let lobby): .host(lobby)
            }
        }
    }

    /// Where a message's OK goes.
    public enum Back: String, Equatable, Sendable {
        case main, join
    }

    /// The stable word the state file uses for the screen.
    public var name: String {
        switch self {
        case .main: "main"
        case .local: "local"
        case .host: "host"
        case .join: "join"
        case .settings: "settings"
        case .address: "address"
        case .message: "message"
        case .houseRules: "rules"
        }
    }

    /// The host's lobby while this machine serves a game: on the host's screen, or under its
    /// house rules (players go on signing in meanwhile).
    public var lobby: HostLobby? {
        switch self {
        case .host(let lobby), .houseRules(from: .host(let lobby)): lobby
        default: nil
        }
    }
}

/// What the host's screen shows while players sign in.
public struct HostLobby: Equatable, Sendable {
    /// The code, the address to type and the phones' link with its QR code.
    public var invite: JoinInvite
    /// Who plays the seats nobody took: a level, or `off` (they stay empty).
    public var emptySeats: BotLevel
    public var seats: [LobbySeat] = []

    public init(invite: JoinInvite, emptySeats: BotLevel) {
        self.invite = invite
        self.emptySeats = emptySeats
    }

    public var code: String { invite.code }
    /// HOST:PORT to type by hand.
    public var address: String { invite.address }
}

/// The address screen's fields.
public struct JoinForm: Equatable, Sendable {
    public var address: String
    public var code: String
    /// The found game's host name, when it came from the list.
    public var game: String?

    public init(address: String = "", code: String = "", game: String? = nil) {
        self.address = address
        self.code = code
        self.game = game
    }
}
