/// Why a slap takes the centre pile (Slapjack: a Jack; Egyptian Ratscrew: the house's slaps).
public enum SlapReason: String, Sendable, Equatable, Codable {
    case jack, double, sandwich, topAndBottom, marriage
}
