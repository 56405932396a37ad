"""Whether a Snap! or Snap pool table shows a match, from a state file's `game` (or a page's seats
put in the same shape): what the people seats of the end-to-end tests call Snap! on."""


def rank(card):
    return card[:-1] if card else None


def match_key(card, colour=False):
    """What two top cards must share to match (HouseRules.key; the phone's drawn.js matchKey): the
    rank, and under the colour house rule the colour too (red: hearts and diamonds)."""
    if not card:
        return None
    return rank(card) + ("r" if card[-1] in "HD" else "b") if colour else rank(card)


def pool_match(g, rules=None):
    """The match showing, as the host's NetGameState.matchPairs keys it ("Ann:7H|Ben:7S",
    "Ann:7H|pool:7S"), or None: two open tops that match among players still in, or (Snap pool)
    an open top matching the pool's top card. They match on rank, or with the colour house rule on
    rank and colour. `g` has `piles` [{player, top, out}], in Snap pool `pool` {top}, and `rules`
    {"colour": bool} as the state file says them (`rules` given here overrides it: a page's look
    has none). Plain Snap! has no pool: only two open tops match."""
    colour = bool(((g.get("rules") if rules is None else rules) or {}).get("colour"))
    tops = [(p["player"], p["top"]) for p in g.get("piles", []) if p.get("top") and not p.get("out")]
    for i, (a, ca) in enumerate(tops):
        for b, cb in tops[i + 1:]:
            if match_key(ca, colour) == match_key(cb, colour):
                return f"{a}:{ca}|{b}:{cb}"
    top = (g.get("pool") or {}).get("top")
    for a, ca in tops:
        if top and match_key(ca, colour) == match_key(top, colour):
            return f"{a}:{ca}|pool:{top}"
    return None
