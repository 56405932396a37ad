import Foundation
import Testing

/// Whether avahi-daemon answers here: the discovery tests that need it are skipped, saying why,
/// where it does not (`scripts/test` starts it through scripts/env/with-avahi).
enum Avahi {
    static var isRunning: Bool {
        guard let daemon = ["/usr/sbin/avahi-daemon", "/sbin/avahi-daemon"].first(where: FileManager.default.isExecutableFile) else { return false }
        guard let r = try? SnapTableRunner.run(["--check"], input: .bytes(Data()), timeout: 10, executable: URL(fileURLWithPath: daemon)) else { return false }
        return r.status == 0
    }

    static let skipReason: Comment = "no avahi-daemon running here (scripts/env/with-avahi starts one with the system D-Bus)"

    /// A system bus address where no bus listens: Avahi's client cannot reach any daemon.
    static let noBus = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/snap-table-test/bus"]
}

@Suite("Network discovery end to end", .serialized)
struct DiscoveryEndToEndTests {
    /// `snap-table --list-games` as NAME, HOST:PORT, FREE, GAME rows; every line must be well formed.
    static func listGames(_ environment: [String: String]? = nil) throws -> (status: Int32, games: [[String]], stderr: String) {
        let r = try SnapTableRunner.run(["--list-games"], environment: environment, timeout: 20)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        for l in lines { #expect(l.count == 4 && Int(l[2]) != nil && !l[3].isEmpty, "a malformed line: \(l)") }
        #expect(r.stdout.isEmpty || r.stdout.hasSuffix("\n"))
        return (r.status, lines, r.stderr)
    }

    /// The free seats `--list-games` shows for the game called `name` (nil when not listed).
    static func listed(_ name: String, at address: String) throws -> Int? {
        let r = try listGames()
        #expect(r.status == 0, "\(r.stderr)")
        return r.games.first { $0.first == name && $0.dropFirst().first == address }.flatMap { Int($0[2]) }
    }

    @Test(.enabled(if: Avahi.isRunning, Avahi.skipReason))
    func listGamesSeesTheGameAppearChangeAndDisappear() throws {
        let dir = try SnapTableRunner.tempDir("discovery")
        // A name of its own (other runs may share the daemon), with the characters DNS-SD escapes.
        let name = "Ann's table \(UInt16.random(in: 1000...9999))"
        let host = try NetProcess("host", ["--host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--code", "K7F2Q",
                                           "--name", name, "--game", "snap-pool", "--log-level", "debug"], in: dir)
        defer { host.finish(within: 0) }
        #expect(waitUntil(20) { host.stdout.contains("hosting on") }, "the host printed no address: \(host.stderr)")
        let line = host.stdout.split(separator: "\n").first { $0.hasPrefix("hosting on") } ?? ""
        let port = try #require(line.split(separator: " ").dropFirst(2).first.flatMap { $0.split(separator: ":").last }.flatMap { Int($0) })
        let address = "127.0.0.1:\(port)"

        // Every seat is free on a headless host.
        #expect(waitUntil(30) { (try? Self.listed(name, at: address)) == 4 }, "not listed with 4 free seats: \((try? Self.listGames().games) ?? []); host: \(host.stderr)")
        // The game it deals is announced with it.
        #expect(try Self.listGames().games.first { $0.first == name }?.last == "snap-pool")

        // A client joins at the listed address: one seat fewer.
        let bea = try NetEndToEndTests.startClient("Bea", port: port, in: dir, replay: nil)
        defer { bea.finish(within: 0) }
        #expect(waitUntil(20) { NetEndToEndTests.joined(bea) != nil }, "Bea did not join: \(bea.stderr)")
        #expect(waitUntil(30) { (try? Self.listed(name, at: address)) == 3 }, "the free seats did not drop: \((try? Self.listGames().games) ?? [])")

        // The host stops: the game is gone from the network.
        host.signal(SIGTERM)
        #expect(host.finish() == 0, "\(host.stderr)")
        #expect(waitUntil(30) { (try? Self.listGames().games.allSatisfy { $0.first != name }) == true }, "still listed after the host stopped")
        #expect(!host.stderr.contains("not announced"), "\(host.stderr)")
        bea.signal(SIGTERM)
        #expect(bea.finish() == 0, "\(bea.stderr)")
    }

    @Test func withNoDaemonToAskListGamesIsAClearErrorAndExits1() throws {
        let r = try SnapTableRunner.run(["--list-games"], environment: ProcessInfo.processInfo.environment.merging(Avahi.noBus) { $1 }, timeout: 20)
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("snap-table: error: cannot list games: no DNS-SD daemon"), "\(r.stderr)")
        #expect(r.stderr.contains("join by address"), "\(r.stderr)")
    }

    @Test func withNoDaemonTheHostSaysItIsNotAnnouncedAndPlaysOn() throws {
        let dir = try SnapTableRunner.tempDir("discovery-nobus")
        let host = try NetProcess("host", ["--host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--code", "K7F2Q", "--name", "Ann"],
                                  in: dir, environment: ProcessInfo.processInfo.environment.merging(Avahi.noBus) { $1 })
        defer { host.finish(within: 0) }
        #expect(waitUntil(20) { host.stdout.contains("hosting on") }, "\(host.stderr)")
        #expect(waitUntil(20) { host.stderr.contains("not announced on the network: no DNS-SD daemon") }, "\(host.stderr)")
        #expect(host.stderr.contains("join by address"))
        let line = host.stdout.split(separator: "\n").first { $0.hasPrefix("hosting on") } ?? ""
        let port = try #require(line.split(separator: " ").dropFirst(2).first.flatMap { $0.split(separator: ":").last }.flatMap { Int($0) })
        // Joined by address all the same.
        let bea = try NetEndToEndTests.startClient("Bea", port: port, in: dir, replay: nil)
        defer { bea.finish(within: 0) }
        #expect(waitUntil(20) { NetEndToEndTests.joined(bea) != nil }, "Bea did not join: \(bea.stderr)")
        bea.signal(SIGTERM)
        #expect(bea.finish() == 0, "\(bea.stderr)")
        host.signal(SIGTERM)
        #expect(host.finish() == 0, "\(host.stderr)")
    }

    @Test func badNamesForAHostAreClearErrors() throws {
        let cases: [([String], String)] = [
            (["--host", "--headless", "--name", "  "], "--name: the name is empty"),
            (["--host", "--headless", "--name", String(repeating: "x", count: 65)], "--name: the name is longer than 64 characters"),
            (["--list-games", "--host"], "--list-games runs on its own"),
        ]
        for (args, message) in cases {
            let r = try SnapTableRunner.run(args, timeout: 20)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }
}
