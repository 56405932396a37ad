/// How to join the game this machine hosts: the code, the address to type in `snap-table`, and
/// the link a phone's browser opens (the host serves the web client on the same port), with its
/// QR code when the shell could make one.
public struct JoinInvite: Equatable, Sendable {
    public var code: String
    /// HOST:PORT (a bracketed IPv6 address keeps its brackets, as a URL wants it).
    public var address: String
    public var qr: QRCode?

    public init(code: String, address: String, qr: QRCode? = nil) {
        self.code = code
        self.address = address
        self.qr = qr
    }

    /// The web client with the code filled in.
    public var url: String { Self.url(address: address, code: code) }

    /// Codes are letters and digits (`NetOptions.makeCode`, `--code`): nothing to escape, and
    /// anything else is dropped rather than let into the link.
    public static func url(address: String, code: String) -> String {
        "http://\(address)/?code=\(code.filter { $0.isASCII && ($0.isLetter || $0.isNumber) })"
    }
}
