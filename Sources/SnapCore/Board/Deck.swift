/// Deals faces for new cards from seeded shuffles, so the same replay always deals the same cards.
public struct Deck: Sendable, Equatable {
    private var rng: SplitMix64
    private var pending: [CardFace] = []

    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    public mutating func next() -> CardFace {
        if pending.isEmpty {
            pending = CardFace.all
            // Fisher-Yates with our own generator: the standard one cannot be seeded.
            for i in stride(from: pending.count - 1, to: 0, by: -1) {
                let j = Int(rng.next() % UInt64(i + 1))
                pending.swapAt(i, j)
            }
        }
        return pending.removeLast()
    }
}

/// A small, well-known seedable generator.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
