/// What the network hands the table, through the same `TableSession.handle` as every input.
public enum NetTableInput: Equatable, Sendable {
    // MARK: The host's table
    /// This machine hosts: it tells clients what happens. `headless`: nobody plays at this
    /// machine, so its own seat is free for a client too.
    /// `invite`: how to join, for the TV's corner while a seat is open. `recording`: the rules
    /// keep a journal for `--record` (nobody else reads it, so no other host makes one).
    case hosting(headless: Bool, invite: JoinInvite? = nil, recording: Bool = false)
    /// A client signed in to this seat (its id stays; the name is theirs).
    case joined(player: String, name: String)
    /// The client dropped out (or left): a computer player takes the seat.
    case away(player: String)
    /// The client came back with its token.
    case back(player: String)
    /// The seat is no network player's any more (they left, or stayed away too long): a
    /// controller at the host may take it.
    case released(player: String)
    /// A client asked to deal (the first round, or the next one).
    case deal
    /// A client called Snap!: judged at the instant `FairCall` works out, not at its arrival.
    case call(player: String, FairCall)
    /// The host's measures of its clients changed: the window to hold moves, the marks.
    case links(LinkReport)

    // MARK: A client's table
    /// Who sits where, from the host's `ready`; `me` is this machine's player.
    case roster(me: String, players: [NetPlayer])
    /// The host's `update`; `offset` turns the host's times into this machine's (local = host + offset).
    case update(events: [NetEvent], state: NetGameState?, offset: Double)
    /// The host turned down one of this machine's intents.
    case refused(String)
    /// The host went away (or could not be reached): the table says so and offers to quit.
    case hostGone(String)
    /// The connection is back (the client dialled in again with its token).
    case reconnected
}
