import Foundation
import Testing
@testable import SnapCore

/// A fixed width per character: layout tests need widths, not fonts.
struct FixedMetrics: TextMetrics {
    var perChar = 12.0
    func width(_ text: String, _ style: TextStyle) -> Double { Double(text.count) * perChar * style.size / 24 }
}

@Suite("Seats: everyone sees themselves at the bottom")
struct SeatRotationTests {
    @Test(arguments: 1...4)
    func rotationForEveryLocalSeat(count: Int) throws {
        for mineIndex in 0..<count {
            let players = (0..<count).map { Player(id: "p\($0)", name: "P\($0)", seat: $0) }
            let me = players[mineIndex]
            let s = try Seating(me: me.id, players: players)
            #expect(s.position(of: me.id) == .bottom)
            let positions = players.map { s.position(of: $0.id)! }
            #expect(Set(positions).count == count, "two players on one seat: \(positions)")
            // Walking clockwise from me (absolute seats) visits bottom, left, top, right in order.
            let clockwise = players.sorted { ($0.seat - me.seat + 4) % 4 < ($1.seat - me.seat + 4) % 4 }
            let rel = clockwise.map { s.position(of: $0.id)!.rawValue }
            #expect(rel == rel.sorted(), "order around the table lost: \(rel)")
            for p in players { #expect(s.player(at: s.position(of: p.id)!) == p) }
        }
    }

    @Test func relativeSeatIsNeverNegative() {
        for mine in 0...3 {
            for theirs in 0...3 {
                let r = SeatPosition.relative(theirs: theirs, mine: mine)
                #expect(r.rawValue == (theirs - mine + 4) % 4)
            }
        }
        // The seed's bug: theirs < mine gave -1; here it is the seat to the right.
        #expect(SeatPosition.relative(theirs: 0, mine: 1) == .right)
    }

    @Test func playersAreFoundByIDNotSeat() throws {
        var s = try Seating(me: "cy", players: [Player(id: "ann", name: "Ann", seat: 0), Player(id: "cy", name: "Cy", seat: 2)])
        #expect(s.position(of: "ann") == .top)
        try s.apply(.join(id: "ben", seat: 1, name: "Ben"), time: 0)
        #expect(s.position(of: "ben") == .right)
        try s.apply(.leave(id: "ann"), time: 0)
        #expect(s.position(of: "ben") == .right, "a leave moved someone else")
        #expect(s.player(at: .top) == nil)
    }
}

@Suite("Seats: bad tables and feed lines are rejected by name")
struct SeatingErrorTests {
    func error(_ players: [Player], me: String = "a", active: String? = nil) -> String {
        do { _ = try Seating(me: me, players: players, active: active); return "no error" } catch { return error.message }
    }

    @Test func everyBadTableSaysWhichPlayerAndField() {
        let a = Player(id: "a", name: "A", seat: 0)
        #expect(error([a, Player(id: "b", name: " ", seat: 1)]) == "player b: name is empty")
        #expect(error([a, Player(id: "b", name: "B", seat: 4)]) == "player b: seat 4 is not 0, 1, 2 or 3")
        #expect(error([a, Player(id: "b", name: "B", seat: -1)]) == "player b: seat -1 is not 0, 1, 2 or 3")
        #expect(error([a, Player(id: "a", name: "B", seat: 1)]) == "player a: id is used twice")
        #expect(error([a, Player(id: "b", name: "B", seat: 0)]) == "player b: seat 0 is already taken by a")
        #expect(error([a, Player(id: "b", name: "B", seat: 1, gamesWon: -2)]) == "player b: gamesWon -2 is negative")
        #expect(error([a], me: "z") == "player z: 'me' is not among the players (a)")
        #expect(error([a], active: "q") == "player q: 'active' is not among the players")
        #expect(error([]) == "the table has no players (1 to 4 needed)")
        #expect(error([a, Player(id: "", name: "B", seat: 1)]) == "player '': id is empty")
        #expect(error([a, Player(id: "b", name: String(repeating: "x", count: 65), seat: 1)]) == "player b: name is longer than 64 characters")
    }

