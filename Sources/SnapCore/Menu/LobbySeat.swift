/// A seat as the host's screen lists it while players sign in.
public struct LobbySeat: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        /// The host's own player.
        case you
        /// A player at another machine; `away` while their connection is gone.
        case network, away
        case controller, computer
        /// Nobody yet (computer players are off for empty seats).
        case empty
    }

    public var seat: Int
    public var player: String
    public var name: String
    public var kind: Kind

    public init(seat: Int, player: String, name: String, kind: Kind) {
        self.seat = seat
        self.player = player
        self.name = name
        self.kind = kind
    }
}
