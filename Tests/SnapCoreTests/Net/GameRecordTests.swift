import Testing
@testable import SnapCore

@Suite("GameRecord: the DNS-SD record's name and TXT entries, and their bounds")
struct GameRecordTests {
    static func bytes(_ entries: String...) -> [[UInt8]] { entries.map { Array($0.utf8) } }

    @Test func theTXTRecordSaysTheProtocolAndTheFreeSeatsAndNothingElse() {
        #expect(GameRecord.txt(free: 3) == ["protocol=1", "free=3", "game=snap"])
        #expect(GameRecord.txt(free: -2, game: .snapPool) == ["protocol=1", "free=0", "game=snap-pool"])
        #expect(GameRecord.txt(free: 99) == ["protocol=1", "free=\(GameRecord.maxFree)", "game=snap"])
    }

    @Test func aWellFormedRecordGivesItsFreeSeats() throws {
        #expect(try GameRecord.free(name: "Ann's table", txt: Self.bytes("protocol=1", "free=3")) == 3)
        // Order, key case and extra keys do not matter; the first of a key counts.
        #expect(try GameRecord.free(name: "Ann", txt: Self.bytes("FREE=0", "x=y", "Protocol=1", "free=4")) == 0)
        // What we announce reads back.
        #expect(try GameRecord.free(name: "Ann", txt: GameRecord.txt(free: 2).map { Array($0.utf8) }) == 2)
    }

    @Test func otherVersionsAndMalformedRecordsAreRefusedWithTheReason() {
        #expect(throws: GameRecord.Problem.otherProtocol("2")) { try GameRecord.free(name: "A", txt: Self.bytes("protocol=2", "free=1")) }
        #expect(throws: GameRecord.Problem.missing("protocol")) { try GameRecord.free(name: "A", txt: Self.bytes("free=1")) }
        #expect(throws: GameRecord.Problem.missing("free")) { try GameRecord.free(name: "A", txt: Self.bytes("protocol=1")) }
        for bad in ["", "-1", "+1", "17", "1x", "007", " 1", "٣"] {
            #expect(throws: GameRecord.Problem.badValue(key: "free", value: bad)) {
                try GameRecord.free(name: "A", txt: Self.bytes("protocol=1", "free=\(bad)"))
            }
        }
        // A key with no "=" or an empty key is skipped, not taken for a value.
        #expect(throws: GameRecord.Problem.missing("free")) { try GameRecord.free(name: "A", txt: Self.bytes("protocol=1", "free", "=3")) }
    }

    @Test func recordsOverTheBoundsAreRefused() {
        let many = Array(repeating: Array("x=1".utf8), count: GameRecord.maxEntries - 1)
        #expect(throws: GameRecord.Problem.tooLarge(entries: GameRecord.maxEntries + 1, bytes: 4 * (GameRecord.maxEntries - 1) + 11 + 7)) {
            try GameRecord.free(name: "A", txt: Self.bytes("protocol=1", "free=1") + many)
        }
        let long = [Array(("k=" + String(repeating: "v", count: GameRecord.maxBytes)).utf8)]
        #expect(throws: GameRecord.Problem.self) { try GameRecord.free(name: "A", txt: Self.bytes("protocol=1", "free=1") + long) }
        #expect(throws: GameRecord.Problem.badName("is empty")) { try GameRecord.free(name: "", txt: Self.bytes("protocol=1", "free=1")) }
        #expect(throws: GameRecord.Problem.badName("holds control characters")) {
            try GameRecord.free(name: "Ann\ttable", txt: Self.bytes("protocol=1", "free=1"))
        }
        #expect(throws: GameRecord.Problem.self) { try GameRecord.free(name: String(repeating: "é", count: 40), txt: Self.bytes("protocol=1", "free=1")) }
    }

    @Test func theAnnouncedNameIsOneDNSLabelCutBetweenCharacters() {
        #expect(GameRecord.instanceName("  Ann's table \n") == "Ann's table")
        #expect(GameRecord.instanceName("Ann\tB") == "AnnB")
        #expect(GameRecord.instanceName(" \t ") == "SnapTable")
        let long = GameRecord.instanceName(String(repeating: "x", count: 100))
        #expect(long == String(repeating: "x", count: 63))
        // Two-byte letters: 31 fit in 63 bytes; no letter is cut in half.
        #expect(GameRecord.instanceName(String(repeating: "é", count: 64)) == String(repeating: "é", count: 31))
        // A flag is two scalars, eight bytes: never half a flag.
        let flags = GameRecord.instanceName(String(repeating: "🇫🇷", count: 10))
        #expect(flags == String(repeating: "🇫🇷", count: 7) && flags.utf8.count <= 63)
        // The cut does not leave a trailing blank.
        #expect(GameRecord.instanceName(String(repeating: "x", count: 62) + " yz") == String(repeating: "x", count: 62))
        for name in ["Ann's table", long, flags] { #expect(GameRecord.nameLimit.excess(name) == nil) }
    }

    @Test func theGameIsReadFromItsEntryAndAnOddOneIsRefused() throws {
        #expect(try GameRecord.game(txt: Self.bytes("protocol=1", "free=3")) == "snap", "a host from before the other games")
        #expect(try GameRecord.game(txt: Self.bytes("protocol=1", "GAME=snap-pool", "game=snap")) == "snap-pool", "the first, any case")
        #expect(try GameRecord.game(txt: Self.bytes("game=ratscrew")) == "ratscrew", "an id this version does not know is listed as it is")
        #expect(throws: GameRecord.Problem.badGame("Snap Pool")) { try GameRecord.game(txt: Self.bytes("game=Snap Pool")) }
        #expect(throws: GameRecord.Problem.self) { try GameRecord.game(txt: Self.bytes("game=" + String(repeating: "x", count: 40))) }
        #expect(throws: GameRecord.Problem.self) { try GameRecord.game(txt: Self.bytes("game=")) }
    }
}
