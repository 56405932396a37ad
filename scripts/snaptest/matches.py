"""Whether a Snap pool table shows a match, from a state file's `game` (or a page's seats put in
the same shape): what the people seats of the end-to-end tests call Snap! on."""


def rank(card):
    return card[:-1] if card else None


def pool_match(g):
    """The match showing, as the host's matchPairs keys it ("Ann:7H|Ben:7S", "Ann:7H|pool:7S"),
    or None: two open tops of the same rank among players still in, or an open top of the pool's
    top card's rank. `g` has `piles` [{player, top, out}] and `pool` {top} (rank only: the tests
    play without the colour house rule)."""
    tops = [(p["player"], p["top"]) for p in g.get("piles", []) if p.get("top") and not p.get("out")]
    for i, (a, ca) in enumerate(tops):
        for b, cb in tops[i + 1:]:
            if rank(ca) == rank(cb):
                return f"{a}:{ca}|{b}:{cb}"
    top = (g.get("pool") or {}).get("top")
    for a, ca in tops:
        if top and rank(ca) == rank(top):
            return f"{a}:{ca}|pool:{top}"
    return None
