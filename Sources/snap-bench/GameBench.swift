import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// Whole Snap! rounds played by computer players on the virtual clock, nothing drawn: how many
/// the rules get through per second of wall time.
struct GameBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "game",
        abstract: "Prints Snap! rounds simulated per second (hard computer players, 2 to 4 players, no drawing).")

    @Option(help: "Rounds to play (1...1000000).") var games = 2_000
    @Option(help: "Seed of the first round; the next rounds take the following seeds.") var seed: UInt64 = 1
    @Option(help: "The game: snap, snap-pool, slapjack or ratscrew.") var game = "snap"
    @Option(name: .customLong("rule"), help: "A house rule on or off (colour=on, marriage=on); repeatable.") var rules: [String] = []

    func validate() throws {
        guard (1...1_000_000).contains(games) else { throw ValidationError("--games wants 1...1000000, got \(games)") }
        guard GameKind(id: game) != nil else { throw ValidationError("--game: \"\(game)\" is not one of \(GameKind.ids.joined(separator: ", "))") }
        _ = try house()
    }

    func house() throws -> HouseRules {
        var h = HouseRules.standard
        for r in rules { do throws(HouseRuleError) { try h.set(r) } catch { throw ValidationError("--rule: \(error)") } }
        do throws(HouseRuleError) { try h.check(for: GameKind(id: game) ?? .snap) } catch { throw ValidationError("--rule: \(error)") }
        return h
    }

    func run() throws {
        let kind = GameKind(id: game) ?? .snap
        let r = SnapGameBench.run(games: games, seed: seed, kind: kind, house: try house())
        // other: rounds that hit the step cap or wait for a person (neither happens with computer players alone).
        let rules = rules.isEmpty ? "" : ", " + rules.joined(separator: ", ")
        print("snap-bench game: \(r.games) rounds of \(kind.id)\(rules) from seed \(seed), 2 to 4 hard computer players in turn, no drawing")
        let perStep = r.steps > 0 ? r.seconds / Double(r.steps) * 1e6 : 0
        print("  games \(r.games)   finished \(r.finished)   stalled \(r.stalled)   other \(r.games - r.finished - r.stalled)   "
              + "\(DecimalText.fixed(r.seconds, 3)) s   \(DecimalText.fixed(r.gamesPerSecond, 1)) games/s   "
              + "\(DecimalText.fixed(perStep, 2)) µs per clock step (\(r.steps) steps)")
    }
}
