#if canImport(Glibc)
import Glibc
#endif
import SnapCore
import Testing
@testable import SnapDiscovery

/// What moves a record through Avahi, without a daemon: TXT lists both ways, bounded on the way
/// in, and the interface a bound address is announced on.
@Suite("TXT lists and interfaces, without a daemon")
struct RecordPlumbingTests {
    @Test func aTXTListReadsBackInOrder() {
        let back = AvahiText.withList(GameRecord.txt(free: 3)) { AvahiText.entries($0) }
        #expect(back.map { String(decoding: $0, as: UTF8.self) } == ["protocol=1", "free=3", "game=snap"])
        #expect(AvahiText.withList([]) { AvahiText.entries($0) }.isEmpty)
    }

    @Test func aHugeTXTRecordIsReadOnlyFarEnoughToBeRefused() throws {
        let many = (0..<1000).map { "k\($0)=v" }
        let read = AvahiText.withList(many) { AvahiText.entries($0) }
        #expect(read.count == GameRecord.maxEntries + 1)
        let long = ["protocol=1", "free=1", "x=" + String(repeating: "y", count: 5000)]
        let cut = AvahiText.withList(long) { AvahiText.entries($0) }
        #expect(cut.map(\.count) == [10, 6, GameRecord.maxBytes + 1])
        #expect(throws: GameRecord.Problem.self) { try GameRecord.free(name: "Ann", txt: read) }
        #expect(throws: GameRecord.Problem.self) { try GameRecord.free(name: "Ann", txt: cut) }
    }

    @Test func aBoundAddressIsAnnouncedOnItsInterfaceOnly() {
        #expect(InterfaceIndex.holding("0.0.0.0") == nil)
        #expect(InterfaceIndex.holding("not an address") == nil)
        // TEST-NET-3: on no interface here.
        #expect(InterfaceIndex.holding("203.0.113.77") == nil)
        let lo = InterfaceIndex.holding("127.0.0.1")
        #expect(lo != nil && lo == Int32(if_nametoindex("lo")))
    }

    @Test func aListedGameIsOneTabSeparatedLine() {
        let g = FoundGame(name: "Ann's table", host: "192.168.1.20", port: 7420, free: 3, game: "snap-pool")
        #expect(ListGames.line(g) == "Ann's table\t192.168.1.20:7420\t3\tsnap-pool\n")
        #expect(g.address == "192.168.1.20:7420")
    }
}
