import Foundation
import Testing
@testable import SnapCore

@Suite("The game in the state JSON")
struct GameStateJSONTests {
    @Test func pilesCallsAndNullsWithSortedKeys() throws {
        var g = try GameFixture.playing(["A", "B"])
        g.arrange(["A": ("2S", "9H"), "B": ("3S", "9S")], rest: "B")
        let text = try #require(String(data: GameStateJSON(game: g).jsonData(), encoding: .utf8))
        #expect(text.contains("\"lastCall\" : null"))
        #expect(text.contains("\"winner\" : null"))
        let keys = ["lastCall", "phase", "piles", "round", "turn", "winner"]
        let positions = keys.map { text.range(of: "\"\($0)\"")!.lowerBound }
        #expect(positions == positions.sorted(), "keys sorted")

        _ = g.act(.callSnap(player: "B"), at: 5)
        let j = try JSONSerialization.jsonObject(with: GameStateJSON(game: g).jsonData()) as! [String: Any]
        #expect(j["round"] as? Int == 1 && j["phase"] as? String == "playing" && j["turn"] as? String == "A")
        let piles = j["piles"] as! [[String: Any]]
        #expect(piles.map { $0["player"] as! String } == ["A", "B"])
        #expect(piles[0]["open"] as? Int == 0 && piles[0]["top"] is NSNull)
        #expect(piles[1]["closed"] as? Int == 52 - 1, "all but A's closed 2S")
        let call = j["lastCall"] as! [String: Any]
        #expect(call["player"] as? String == "B" && call["correct"] as? Bool == true && call["late"] as? Bool == false && call["cards"] as? Int == 2)
    }

    @Test func topIsTheFaceCode() throws {
        var g = try GameFixture.playing(["A", "B"])
        g.arrange(["A": ("2S 10H", "")], rest: "B")
        _ = g.act(.turnOver(player: "A"), at: 5)
        #expect(GameStateJSON(game: g).piles[0].top == "10H")
    }
}
