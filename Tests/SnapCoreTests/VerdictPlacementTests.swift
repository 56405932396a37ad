import Testing
@testable import SnapCore

/// A verdict (the smiley, the red X, a tag in words) shows while the seats that called still show their Snap!
/// bubbles: on the player's screen and on the table view, in the games with open piles and in
/// those with a centre pile, it must not cover any seat's bubble.
@Suite("Game screen: verdicts clear of the bubbles")
struct VerdictPlacementTests {
    let m = FixedMetrics()

    /// Every seat in, every seat's bubble up, `winner`'s verdict shown.
    func everyoneCalled(_ winner: SeatPosition, _ verdict: GameScreen.Verdict, centre: Bool) -> GameScreen {
        var s = GameSceneTests.playing
        for i in s.seats.indices {
            s.seats[i].out = false
            s.seats[i].closedCount = 9
            s.seats[i].bubble = true
            s.seats[i].verdict = s.seats[i].position == winner ? verdict : nil
            if centre { s.seats[i].openCards = [] }
        }
        if centre {
            s.game = .ratscrew
            s.centre = GameScreen.CentrePile(faceUp: [GameSceneTests.c(.two, .clubs), GameSceneTests.c(.king, .hearts), GameSceneTests.c(.two, .spades)],
                                             burned: 2, spread: true)
        }
        return s
    }

    func images(_ cmds: [DrawCommand], _ ref: ImageRef) -> [Rect] {
        cmds.compactMap { if case .image(ref, let r, _, _) = $0 { r } else { nil } }
    }

    /// The verdicts in words, on their tags.
    func tags(_ cmds: [DrawCommand]) -> [Rect] {
        cmds.compactMap { if case .stretched(.lateTag, let r, _) = $0 { r } else { nil } }
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
                    let marks = images(list.still, .smiley) + images(list.still, .wrongMark) + tags(list.still)
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
