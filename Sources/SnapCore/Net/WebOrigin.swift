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
        guard let host, !host.isEmpty, isLocal(host: host.lowercased()) else { return false }
        return o == "http://" + host.lowercased()
    }

    /// A page's own origin is only trusted under a name no other site can point at this
    /// machine: an address, `localhost`, or a `.local` (mDNS) name. A page on `evil.example`
    /// whose DNS answer changes to the host's address (DNS rebinding) has an origin equal to
    /// its Host, and is refused here.
    static func isLocal(host: String) -> Bool {
        let name: Substring
        if host.hasPrefix("[") {
            // A bracketed IPv6 address, with or without a port.
            guard let end = host.firstIndex(of: "]") else { return false }
            let inside = host[host.index(after: host.startIndex)..<end]
            return !inside.isEmpty && inside.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        name = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let dotted = labels.count == 4 && labels.allSatisfy { l in l.count <= 3 && !l.isEmpty && l.allSatisfy(\.isNumber) && Int(l)! <= 255 }
        return dotted || name == "localhost" || (name.hasSuffix(".local") && name.count > 6)
    }
}
