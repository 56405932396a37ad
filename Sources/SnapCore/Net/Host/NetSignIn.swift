/// What a hello must get right to sign in — the protocol version, the join code, a name — and
/// the reconnect tokens the host hands out.
struct NetSignIn: Sendable {
    /// Why a hello is turned away.
    struct Refusal: Error, Equatable {
        var reason: NetRefusal
        var message: String
    }

    let code: String
    private var rng: SplitMix64

    /// `tokenSeed` makes the reconnect tokens (the shell passes a random one).
    init(code: String, tokenSeed: UInt64) {
        self.code = code
        rng = SplitMix64(seed: tokenSeed)
    }

    /// The name to sign in with (trimmed), or why not.
    func check(version: Int, code given: String, name raw: String) -> Result<String, Refusal> {
        guard version == NetProtocol.version else {
            return .failure(Refusal(reason: .badVersion, message: "this host speaks protocol \(NetProtocol.version), not \(version)"))
        }
        guard given.uppercased() == code.uppercased() else { return .failure(Refusal(reason: .wrongCode, message: "wrong join code \"\(given.prefix(16))\"")) }
        let name = String(raw.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !name.isEmpty else { return .failure(Refusal(reason: .badHello, message: "the name is empty")) }
        if let why = TextLimit.name.excess(name) { return .failure(Refusal(reason: .badHello, message: "the name \(why)")) }
        return .success(name)
    }

    /// A new reconnect token: 32 hex digits.
    mutating func newToken() -> String {
        let a = rng.next(), b = rng.next()
        return String(a, radix: 16).leftPadded(16) + String(b, radix: 16).leftPadded(16)
    }
}

extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
