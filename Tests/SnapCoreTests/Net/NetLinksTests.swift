import Testing
@testable import SnapCore

@Suite("NetLinks: the host's connections and their limits")
struct NetLinksTests {
    @Test func theRateCountsTheLastSecondAndAnOversizedFrameIsNotCounted() {
        var limits = NetLimits()
        limits.maxMessagesPerSecond = 2
        var links = NetLinks(limits: limits)
        _ = links.admit(1, peer: "a", at: 0)
        #expect(links.limitBroken(by: 1, bytes: limits.maxFrameBytes + 1, at: 0) == "a frame of 16385 bytes (over 16384)")
        #expect(links.limitBroken(by: 1, bytes: 10, at: 0) == nil)
        #expect(links.limitBroken(by: 1, bytes: 10, at: 0.5) == nil)
        #expect(links.limitBroken(by: 1, bytes: 10, at: 0.9) == "more than 2 messages in a second")
        // The first two are a second old now.
        #expect(links.limitBroken(by: 1, bytes: 10, at: 1.5) == nil)
    }

    @Test func timeoutsInConnectionOrder() {
        var links = NetLinks(limits: .standard)
        for c in [3, 1, 2] { _ = links.admit(c, peer: "a", at: 0) }
        links.sign(2, as: "P1")
        links.heard(2, at: 5)
        #expect(links.pendingCount == 2 && links.signedIn == [2])
        #expect(links.nextDue(after: 0) == NetLimits.standard.helloTimeout)
        #expect(links.overdue(at: 10).isEmpty)
        #expect(links.overdue(at: 11).map(\.0) == [1, 3])
        #expect(links.overdue(at: 16).map(\.1) == [.noHello, .silent, .noHello])
        _ = links.refuse(1, .badHello, "no hello")
        #expect(links.count == 2 && links.all == [2, 3])
    }

    @Test func theLogLineAboutConnectionsClosedForRoomComesAtMostEveryFiveSeconds() {
        var limits = NetLimits()
        limits.maxPendingPerAddress = 1
        var links = NetLinks(limits: limits)
        for c in 1...3 { _ = links.admit(c, peer: "a", at: Double(c)) }
        // Two were closed to make room: the loop wakes within 5 s to log them.
        #expect(links.nextDue(after: 3) == 8)
        #expect(links.evictionLog(at: 3) == "2 connections that had not signed in were closed to make room")
        _ = links.admit(4, peer: "a", at: 4)
        #expect(links.evictionLog(at: 4) == nil)
        #expect(links.evictionLog(at: 8) == "1 connections that had not signed in were closed to make room")
    }

    @Test func aConnectionWhoseHelloIsWaitingIsNeverClosedToMakeRoom() {
        var limits = NetLimits()
        limits.maxPendingPerAddress = 2
        var links = NetLinks(limits: limits)
        _ = links.admit(1, peer: "a", at: 0)
        _ = links.admit(2, peer: "a", at: 1)
        // 1 is the oldest, but its hello is in the batch being handled: 2 makes room instead.
        links.framesArrived(from: [1])
        let out = links.admit(3, peer: "a", at: 2)
        #expect(out.close.map(\.connection) == [2])
        #expect(out.send.map(\.connection) == [2] && out.send.first?.message.text().contains(#""reason":"busy""#) == true)
        #expect(links.all == [1, 3])
        // Every other one spoke too: the newcomer still gets in, past the bound only while
        // those frames wait; once they are judged, the bound holds again at the next newcomer.
        links.framesArrived(from: [3, 3])
        #expect(links.admit(4, peer: "a", at: 3).close.isEmpty)
        for c in [1, 3, 3] { links.frameHandled(from: c) }
        #expect(links.framesWaiting.isEmpty)
        #expect(links.admit(5, peer: "a", at: 4).close.map(\.connection) == [1, 3])
        #expect(links.all == [4, 5])
    }
}
