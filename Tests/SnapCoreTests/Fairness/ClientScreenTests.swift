import Testing
@testable import SnapCore

/// What a client's call says of itself: the update that first showed the match, as on screen
/// when the player pressed.
@Suite("ClientScreen: the update a call answered, and when it was drawn")
struct ClientScreenTests {
    @Test func aMatchKeepsItsFirstUpdateAndANewMatchIsItsOwn() {
        var s = ClientScreen()
        s.heard(1, pairs: [], at: 0.0)
        s.presented(at: 0.016)
        #expect(s.shown == ClientScreen.Shown(seq: 1, drawn: 0.016, match: false))
        s.heard(2, pairs: ["Ann:7H|Ben:7S"], at: 0.1)
        s.presented(at: 0.116)
        s.heard(3, pairs: ["Ann:7H|Ben:7S"], at: 0.2)   // a call's bubble: the same match
        s.presented(at: 0.216)
        #expect(s.shown == ClientScreen.Shown(seq: 2, drawn: 0.116, match: true))
        // Ben's 7 is covered by another match at once (no update without a match between).
        s.heard(4, pairs: ["Ben:QS|Cy:QD"], at: 0.3)
        s.presented(at: 0.316)
        #expect(s.shown == ClientScreen.Shown(seq: 4, drawn: 0.316, match: true))
        #expect(s.lastDrawn?.seq == 4)
    }

    @Test func aPressBetweenFramesNamesWhatWasOnScreenThen() {
        var s = ClientScreen()
        s.heard(1, pairs: ["Ann:7H|Ben:7S"], at: 0)
        s.presented(at: 0.02)
        s.heard(2, pairs: [], at: 0.1)
        s.presented(at: 0.12)
        #expect(s.seen(pressed: 0.11) == ClientScreen.Shown(seq: 1, drawn: 0.02, match: true))
        #expect(s.seen(pressed: 0.13)?.seq == 2)
        #expect(s.drawLag == 0.02)
        var c = NetClient(me: "Ann", menuHome: false)
        #expect(c.account(NetIntent(.snap), pressed: 1).claim == nil, "nothing drawn yet: no account")
        c.presented(at: 1)
        #expect(c.account(NetIntent(.turnOver), pressed: 1).claim == nil)
    }
}
