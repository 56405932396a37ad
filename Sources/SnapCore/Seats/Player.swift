/// Someone at the table. Identified by `id`; `seat` is the absolute seat the host gave (0...3).
public struct Player: Equatable, Sendable, Codable, Hashable {
    public var id: String
    public var name: String
    public var seat: Int
    public var gamesWon: Int

    public init(id: String, name: String, seat: Int, gamesWon: Int = 0) {
        self.id = id
        self.name = name
        self.seat = seat
        self.gamesWon = gamesWon
    }
}
