import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SnapApp
import SnapCore

extension BotLevel: ExpressibleByArgument {}

/// Who plays: the free table or Snap!, the seats (`--players`/`--me` or a `--table` file), the
/// computer players, the shuffle and live seat updates.
struct SeatOptions: ParsableArguments {
    @Flag(help: "The free table instead of Snap!: click to deal, drag cards anywhere, the discard slot.")
    var sandbox = false

    @Option(help: "Computer players for the seats nobody plays: easy, normal, hard or off (seats stay empty; default: Settings).")
    var bots: BotLevel?

    @Option(help: ArgumentHelp("The game: snap, snap-pool, slapjack or ratscrew (default: Settings, else snap).", valueName: "game"))
    var game: String?

    @Option(name: .customLong("rule"), help: ArgumentHelp("A house rule on or off; repeatable (default: Settings). Snap! and Snap pool: colour (a match needs rank and colour). Egyptian Ratscrew: sandwich, slap-back-in (on by default), top-and-bottom, marriage.", valueName: "name=on|off"))
    var rules: [String] = []

    @Option(help: ArgumentHelp("Fixes the shuffle and the computer players' timings (default: a new game each run).", valueName: "N"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Players in seat order 0, 1, 2, 3, comma-separated (ids equal the names).", valueName: "names"))
    var players: String?

    @Option(help: ArgumentHelp("The player at this machine (default: the first of --players).", valueName: "id"))
    var me: String?

    @Option(help: ArgumentHelp("Seats from a JSON file: {\"me\", \"active\", \"status\", \"players\": [{\"id\", \"name\", \"seat\", \"gamesWon\"}]}.", valueName: "file"))
    var table: String?

    @Option(help: ArgumentHelp("Read live seat updates (player join/leave, active, wins, snap, status), one per line; - for standard input.", valueName: "file"))
    var feed: String?

    func validate() throws {
        if players != nil && table != nil { throw ValidationError("give either --players or --table, not both") }
        if me != nil && players == nil { throw ValidationError("--me needs --players (a --table file names its own 'me')") }
        if let game, GameKind(id: game) == nil {
            throw ValidationError("--game: \"\(game)\" is not a game here (games: \(GameKind.ids.joined(separator: ", ")))")
        }
        var house = HouseRules.standard
        for r in rules {
            do throws(HouseRuleError) { try house.set(r) } catch { throw ValidationError("--rule: \(error)") }
        }
        // A rule of another game than --game's is a mistake worth naming. (With the game from Settings,
        // Settings keep every game's rules and the game deals by its own: `HouseRules.only(for:)`.)
        if let kind = game.flatMap(GameKind.init(id:)) {
            do throws(HouseRuleError) { try house.check(for: kind) } catch { throw ValidationError("--rule: \(error)") }
        }
    }

    /// These options say what to play, so the menu is skipped.
    var saysWhatToPlay: Bool { sandbox || players != nil || table != nil }

    /// `--bots`, `--game` and `--rule` win over the settings' for this run (`off` is not kept: it leaves seats empty).
    func apply(to s: inout Settings) {
        if let bots, bots != .off { s.bots = bots }
        // Checked in `validate`.
        for r in rules { try? s.rules.set(r) }
        if let g = game.flatMap(GameKind.init(id:)) { s.game = g }
    }

    /// `repeatable`: a screenshot run, which deals the same game every time unless `--seed` says.
    func apply(to o: inout AppOptions, settings: Settings, repeatable: Bool) {
        o.sandbox = sandbox
        o.bots = bots ?? settings.bots
        // Replays and screenshots are repeatable by default; a live game is new each time.
        o.seed = seed ?? (repeatable ? 1 : UInt64.random(in: 1...UInt64(UInt32.max)))
        o.feed = feed
    }

    /// The seats `--players`/`--me` or the `--table` file give; the demo four otherwise.
    func seating() throws -> Seating {
        do {
            if let players { return try SeatingFile.fromList(players, me: me) }
            if let table {
                guard let data = FileManager.default.contents(atPath: table) else {
                    throw AppFailure.badInput("cannot read table file \(table)")
                }
                return try SeatingFile.parse(data, file: table)
            }
        } catch let e as SeatingError {
            throw AppFailure.badInput(e.message)
        }
        return DemoSeating.make()
    }
}
