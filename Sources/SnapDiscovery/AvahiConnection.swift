import CAvahi

/// Avahi's event loop on a thread of its own and a client connected through it to avahi-daemon:
/// the two handles an announcer or a browser owns. Avahi calls back on the loop's thread with
/// the loop locked; anything else touches Avahi's objects inside `locked`.
///
/// When the daemon goes away while running (a restart, an upgrade), the owner hears
/// `AVAHI_CLIENT_FAILURE` (everything made on the old client is gone with it), and a new client
/// waits for the daemon to come back, then reports `AVAHI_CLIENT_S_RUNNING` again, as
/// avahi-browse does.
final class AvahiConnection {
    typealias StateHandler = (_ client: OpaquePointer, _ state: AvahiClientState) -> Void

    private let poll: OpaquePointer
    /// Nil once closed (or while a lost daemon could not even be waited for).
    private var client: OpaquePointer?
    private let onState: StateHandler
    private var running = false
    private var closed = false

    /// Connects, or throws when avahi-daemon (or the system bus) is not there. `onState` hears
    /// the client's state, the first time before this returns (on this thread).
    init(onState: @escaping StateHandler) throws(DiscoveryError) {
        guard let poll = avahi_threaded_poll_new() else { throw DiscoveryError("DNS-SD (Avahi): cannot make an event loop") }
        self.poll = poll
        self.onState = onState
        var error: Int32 = 0
        // No AVAHI_CLIENT_NO_FAIL: a missing daemon is an answer now, not a wait.
        guard let client = avahi_client_new(avahi_threaded_poll_get(poll), AvahiClientFlags(0), Self.callback,
                                            Unmanaged.passUnretained(self).toOpaque(), &error) else {
            closed = true
            avahi_threaded_poll_free(poll)
            throw DiscoveryError(avahi: error, doing: "connect to avahi-daemon")
        }
        self.client = client
    }

    private static let callback: AvahiClientCallback = { client, state, context in
        guard let client, let context else { return }
        Unmanaged<AvahiConnection>.fromOpaque(context).takeUnretainedValue().changed(client, state)
    }

    private func changed(_ c: OpaquePointer, _ state: AvahiClientState) {
        onState(c, state)
        guard state == AVAHI_CLIENT_FAILURE, running, avahi_client_errno(c) == Int32(AVAHI_ERR_DISCONNECTED) else { return }
        avahi_client_free(c)
        var error: Int32 = 0
        client = avahi_client_new(avahi_threaded_poll_get(poll), AVAHI_CLIENT_NO_FAIL, Self.callback,
                                  Unmanaged.passUnretained(self).toOpaque(), &error)
    }

    /// The client handle, for calls made before `start` or inside `locked` (nil once closed).
    var handle: OpaquePointer? { client }

    /// Runs the loop's thread: callbacks come from it from now on.
    func start() throws(DiscoveryError) {
        guard !closed, !running else { return }
        let r = avahi_threaded_poll_start(poll)
        guard r >= 0 else { throw DiscoveryError("DNS-SD (Avahi): cannot start its thread (error \(r))") }
        running = true
    }

    /// `body` with the loop locked (no callback runs meanwhile).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        if running { avahi_threaded_poll_lock(poll) }
        defer { if running { avahi_threaded_poll_unlock(poll) } }
        return try body()
    }

    /// Stops the thread (no callback runs after this), then frees the client, which withdraws
    /// what it published and ends its browsers. Idempotent; never call it from a callback.
    func close() {
        guard !closed else { return }
        closed = true
        if running { avahi_threaded_poll_stop(poll) }
        running = false
        if let c = client { avahi_client_free(c) }
        client = nil
        avahi_threaded_poll_free(poll)
    }

    deinit { close() }
}
