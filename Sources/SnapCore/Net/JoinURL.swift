/// The address a phone opens to join: the host serves its web page there, with the join code
/// filled in (`http://ADDRESS:PORT/?code=CODE`). For the QR code and the headless host's banner.
public enum JoinURL {
    /// `address` is an IPv4 address or a host name (an IPv6 address is put in brackets).
    public static func make(address: String, port: Int, code: String) -> String {
        let host = address.contains(":") && !address.hasPrefix("[") ? "[\(address)]" : address
        // Join codes are letters and digits (NetOptions.makeCode): nothing to escape; anything else is dropped.
        let safe = code.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return "http://\(host):\(port)/?code=\(safe)"
    }
}
