/// Who may open the host's WebSocket: a non-browser client, or the page the host itself served
/// (its origin is `http://` and the `Host` it was asked for). A page on any other site is
/// refused, so it cannot drive a seat from a player's browser (the cross-site WebSocket
/// hijacking that browsers do not stop by themselves).
///
/// Non-browser clients send no `Origin`, or (as `snap-table --join` does, through
/// swift-websocket's client) the socket's own `ws://HOST`. No browser page has a `ws:` or `wss:`
/// origin, so letting those in opens nothing to other sites.
public enum WebOrigin {
    /// `origin` and `host` are the request's `Origin` and `Host` headers (nil when absent).
    public static func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        // Scheme and host compare without case (RFC 6454); "null" (a sandboxed or file page) never matches.
        let o = origin.lowercased()
        if o.hasPrefix("ws://") || o.hasPrefix("wss://") { return true }
        guard let host, !host.isEmpty else { return false }
        return o == "http://" + host.lowercased()
    }
}