    @Test func fiveNamesDoNotFit() {
        #expect(throws: SeatingError("--players: 5 players given, at most 4 fit at the table")) {
            try SeatingFile.fromList("a,b,c,d,e", me: nil)
        }
        #expect(throws: SeatingError("--players: player 2 has an empty name")) { try SeatingFile.fromList("a,,c", me: nil) }
        #expect(throws: SeatingError("--players/--me: player Zed: 'me' is not among the players (Ann, Ben)")) {
            try SeatingFile.fromList("Ann,Ben", me: "Zed")
        }
    }

    @Test func tableFileErrorsNameTheFileAndField() {
        func err(_ json: String) -> String {
            do { _ = try SeatingFile.parse(Data(json.utf8), file: "t.json"); return "no error" } catch { return error.message }
        }
        #expect(err(#"{"players": []}"#) == "t.json: missing field 'me'")
        #expect(err(#"{"me": "a", "players": [{"id": "a", "seat": 0}]}"#) == "t.json: players[0]: missing field 'name'")
        #expect(err(#"{"me": "a", "players": [{"id": "a", "name": "A", "seat": "zero"}]}"#).hasPrefix("t.json: players[0].seat: "))
        #expect(err("{nope").hasPrefix("t.json: not valid JSON"))
        #expect(err(#"{"me": "a", "players": [{"id": "a", "name": "A", "seat": 7}]}"#) == "t.json: player a: seat 7 is not 0, 1, 2 or 3")
        let ok = try? SeatingFile.parse(Data(#"{"me": "b", "active": "a", "status": "Game over", "players": [{"id": "a", "name": "Ann", "seat": 0, "gamesWon": 2}, {"id": "b", "name": "Ben", "seat": 1}]}"#.utf8), file: "t.json")
        #expect(ok?.status == "Game over")
        #expect(ok?.player("a")?.gamesWon == 2)
        #expect(ok?.position(of: "a") == .right)
    }

    @Test(arguments: [
        ("dance a", "feed:1: unknown verb 'dance' (expected player, active, wins, snap or status)"),
        ("player join x 1", "feed:1: expected 'player join ID SEAT NAME'"),
        ("player join x 9 Xavier", "feed:1: player x: seat '9' is not 0, 1, 2 or 3"),
        ("player wave x", "feed:1: expected 'player join ID SEAT NAME' or 'player leave ID'"),
        ("player leave", "feed:1: expected 'player leave ID'"),
        ("active", "feed:1: expected 'active ID'"),
        ("wins Ann -1", "feed:1: player Ann: games won '-1' is not a whole number >= 0"),
        ("wins Ann", "feed:1: expected 'wins ID N'"),
        ("snap", "feed:1: expected 'snap ID'"),
        ("status", "feed:1: expected 'status TEXT'"),
        ("active Zed", "feed:1: player Zed: id is not at the table"),
        ("player leave Ann", "feed:1: player Ann: id is the local player, who cannot leave this screen"),
        ("player join Eve 2 Eve", "feed:1: player Eve: seat 2 is already taken by Cy"),
        ("player join Ben 2 Ben", "feed:1: player Ben: id is used twice"),
    ])
    func badFeedLineIsReportedAndSkipped(line: String, expected: String) {
        var seating = DemoSeating.make()
        let before = seating
        var feed = SeatFeed(source: "feed")
        #expect(feed.apply(line, to: &seating, time: 0)?.description == expected)
        #expect(seating == before, "a rejected line changed the table")
        // The feed goes on after a bad line.
        #expect(feed.apply("wins Ben 9", to: &seating, time: 0) == nil)
        #expect(seating.player("Ben")?.gamesWon == 9)
        #expect(feed.lineNumber == 2)
    }
}

@Suite("Seats: labels, indicators and layout")
struct SeatLayoutTests {
    let metrics = FixedMetrics()

    @Test func snapBubbleShowsForOneAndAHalfSeconds() throws {
        var s = DemoSeating.make()
        try s.apply(.snap(id: "Cy"), time: 2)
        #expect(s.isSnapShowing("Cy", at: 2))
        #expect(s.isSnapShowing("Cy", at: 3.49))
        #expect(!s.isSnapShowing("Cy", at: 3.5))
        #expect(s.nextChange(after: 2.5) == 3.5)
        #expect(SeatLayout.plates(s, metrics: metrics, at: 3).first { $0.playerID == "Cy" }?.snap == true)
    }

    @Test func statusFollowsTheTurnUnlessSet() throws {
        var s = DemoSeating.make()
        #expect(s.status == "Ann\u{2019}s turn")
        try s.apply(.active(id: "Dee"), time: 0)
        #expect(s.status == "Dee\u{2019}s turn")
        try s.apply(.status("Game over"), time: 0)
        #expect(s.status == "Game over")
        let alone = try Seating(me: "a", players: [Player(id: "a", name: "A", seat: 0)])
        #expect(alone.status == "Waiting for players")
    }

    @Test func longNamesAreShortenedAndPlatesNeverOverlap() throws {
        let long = String(repeating: "Maximilian ", count: 5)
        let s = try Seating(me: "a", players: (0..<4).map { Player(id: "\($0 == 0 ? "a" : "p\($0)")", name: long, seat: $0, gamesWon: 1234) })
        let plates = SeatLayout.plates(s, metrics: metrics, at: 0)
        #expect(plates.count == 4)
        let canvas = Rect(x: 0, y: 0, w: 1280, h: 720)
        for p in plates {
            #expect(p.name.hasSuffix("\u{2026}"), "\(p.name) was not shortened")
            #expect(metrics.width(p.name, .name) <= SeatLayout.maxNameWidth(p.position))
            #expect(canvas.contains(Point(x: p.plate.x, y: p.plate.y)) && p.plate.maxX <= 1280 && p.plate.maxY <= 720)
            #expect(p.badge.maxX <= p.plate.maxX && p.nameRect.maxX <= p.badge.x)
            for q in plates where q.position != p.position {
                #expect(p.plate.intersectionArea(with: q.plate) == 0, "\(p.position) overlaps \(q.position)")
            }
        }
        #expect(SeatLayout.fit("Ann", width: 100, style: .name, metrics: metrics) == "Ann")
    }

    @Test func aLeaveRemovesOnlyThatSeat() throws {
        var s = DemoSeating.make()
        let before = SeatLayout.plates(s, metrics: metrics, at: 0)
        try s.apply(.leave(id: "Cy"), time: 0)
        let after = SeatLayout.plates(s, metrics: metrics, at: 0)
        #expect(after.count == 3)
        #expect(!after.contains { $0.playerID == "Cy" })
        #expect(after == before.filter { $0.playerID != "Cy" }, "someone else moved")
    }

    @Test func activeIndicatorStretchesBehindTheActivePlayersName() {
        let s = DemoSeating.make()
        let cmds = SeatLayout.commands(s, metrics: metrics, at: 0)
        let active = cmds.compactMap { c -> Rect? in
            if case .stretched(.activePlayer, let r, _) = c { return r } else { return nil }
        }
        #expect(active.count == 1)
        let ann = SeatLayout.plates(s, metrics: metrics, at: 0).first { $0.playerID == "Ann" }!
        #expect(active.first == ann.plate)
        #expect(ann.plate.w > metrics.width("Ann", .name))
        // Drawn from the name's place, its box with slack for bigger windows (nothing moves).
        #expect(cmds.contains(.text("Ann", .name, .activeName, Rect(x: ann.nameRect.x, y: ann.nameRect.y, w: ann.nameRect.w * 1.06 + 3,
                                                                    h: ann.nameRect.h))))
    }
}
