/// The four players the program shows when given no table: Ann plays on this machine.
public enum DemoSeating {
    public static func make() -> Seating {
        try! Seating(me: "Ann", players: [
            Player(id: "Ann", name: "Ann", seat: 0, gamesWon: 1),
            Player(id: "Ben", name: "Ben", seat: 1, gamesWon: 3),
            Player(id: "Cy", name: "Cy", seat: 2, gamesWon: 0),
            Player(id: "Dee", name: "Dee", seat: 3, gamesWon: 2),
        ], active: "Ann")
    }
}
