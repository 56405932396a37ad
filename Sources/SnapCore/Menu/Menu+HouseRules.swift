/// The house rules screen: the chosen game's rules (`HouseRules.names(for:)`), each a choice that
/// turns it on or off (`toggleRule`, beside the other changes to Settings). Every change is saved
/// in Settings at once, so a hosted table not dealt yet deals by it too.
extension Menu {
    /// Play here's and the host's item that opens the screen; greyed out for a game without
    /// house rules (Slapjack), so the items below it stay where they were.
    var houseRulesItem: MenuItem {
        guard !HouseRules.names(for: settings.game).isEmpty else {
            // TRANSLATORS: a greyed-out menu item under "Game: Slapjack": that game has no house rules to choose.
            return MenuItem("rules", words.tr("House rules: none"), enabled: false)
        }
        // TRANSLATORS: a menu item that opens the screen of the chosen game's house rules.
        return MenuItem("rules", words.tr("House rules…"))
    }

    /// The screen's items: one per rule of the game, named as `--rule` names it, then Back.
    var houseRulesItems: [MenuItem] {
        HouseRules.names(for: settings.game).map { MenuItem($0, ruleLabel($0, on: settings.rules.isOn($0) ?? false), kind: .choice) }
            + [MenuItem("back", words.tr("Back"))]
    }

    /// The rule as its item says it, on or off (a whole sentence each, for translators).
    func ruleLabel(_ name: String, on: Bool) -> String {
        switch name {
        case "colour":
            on
                // TRANSLATORS: Snap!'s house rule: two top cards match on rank and colour (both red or both black).
                ? words.tr("Match: rank and colour")
                // TRANSLATORS: Snap!'s usual rule: two top cards match on rank alone.
                : words.tr("Match: rank")
        case "sandwich":
            on
                // TRANSLATORS: Egyptian Ratscrew's house rule: a sandwich (a rank, one other card, the same rank again, as 7 K 7) may be slapped.
                ? words.tr("Sandwich: on")
                // TRANSLATORS: the same rule turned off: a sandwich is not slapped.
                : words.tr("Sandwich: off")
        case "slap-back-in":
            on
                // TRANSLATORS: Egyptian Ratscrew's house rule: a player with no cards left stays in and may win cards back by slapping.
                ? words.tr("Slap back in: on")
                // TRANSLATORS: the same rule turned off: a player with no cards left is out.
                : words.tr("Slap back in: off")
        case "top-and-bottom":
            on
                // TRANSLATORS: Egyptian Ratscrew's house rule: the centre pile may be slapped when its top card has the rank of its bottom card.
                ? words.tr("Top and bottom: on")
                // TRANSLATORS: the same rule turned off: top and bottom alike are not slapped.
                : words.tr("Top and bottom: off")
        case "marriage":
            on
                // TRANSLATORS: Egyptian Ratscrew's house rule: a King and a Queen on top of each other may be slapped.
                ? words.tr("Marriage (King and Queen): on")
                // TRANSLATORS: the same rule turned off: a King and a Queen are not slapped.
                : words.tr("Marriage (King and Queen): off")
        default:
            name
        }
    }
}
