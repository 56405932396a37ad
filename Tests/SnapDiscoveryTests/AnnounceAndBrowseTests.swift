import Foundation
import Logging
import SnapCore
import Synchronization
import Testing
@testable import SnapDiscovery

/// Whether avahi-daemon answers here: the tests that need it are skipped, saying why, where it
/// does not (`scripts/test` starts it through scripts/env/with-avahi).
private var avahiRunning: Bool {
    guard (try? GameBrowser(onChange: { _ in }))?.stop() != nil else { return false }
    return true
}

/// Every list a browser handed on, for waits on what it shows.
private final class Seen: Sendable {
    private let lists = Mutex<[[FoundGame]]>([])
    func add(_ l: [FoundGame]) { lists.withLock { $0.append(l) } }
    var last: [FoundGame] { lists.withLock { $0.last ?? [] } }
    var count: Int { lists.withLock { $0.count } }
}

/// Polls `condition` until it holds or `seconds` pass; true when it held.
private func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

@Suite("GameAnnouncer and GameBrowser through avahi-daemon", .serialized)
struct AnnounceAndBrowseTests {
    /// A name of its own: other runs may share the daemon.
    static func uniqueName(_ base: String) -> String { "\(base) \(UInt32.random(in: 100_000...999_999))" }

    @Test(.enabled(if: avahiRunning, "no avahi-daemon running here (scripts/env/with-avahi starts one)"))
    func aGameIsSeenUpdatedAndWithdrawn() throws {
        let seen = Seen()
        let browser = try GameBrowser { seen.add($0) }
        defer { browser.stop() }
        let name = Self.uniqueName("Zoë's \"table\"\\ n°1")
        let announcer = try GameAnnouncer(name: name, port: 40_123, free: 2, bind: "127.0.0.1")
        defer { announcer.withdraw() }
        #expect(announcer.name == name)
        let expected = FoundGame(name: name, host: "127.0.0.1", port: 40_123, free: 2)
        #expect(waitUntil(20) { seen.last.contains(expected) }, "\(seen.last)")

        announcer.update(free: 1, game: .snapPool)
        #expect(waitUntil(20) { seen.last.contains { $0.name == name && $0.free == 1 && $0.game == "snap-pool" } }, "\(seen.last)")
        // The browser hands on changes only, each list sorted by name.
        #expect(seen.last == seen.last.sorted { $0.name < $1.name })

        announcer.withdraw()
        announcer.withdraw()
        #expect(waitUntil(20) { !seen.last.contains { $0.name == name } }, "\(seen.last)")
    }

    @Test(.enabled(if: avahiRunning, "no avahi-daemon running here (scripts/env/with-avahi starts one)"))
    func aTakenNameGetsAvahisAlternative() throws {
        let name = Self.uniqueName("Ann")
        let first = try GameAnnouncer(name: name, port: 40_124, free: 4, bind: "127.0.0.1")
        defer { first.withdraw() }
        let seen = Seen()
        let browser = try GameBrowser { seen.add($0) }
        defer { browser.stop() }
        #expect(waitUntil(20) { seen.last.contains { $0.name == name } })
        let second = try GameAnnouncer(name: name, port: 40_125, free: 3, bind: "127.0.0.1")
        defer { second.withdraw() }
        #expect(waitUntil(20) { second.name == "\(name) #2" }, "\(second.name)")
        #expect(waitUntil(20) { seen.last.contains(FoundGame(name: "\(name) #2", host: "127.0.0.1", port: 40_125, free: 3)) }, "\(seen.last)")
        #expect(seen.last.contains(FoundGame(name: name, host: "127.0.0.1", port: 40_124, free: 4)))
    }

    @Test(.enabled(if: avahiRunning, "no avahi-daemon running here (scripts/env/with-avahi starts one)"))
    func aLongNameIsAnnouncedCutToOneLabel() throws {
        // The number first: the cut falls at the end.
        let name = "\(UInt32.random(in: 100_000...999_999)) " + String(repeating: "é", count: 60)
        let announcer = try GameAnnouncer(name: name, port: 40_126, free: 1, bind: "127.0.0.1")
        defer { announcer.withdraw() }
        #expect(announcer.name == GameRecord.instanceName(name) && announcer.name.utf8.count <= 63)
        let seen = Seen()
        let browser = try GameBrowser { seen.add($0) }
        defer { browser.stop() }
        #expect(waitUntil(20) { seen.last.contains { $0.name == announcer.name && $0.port == 40_126 } }, "\(seen.last)")
    }

    @Test func aBadPortIsRefusedBeforeAvahiIsAsked() {
        #expect(throws: DiscoveryError.self) { try GameAnnouncer(name: "Ann", port: 0, free: 1) }
        #expect(throws: DiscoveryError.self) { try GameAnnouncer(name: "Ann", port: 70_000, free: 1) }
    }
}
