import Testing
@testable import SnapCore

/// A verdict (the smiley, the red X, a tag in words) shows while the seats that called still show their Snap!
/// bubbles: on the player's screen and on the table view, in the games with open piles and in
/// those with a centre pile, it must not cover any seat's bubble. Part of the game screen's suite.
extension GameSceneTests {
    /// Every seat in, every seat's bubble up, `winner`'s verdict shown.
    func everyoneCalled(_ winner: SeatPosition, _ verdict: GameScreen.Verdict, centre: Bool) -> GameScreen {
        var s = Self.playing
        for i in s.seats.indices {
            s.seats[i].out = false
            s.seats[i].closedCount = 9
            s.seats[i].bubble = true
            s.seats[i].verdict = s.seats[i].position == winner ? verdict : nil
            if centre { s.seats[i].openCards = [] }
        }
        if centre {
            s.game = .ratscrew
            s.centre = GameScreen.CentrePile(faceUp: [Self.c(.two, .clubs), Self.c(.king, .hearts), Self.c(.two, .spades)],
                                             burned: 2, spread: true)
        }
        return s
    }

    @Test(arguments: [false, true])
    func noVerdictCoversABubble(centre: Bool) {
        for winner in SeatPosition.allCases {
            // A burned card and a pile won by a challenge are Egyptian Ratscrew's, a centre-pile game.
            for verdict in [GameScreen.Verdict.smiley, .wrong, .late] + (centre ? [.burned, .pileWon] : []) {
                let screen = everyoneCalled(winner, verdict, centre: centre)
                for (view, list) in [("player's screen", GameSceneBuilder.build(screen, metrics: m)),
                                     ("table view", GameTableViewBuilder.build(screen, metrics: m))] {
                    let bubbles = images(list.still, .snapBubble)
                    #expect(bubbles.count == 4, "\(view): \(bubbles.count) bubbles")
                    let marks = images(list.still, .smiley) + images(list.still, .wrongMark) + stretched(list.still, .lateTag)
                    #expect(marks.count == 1, "\(view): \(verdict) at \(winner)")
                    for mark in marks {
                        for b in bubbles where b.intersection(mark).map({ $0.w > 0 && $0.h > 0 }) == true {
                            Issue.record("\(view), centre pile \(centre): \(verdict) at \(winner) \(mark) covers the bubble \(b)")
                        }
                    }
                }
            }
        }
    }
}
