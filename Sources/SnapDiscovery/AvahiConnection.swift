import CAvahi

/// Avahi's event loop on a thread of its own and a client connected through it to avahi-daemon:
/// the two handles an announcer or a browser owns. Avahi calls back on the loop's thread with
/// the loop locked; anything else touches Avahi's objects inside `locked`.
final class AvahiConnection {
    private let poll: OpaquePointer
    /// Nil once closed.
    private var client: OpaquePointer?
    private var running = false

    /// Connects, or throws when avahi-daemon (or the system bus) is not there. `callback` hears
    /// the client's state with `context`, the first time before this returns (on this thread).
    init(context: UnsafeMutableRawPointer, callback: AvahiClientCallback) throws(DiscoveryError) {
        guard let poll = avahi_threaded_poll_new() else { throw DiscoveryError("DNS-SD (Avahi): cannot make an event loop") }
        self.poll = poll
        var error: Int32 = 0
        // No AVAHI_CLIENT_NO_FAIL: a missing daemon is an answer now, not a wait.
        guard let client = avahi_client_new(avahi_threaded_poll_get(poll), AvahiClientFlags(0), callback, context, &error) else {
            avahi_threaded_poll_free(poll)
            throw DiscoveryError(avahi: error, doing: "connect to avahi-daemon")
        }
        self.client = client
    }

    /// The client handle, for calls made before `start` or inside `locked` (nil once closed).
    var handle: OpaquePointer? { client }

    /// The last error on the client, as text.
    var lastError: String { client.map { DiscoveryError.text(avahi_client_errno($0)) } ?? "closed" }

    /// Runs the loop's thread: callbacks come from it from now on.
    func start() throws(DiscoveryError) {
        guard client != nil, !running else { return }
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
        guard let c = client else { return }
        if running { avahi_threaded_poll_stop(poll) }
        running = false
        client = nil
        avahi_client_free(c)
        avahi_threaded_poll_free(poll)
    }

    deinit { close() }
}
