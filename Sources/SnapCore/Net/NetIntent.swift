/// What a client may ask of the host: only its own player's moves. The host judges each one.
public struct NetIntent: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// Turn the top card over (the sender's turn only).
        case turnOver
        /// Call Snap!.
        case snap
        /// Deal: the first round on the start screen, or the next one after a round.
        case nextRound
        /// The player leaves the table for good: a computer player takes the seat.
        case leave
    }

    public var kind: Kind
    /// The player the client means; when given it must be the sender's own (a client can never
    /// act for another seat). Optional: the connection already says who the sender is.
    public var player: String?
    /// The client's own number for the intent, echoed in an `error` about it.
    public var id: Int?
    /// A `snap`'s own account of when the match showed and when the player pressed (optional).
    public var claim: CallClaim?

    public init(_ kind: Kind, player: String? = nil, id: Int? = nil, claim: CallClaim? = nil) {
        self.kind = kind
        self.player = player
        self.id = id
        self.claim = claim
    }
}
