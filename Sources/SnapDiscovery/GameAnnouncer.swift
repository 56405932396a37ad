import CAvahi
import Logging
import SnapCore

/// A hosted game announced on the local network (DNS-SD service `_snaptable._tcp`, TXT
/// `protocol=1` and `free=N`) until `withdraw()` or the end of this object. Owns the Avahi
/// handles; Avahi's thread is stopped before they are freed. The join code is never announced.
public final class GameAnnouncer {
    private let record: Announcement
    private let connection: AvahiConnection

    /// Announces `name` (cut to one DNS label; Avahi finds another when it is taken) for the
    /// game on `port`. `bind`: the address the game listens on; a specific one is announced on
    /// its interface only. Throws when avahi-daemon cannot be reached.
    public init(name: String, port: Int, free: Int, game: GameKind = .snap, bind: String = "0.0.0.0",
                logger: Logger = Logger(label: "snap-table.discovery")) throws(DiscoveryError) {
        guard (1...65535).contains(port) else { throw DiscoveryError("cannot announce port \(port): it must be 1 to 65535") }
        let record = Announcement(name: GameRecord.instanceName(name), port: UInt16(port), free: free, game: game,
                                  interface: InterfaceIndex.holding(bind) ?? Int32(AVAHI_IF_UNSPEC), log: logger)
        self.record = record
        connection = try AvahiConnection { client, state in record.client(client, changedTo: state) }
        if let failure = record.failure {
            connection.close()
            throw failure
        }
        do { try connection.start() } catch {
            connection.close()
            throw error
        }
    }

    /// The name as announced now (after any rename Avahi made for a name taken on the network).
    public var name: String { connection.locked { record.name } }

    /// Rewrites the TXT record with `free` seats and `game` (nothing is sent when unchanged).
    public func update(free: Int, game: GameKind) {
        connection.locked { record.update(free: free, game: game) }
    }

    /// Takes the game off the network. Idempotent; the end of the object does it too.
    public func withdraw() { connection.close() }

    deinit { connection.close() }
}

/// The announcement's side that Avahi calls back: touched only on Avahi's thread or with its
/// loop locked (`AvahiConnection.locked`), never concurrently.
final class Announcement {
    private(set) var name: String
    let port: UInt16
    private(set) var free: Int
    private(set) var game: GameKind
    let interface: Int32
    let log: Logger
    private var group: OpaquePointer?
    private var added = false
    private var renames = 0
    /// A failure while first announcing, thrown by the announcer's init.
    private(set) var failure: DiscoveryError?

    init(name: String, port: UInt16, free: Int, game: GameKind, interface: Int32, log: Logger) {
        self.game = game
        self.name = name
        self.port = port
        self.free = free
        self.interface = interface
        self.log = log
    }

    /// A name taken on the network is retried under Avahi's alternatives ("Ann #2") this often.
    static let maxRenames = 32

    func client(_ client: OpaquePointer, changedTo state: AvahiClientState) {
        switch state {
        case AVAHI_CLIENT_S_RUNNING:
            publish(client)
        case AVAHI_CLIENT_S_COLLISION, AVAHI_CLIENT_S_REGISTERING:
            // The machine's own host name is being settled: our records wait for it.
            if let group { avahi_entry_group_reset(group) }
            added = false
        case AVAHI_CLIENT_FAILURE:
            // Gone with the client; a new one announces again if the daemon comes back.
            group = nil
            added = false
            let code = avahi_client_errno(client)
            if code == Int32(AVAHI_ERR_DISCONNECTED) {
                log.warning("avahi-daemon went away: the game is not announced on the network until it is back (join by address)")
            } else {
                log.warning("the game is no longer announced on the network: \(DiscoveryError(avahi: code, doing: "keep announcing"))")
            }
        default:
            break
        }
    }

    func group(_ g: OpaquePointer, changedTo state: AvahiEntryGroupState) {
        switch state {
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            log.info("announced on the network as \"\(name)\" (\(GameRecord.serviceType))")
        case AVAHI_ENTRY_GROUP_COLLISION:
            rename(g)
        case AVAHI_ENTRY_GROUP_FAILURE:
            let why = DiscoveryError(avahi: avahi_client_errno(avahi_entry_group_get_client(g)), doing: "announce the game")
            log.warning("the game is not announced on the network: \(why)")
        default:
            break
        }
    }

    func update(free: Int, game: GameKind) {
        guard free != self.free || game != self.game else { return }
        self.free = free
        self.game = game
        guard let group, added else { return }
        let r = AvahiText.withList(GameRecord.txt(free: free, game: game)) { txt in
            avahi_entry_group_update_service_txt_strlst(group, interface, Int32(AVAHI_PROTO_INET), AvahiPublishFlags(0),
                                                        name, GameRecord.serviceType, nil, txt)
        }
        if r < 0 { log.warning("could not update the announcement's free seats: \(DiscoveryError.text(r))") }
        else { log.debug("announcement: \(free) free seats, \(game.id)") }
    }

    /// Adds the service to the entry group (made on first use) and commits it.
    private func publish(_ client: OpaquePointer) {
        if group == nil {
            let context = Unmanaged.passUnretained(self).toOpaque()
            group = avahi_entry_group_new(client, { g, state, context in
                guard let g, let context else { return }
                Unmanaged<Announcement>.fromOpaque(context).takeUnretainedValue().group(g, changedTo: state)
            }, context)
            guard group != nil else {
                failure = DiscoveryError(avahi: avahi_client_errno(client), doing: "make an entry group")
                return
            }
        }
        guard let group, !added else { return }
        let r = AvahiText.withList(GameRecord.txt(free: free, game: game)) { txt in
            avahi_entry_group_add_service_strlst(group, interface, Int32(AVAHI_PROTO_INET), AvahiPublishFlags(0),
                                                 name, GameRecord.serviceType, nil, nil, port, txt)
        }
        if r == Int32(AVAHI_ERR_COLLISION) {
            // Taken by another service on this machine: as a collision on the network.
            rename(group)
            return
        }
        guard r >= 0 else {
            failure = failure ?? DiscoveryError(avahi: r, doing: "announce \"\(name)\"")
            log.warning("the game is not announced on the network: \(DiscoveryError(avahi: r, doing: "announce \"\(name)\""))")
            return
        }
        added = true
        let c = avahi_entry_group_commit(group)
        if c < 0 { log.warning("the game is not announced on the network: \(DiscoveryError(avahi: c, doing: "commit the announcement"))") }
    }

    /// The name is taken: announce under Avahi's next alternative.
    private func rename(_ g: OpaquePointer) {
        renames += 1
        guard renames <= Self.maxRenames, let alt = avahi_alternative_service_name(name) else {
            log.warning("the game is not announced on the network: \"\(name)\" and \(Self.maxRenames) alternatives are taken")
            return
        }
        let next = String(cString: alt)
        avahi_free(alt)
        log.notice("the name \"\(name)\" is taken on the network: announced as \"\(next)\"")
        name = next
        avahi_entry_group_reset(g)
        added = false
        if let client = avahi_entry_group_get_client(g) { publish(client) }
    }
}
