#!/usr/bin/env python3
"""Slapjack, Egyptian Ratscrew, Snap pool and Snap! (colour house rule) across machines (no X server needed), one round of
each to its end: a headless host with a hard computer player in the third seat, a phone (Debian's
chromium, headless, driven by Selenium) and an offscreen `snap-table --join` client. The phone and
the client play their turns as soon as the state says so and both slap every pile the host says
may be slapped (`centre.slap`, which the phone's #centre shows as data-slap), the phone first;
each slaps wrongly once on its own turn, checked (Slapjack: a card paid to whoever played the top
card; Ratscrew: a card burned face down under the pile). The phone's page is checked as it goes
(the centre pile against the host's state file, the two cards under the top in Ratscrew, the
challenge, the Slap! button, the game's name, no open piles, axe-core) until the round ends:
phase roundOver and the winner holding all 52 cards on the phone, the client and the host. Last,
the host's --record replays (--replay-record) to the same verdicts.

In Snap pool one of the two calls Snap! on every match the phone shows (two open tops of one
rank, or an open top and the pool's top card: snaptest.matches), one who has won none yet, else
whoever holds more cards (both at once would be a tie), racing the computer player; each wins some. Each calls wrongly once on
its own turn: its open pile goes onto the pool, checked on the host, the phone (#pool's count and
top card, the status) and the client. The round ends with the pool empty and one player holding
all 52 cards, on every side.

Snap! is played with the colour house rule (`--rule colour=on`: two open tops match on rank and
colour; the phone's caption says so) the same way, with no pool: a wrong call pays a card from the
bottom of the caller's pile to each other player still in (or what they had), checked on the host
(counts and status), the phone (its status) and the client.

The host serves this checkout's Resources/ (--assets), so the page tested is the one committed here.

Usage: python -m tests.centre [BIN_DIR] [GAME[:SEED] ...]   (default .build/debug, the four
games with their seeds below: slapjack, ratscrew, snap-pool, snap; run with the venv that
scripts/env/web-venv prints). SNAP_CENTRE_SHOTS=DIR saves a phone screenshot of each game there
(DIR/phone-GAME.png).
"""
import os
import shutil
import sys
import tempfile
import time

from snaptest.checklist import Checklist, quietly
from snaptest.matches import pool_match
from snaptest.waiting import stop
from snaptest.weblib import by_id, host_state, phone, replays_as_recorded, start_host, start_join, tap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARGS = sys.argv[1:]
SEEDS_OF = ("slapjack", "ratscrew", "snap-pool", "snap")
BIN = ARGS.pop(0) if ARGS and ":" not in ARGS[0] and ARGS[0].partition(":")[0] not in SEEDS_OF else ".build/debug"
TABLE = os.path.join(BIN, "snap-table")
ASSETS = os.path.join(ROOT, "Resources")
# Seeds whose rounds end quickly when the two people seats play and slap at once: on the shared
# 2-core machine (load 4 to 5) Slapjack's seed 5 ended in 16 to 24 s of play over 5 runs,
# Ratscrew's seed 4 in 18 s over 4 (seeds 1 to 6: 22 to 54 s); Snap pool's seeds 1 to 4 took 21
# to 37 s in all (start and checks included), seed 3 the least; Snap! with the colour rule (fewer
# matches, longer rounds) seed 1 in 34 s, seed 2 in 51 s.
SEEDS = {"slapjack": 5, "ratscrew": 4, "snap-pool": 3, "snap": 1}
KINDS = {"slapjack": "slapjack", "ratscrew": "ratscrew", "snap-pool": "snapPool", "snap": "snap"}
NAMES = {"slapjack": "Slapjack", "ratscrew": "Egyptian Ratscrew", "snap-pool": "Snap pool", "snap": "Snap!"}
# The games played on open piles, calling Snap! on matches (pool_round).
OPEN = ("snap-pool", "snap")
# Ratscrew with two house rules: shorter rounds (a player with no cards is out; more piles to
# slap), and a caption that says them.
RULES = {"slapjack": [], "ratscrew": ["slap-back-in=off", "top-and-bottom=on"], "snap-pool": [], "snap": ["colour=on"]}
CAPTIONS = {"slapjack": "Slapjack", "ratscrew": "Egyptian Ratscrew · No slapping back in · Slap top and bottom",
            "snap-pool": "Snap pool", "snap": "Snap! · Match: rank and colour"}
ROUND_LIMIT = 75
DEBUG = bool(os.environ.get("SNAP_CENTRE_DEBUG"))
SHOTS = os.environ.get("SNAP_CENTRE_SHOTS")  # seconds of play before the round counts as not ending
CHECKS = Checklist()
check, wait, failures = CHECKS.check, CHECKS.wait, CHECKS.failures

VIEW = """
const t = document.getElementById('table'), c = document.getElementById('centre');
const st = document.getElementById('status');
const seats = [...t.querySelectorAll('.seat')].filter(s => s.dataset.player).map(s => ({
  player: s.dataset.player, closed: Number(s.dataset.closed), out: s.dataset.out === 'true',
  open: Number(s.dataset.open || 0), top: s.dataset.top || null,
  challenge: s.dataset.challenge === undefined ? null : Number(s.dataset.challenge),
  openPiles: s.querySelectorAll('.pile.open').length}));
return {seq: Number(t.dataset.seq), phase: t.dataset.phase, turn: t.dataset.turn || null, me: t.dataset.me,
  centre: c.hidden ? null : {count: Number(c.dataset.count), burned: Number(c.dataset.burned), top: c.dataset.top || null,
    under: c.dataset.under ? c.dataset.under.split(',') : [], slap: c.dataset.slap || null, topBy: c.dataset.topBy || null,
    collecting: c.dataset.collecting || null, faces: c.querySelectorAll('.card.face').length},
  status: st.textContent, statusKind: st.dataset.kind || '', caption: document.getElementById('caption').textContent,
  button: document.getElementById('snap').textContent, turnOver: !document.getElementById('turn-over').disabled,
  pool: document.getElementById('pool').hidden ? {count: 0, top: null}
    : {count: Number(document.getElementById('pool').dataset.count), top: document.getElementById('pool').dataset.top || null},
  matchShowing: window.snapTable.matchShowing, drawnSeq: (window.snapTable.lastDrawn || {}).seq ?? null, seats};
"""


def axe_check(driver, where):
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    result = axe.run()
    bad = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    for v in bad:
        print(f"     axe {v['impact']}: {v['id']}: {v['help']} ({len(v['nodes'])} nodes)")
    check(not bad, f"axe-core: no serious or critical violation on {where} ({len(result['violations'])} minor)")


def centre_of_host(g):
    """The state file's centre as the phone's #centre says it: count, burned, top, under."""
    c = g.get("centre") or {}
    return {"count": c.get("count"), "burned": c.get("burned"), "top": c.get("top"), "under": c.get("under") or []}


def play(game, seed, a):
    """One round of `game` to its end; `a` is the phone's browser."""
    work = tempfile.mkdtemp(prefix=f"centre-{game}-")
    state, client_state = os.path.join(work, "host.json"), os.path.join(work, "client.json")
    record = os.path.join(work, f"{game}.record")
    procs = []
    code = "SLAP" + str(seed % 10)
    started = time.monotonic()
    try:
        host, address = start_host(TABLE, code, ["--game", game, "--players", "Ann,Ben,Cy", "--bots", "hard", "--start-with", "2",
                                                 "--seed", str(seed), "--record", record, "--assets", ASSETS]
                                 + [w for r in RULES[game] for w in ("--rule", r)], state_out=state)
        procs.append(host)
        a.execute_script("localStorage.clear()") if a.current_url.startswith("http") else None
        a.get(f"http://{address}/?code={code}")
        by_id(a, "name").send_keys("Pia")
        by_id(a, "join-button").click()
        wait(lambda: a.execute_script(VIEW)["me"], 15, f"{game}: the phone is seated")
        me_a = a.execute_script(VIEW)["me"]
        client, me_c = start_join(TABLE, address, code, "Ola", state_out=client_state)
        procs.append(client)
        check(me_c is not None and me_c != me_a, f"{game}: two seats: {me_a} (phone), {me_c} (snap-table)")
        wait(lambda: a.execute_script(VIEW)["phase"] == "playing", 20, f"{game}: the deal reaches the phone")

        def view():
            return a.execute_script(VIEW)

        def hstate(full=False):
            """The host's state file's game (the whole file when `full`: its status too)."""
            f = host_state(host, state)
            return f if full else f.get("game") or {}

        def cstate():
            return host_state(client, client_state).get("game") or {}

        def feed(line):
            client.stdin.write(line + "\n")
            client.stdin.flush()

        names = {me_a: "Pia", me_c: "Ola", "Cy": "Cy"}
        v = view()
        name = NAMES[game]
        check(v["caption"] == CAPTIONS[game], f"{game}: the phone names the game and its house rules ({v['caption']!r})")
        word = "Snap!" if game in OPEN else "Slap!"
        check(v["button"] == word, f"{game}: the big button says {word} ({v['button']!r})")
        if game in OPEN:
            check(v["centre"] is None and all(s["openPiles"] == 1 for s in v["seats"]),
                  f"{game}: the phone draws open piles and no centre pile")
        else:
            check(v["centre"] is not None and all(s["openPiles"] == 0 for s in v["seats"]),
                  f"{game}: the phone draws the centre pile and no open piles")
        check(hstate().get("kind") == KINDS[game], f"{game}: the host deals {game}")

        slapped, seen_slap_keys = set(), set()
        wrong = {me_a: False, me_c: False}
        stats = {"slaps": 0, "challenge": False, "under": False, "centreMatched": 0, "matchShown": 0, "matchWrong": 0,
                 "statuses": set()}
        shot_level = 0
        last_slap = 0.0
        deadline = time.monotonic() + ROUND_LIMIT
        stats["steps"] = 0
        if game in OPEN:
            wrong, stats = pool_round(game, a, me_a, me_c, view, hstate, cstate, feed, names, deadline, stats)
        for v in [] if game in OPEN else playing_views(view, stats, deadline, lambda v: (
                f"{time.monotonic() - started:6.2f} seq {v['seq']} {v['phase']} turn {v['turn']} {v['centre']} "
                f"{[(s['player'], s['closed']) for s in v['seats']]} {v['status']!r}")):
            c = v["centre"] or {}
            mine = {s["player"]: s for s in v["seats"]}
            if v["drawnSeq"] == v["seq"]:  # the page's last frame shows what its DOM does
                if c.get("slap"):
                    stats["matchShown"] += bool(v["matchShowing"])
                elif v["matchShowing"]:
                    stats["matchWrong"] += 1
            if game == "ratscrew" and v["statusKind"] == "challenge" and not stats["challenge"]:
                who = next((s for s in v["seats"] if s["challenge"] is not None), None)
                stats["challenge"] = True
                check("must play a face card" in v["status"] and who is not None and f"{who['challenge']} left" in v["status"],
                      f"{game}: the phone shows the challenge, prominent, by the challenged seat ({v['status']!r})")
            if len(c.get("under") or []) == 2 and c.get("faces") == 3:
                stats["under"] = True
            if SHOTS and shot_worth(game, v) > shot_level:  # the most telling moment for a picture
                shot_level = shot_worth(game, v)
                shoot(a, game)
            # Slap every pile the host says may be slapped, at once: the phone, then the client.
            if c.get("slap") and (c["count"], c["top"]) not in slapped:
                slapped.add((c["count"], c["top"]))
                if not mine[me_a]["out"]:
                    tap(a, "snap")
                if not mine[me_c]["out"]:
                    feed(f"call {me_c}")
                stats["slaps"] += 1
                last_slap = time.monotonic()
                quietly(lambda: (lambda w: w["seq"] != v["seq"] and ((w["centre"] or {}).get("count") != c["count"]
                                                                      or w["phase"] != "playing"))(view()), 3)
                continue
            who = v["turn"]
            if who in wrong and not wrong[who] and c.get("top") and time.monotonic() - last_slap > 1.5 and not c.get("collecting") and mine[who]["closed"] >= 3 \
                    and (game == "ratscrew" or (c.get("topBy") not in (None, who) and not mine[c["topBy"]]["out"])):
                wrong[who] = wrong_slap(game, who, who == me_a, a, feed, hstate, cstate, view, c, names)
                continue
            if who in (me_a, me_c):
                if who == me_a:
                    tap(a, "turn-over")
                else:
                    feed(f"turn {me_c}")
                # Until the card is down (or the turn moved on): then look again.
                quietly(lambda: (lambda w: w["phase"] != "playing" or w["turn"] != who or (w["centre"] or {}).get("count") != c.get("count")
                                 or next(s["closed"] for s in w["seats"] if s["player"] == who) != mine[who]["closed"])(view()), 2)
                continue
            quietly(lambda: view()["seq"] != v["seq"], 1)
        played = time.monotonic() - started
        v = view()
        if not shot_level:
            shoot(a, game)
        print(f"     ({game}, seed {seed}: {stats['steps']} looks, {stats['slaps']} {'matches called' if game in OPEN else 'slappable piles slapped'}, statuses {sorted(stats['statuses'] - {''})})")
        check(v["phase"] == "roundOver", f"{game}: the round ends within {ROUND_LIMIT} s of play ({played:.1f} s from the host's start)")
        check(wrong[me_a] and wrong[me_c], f"{game}: the phone and the client each {'called' if game in OPEN else 'slapped'} "
                                           f"wrongly once, as checked ({wrong})")
        check(stats["slaps"] > 0 and stats["matchShown"] > 0 and stats["matchWrong"] == 0,
              f"{game}: the phone's fair-race key shows a match exactly when "
              f"{'its open piles (and pool) show one' if game in OPEN else 'the host says the pile may be slapped'} "
              f"({stats['matchShown']} looks with one, {stats['matchWrong']} without)")
        if game == "ratscrew":
            check(stats["challenge"], f"{game}: a challenge was shown on the phone")
            check(stats["under"], f"{game}: the phone showed the two face-up cards under the top one")
        if v["phase"] == "roundOver":
            winner = next((s for s in v["seats"] if s["closed"] + s["open"] == 52), None)
            middle = v["pool"] if game in OPEN else v["centre"] or {}
            check(winner is not None and all(s["closed"] + s["open"] == 0 for s in v["seats"] if s is not winner)
                  and middle.get("count") == 0,
                  f"{game}: the phone shows the winner holding all 52 cards, {'no pool' if game == 'snap' else 'the pool empty' if game in OPEN else 'the centre pile empty'} "
                  f"({[(s['player'], s['closed'], s['open']) for s in v['seats']]}, {middle})")
            g = hstate()
            hw = g.get("winner")
            hp = {p["player"]: p["closed"] + p.get("open", 0) for p in g.get("piles", [])}
            check(g.get("phase") == "roundOver" and hw == (winner or {}).get("player") and hp.get(hw) == 52
                  and (((g.get("pool") if game in OPEN else g.get("centre")) or {}).get("count") or 0) == 0,
                  f"{game}: the host's state agrees: {hw} wins with 52 cards")
            wait(lambda: (lambda cg: cg.get("phase") == "roundOver" and cg.get("winner") == hw
                          and {p["player"]: p["closed"] + p.get("open", 0) for p in cg.get("piles", [])}.get(hw) == 52)(
                host_state(client, client_state).get("game") or {}), 5, f"{game}: the snap-table client's state agrees")
            wait(lambda: "win" in view()["status"], 5, f"{game}: the phone's status says who won ({view()['status']!r})")
            axe_check(a, f"the {name} table after the round")
        # The host's record runs through the game's rules again to the same verdicts.
        stop(host)
        procs.remove(host)
        ok, said = replays_as_recorded(TABLE, record)
        check(ok, f"{game}: --replay-record gives the recorded verdicts again ({said})")
    finally:
        stop(*reversed(procs))
        shutil.rmtree(work, ignore_errors=True)
    took = time.monotonic() - started
    print(f"     ({game}: {took:.1f} s in all)")
    return took


def rules_of(game):
    """The house rules as the state file's `rules` says them ({"colour": True})."""
    return {n: w == "on" for n, _, w in (r.partition("=") for r in RULES[game])}


def as_game(v, game):
    """The phone's look in a state file's shape, for pool_match (with the rules the host was given)."""
    return {"piles": [{"player": s["player"], "top": s["top"], "out": s["out"], "open": s["open"]} for s in v["seats"]],
            "pool": v["pool"], "rules": rules_of(game)}


def playing_views(view, stats, deadline, describe):
    """The phone's views while a round is played, until it is over or `deadline` passes: each one
    counted (stats["steps"]) with its status (stats["statuses"]) and, under SNAP_CENTRE_DEBUG, printed
    as `describe(v)`; a view between rounds is not played on: the next one is waited for (2 s at most)."""
    while time.monotonic() < deadline:
        stats["steps"] += 1
        v = view()
        stats["statuses"].add(v["statusKind"])
        if DEBUG:
            print(f"     . {describe(v)}", flush=True)
        if v["phase"] == "roundOver":
            return
        if v["phase"] != "playing":
            quietly(lambda: view()["seq"] != v["seq"], 2)
            continue
        yield v


def pool_round(game, a, me_a, me_c, view, hstate, cstate, feed, names, deadline, stats):
    """Snap pool (or Snap!) to the end of the round: the phone and the client turn their cards on their
    turns; on every match the phone shows, one of them calls Snap! (one who has won none yet, else
    whoever holds more cards, so the round ends soon; both at once would be a tie), racing the
    computer player; each calls wrongly once on its own turn, checked. (wrong calls made, stats;
    the looks counted in stats["steps"])."""
    wrong = {me_a: False, me_c: False}
    won = {me_a: 0, me_c: 0}
    called, last_call = set(), 0.0
    for v in playing_views(view, stats, deadline, lambda v: (
            f"seq {v['seq']} {v['phase']} turn {v['turn']} pool {v['pool']} "
            f"{[(s['player'], s['closed'], s['open'], s['top']) for s in v['seats']]} {v['status']!r}")):
        mine = {s["player"]: s for s in v["seats"]}
        match = pool_match(as_game(v, game))
        if v["drawnSeq"] == v["seq"]:  # the page's last frame shows what its DOM does
            if match:
                stats["matchShown"] += bool(v["matchShowing"])
            elif v["matchShowing"]:
                stats["matchWrong"] += 1
        if match and match not in called:
            called.add(match)
            callers = [p for p in (me_a, me_c) if not mine[p]["out"]]
            if callers:
                fresh = [p for p in callers if not won[p]]
                who = fresh[0] if fresh else max(callers, key=lambda p: mine[p]["closed"] + mine[p]["open"])
                last = hstate().get("lastCall")
                if who == me_a:
                    tap(a, "snap")
                else:
                    feed(f"call {who}")
                stats["slaps"] += 1
                # Until a call is judged (ours or the computer player's): the match is gone.
                g = quietly(lambda: (lambda h: h if h.get("lastCall") != last else None)(hstate()), 3) or {}
                lc = g.get("lastCall") or {}
                if lc.get("player") == who and lc.get("correct"):
                    won[who] += 1
                last_call = time.monotonic()
                quietly(lambda: (lambda w: w["seq"] != v["seq"] and pool_match(as_game(w, game)) != match or w["phase"] != "playing")(view()), 3)
            continue
        who = v["turn"]
        if who in wrong and not wrong[who] and not match and time.monotonic() - last_call > 1.5 and mine[who]["open"] >= 2:
            wrong[who] = (wrong_call if game == "snap-pool" else wrong_snap)(who, who == me_a, a, feed, hstate, cstate, view, names)
            last_call = time.monotonic()
            continue
        if who in (me_a, me_c):
            if who == me_a:
                tap(a, "turn-over")
            else:
                feed(f"turn {me_c}")
            quietly(lambda: (lambda w: w["phase"] != "playing" or w["turn"] != who
                             or next(s["open"] for s in w["seats"] if s["player"] == who) != mine[who]["open"])(view()), 2)
            continue
        quietly(lambda: view()["seq"] != v["seq"], 1)
    print(f"     ({game}: calls won by the phone {won[me_a]}, by the client {won[me_c]})")
    check(won[me_a] > 0 and won[me_c] > 0, f"{game}: the phone and the client each won calls ({won})")
    return wrong, stats


def wrong_call(who, on_phone, a, feed, hstate, cstate, view, names):
    """Snap pool: `who` calls on their own turn with no match showing; their open pile goes onto
    the pool, checked on the host, the phone and the client. False when it could not be made now."""
    before = hstate()
    mine = next((p for p in before.get("piles", []) if p["player"] == who), None)
    if before.get("turn") != who or pool_match(before) or not mine or mine["open"] < 2:
        return False
    pool0, last = (before.get("pool") or {}).get("count", 0), before.get("lastCall")
    if on_phone:
        tap(a, "snap")
    else:
        feed(f"call {who}")
    after = quietly(lambda: (lambda g: g if g.get("lastCall") != last and (g.get("lastCall") or {}).get("player") == who else None)(hstate()), 3)
    if after is None or after["lastCall"]["late"]:
        print(f"     ({who}'s call was late or not seen; again later)")
        return False
    post = next(p for p in after["piles"] if p["player"] == who)
    pool = after.get("pool") or {}
    check(not after["lastCall"]["correct"] and post["open"] == 0 and pool.get("count") == pool0 + mine["open"]
          and pool.get("top") == mine["top"],
          f"snap-pool: {who}'s wrong call puts their {mine['open']} open cards on the pool ({pool0}->{pool.get('count')}, top {pool.get('top')})")
    wait(lambda: view()["pool"] == {"count": pool["count"], "top": pool["top"]}, 5,
         f"snap-pool: the phone draws the pool: {pool['top']} on top, {pool['count']} cards")
    text = "Wrong! " + ("" if on_phone else f"{names[who]}: ") + f"{mine['open']} cards to the pool"
    wait(lambda: text in view()["status"], 5, f"snap-pool: the phone's status says it: {text!r} ({view()['status']!r})")
    wait(lambda: cstate().get("pool") == pool and next(p["open"] for p in cstate()["piles"] if p["player"] == who) == 0, 5,
         "snap-pool: the snap-table client's state shows the same pool")
    if on_phone:
        axe_check(a, "the Snap pool table in play")
    return True


def wrong_snap(who, on_phone, a, feed, hstate, cstate, view, names):
    """Snap!: `who` calls on their own turn with no match showing; a card from the bottom of their
    pile goes to each other player still in (what they had, when fewer), checked on the host (the
    counts, its status), the phone and the client. False when it could not be made now."""
    full = hstate(True)
    before = full.get("game") or {}
    held = {p["player"]: p["closed"] + p.get("open", 0) for p in before.get("piles", [])}
    out = {p["player"]: p["out"] for p in before.get("piles", [])}
    if before.get("turn") != who or pool_match(before) or held.get(who, 0) < 2:
        return False
    n = min(sum(1 for p in held if p != who and not out[p]), held[who])
    last = before.get("lastCall")
    if on_phone:
        tap(a, "snap")
    else:
        feed(f"call {who}")
    got = quietly(lambda: (lambda f: f if (f.get("game") or {}).get("lastCall") != last
                           and ((f.get("game") or {}).get("lastCall") or {}).get("player") == who else None)(hstate(True)), 3)
    if got is None or got["game"]["lastCall"]["late"]:
        print(f"     ({who}'s call was late or not seen; again later)")
        return False
    after = got["game"]
    post = {p["player"]: p["closed"] + p.get("open", 0) for p in after.get("piles", [])}
    status = got.get("status") or ""
    check(not after["lastCall"]["correct"] and after["lastCall"].get("cards") == n and post[who] == held[who] - n
          and sum(post[p] - held[p] for p in post if p != who) == n
          and status == f"{names[who]} called Snap! wrongly and pays {n}",
          f"snap: {who}'s wrong call pays {n} cards from the bottom of their pile to the others still in "
          f"({held}->{post}; host status {status!r})")
    text = "Wrong! " + ("You pay" if on_phone else f"{names[who]} pays") + f" {n} card" + ("s" if n != 1 else "")
    wait(lambda: text in view()["status"], 5, f"snap: the phone's status says it: {text!r} ({view()['status']!r})")
    wait(lambda: {p["player"]: p["closed"] + p.get("open", 0) for p in cstate().get("piles", [])} == post, 5,
         "snap: the snap-table client's state shows the same counts")
    if on_phone:
        axe_check(a, "the Snap! table in play")
    return True


def wrong_slap(game, who, on_phone, a, feed, hstate, cstate, view, c, names):
    """`who` slaps on their own turn with nothing to slap: checked on the host, the phone and the
    client. False when the host judged it late (too soon after a won slap): tried again later."""
    before = hstate()
    bc = centre_of_host(before)
    pre = {p["player"]: p["closed"] for p in before.get("piles", [])}
    if bc["top"] is None or before.get("turn") != who:
        return False
    last = before.get("lastCall")
    if on_phone:
        tap(a, "snap")
    else:
        feed(f"call {who}")
    # A wrong slap pays a card, so the piles change; a late one (within a second of a won slap)
    # changes nothing but the last call, which may read as before: then it is tried again later.
    after = quietly(lambda: (lambda g: g if (g.get("lastCall") or {}).get("player") == who and not g["lastCall"]["late"]
                             and g["lastCall"] != last or g.get("turn") != who else None)(hstate()), 3)
    if after is None or after["lastCall"]["late"] or after.get("turn") != who and (after.get("lastCall") or {}).get("player") != who:
        g = after or hstate()
        if (g.get("lastCall") or {}).get("late"):
            print(f"     ({who}'s slap came within a second of a won slap: late; again later)")
            return False
        check(False, f"{game}: {who}'s wrong slap reaches the host ({g.get('lastCall')})")
        return True
    check(not after["lastCall"]["correct"], f"{game}: the host judges {who}'s slap on {bc['top']} wrong")
    post = {p["player"]: p["closed"] for p in after.get("piles", [])}
    me = "You" if on_phone else names[who]
    if game == "slapjack":
        owner = c["topBy"]
        check(post[who] == pre[who] - 1 and post[owner] == pre[owner] + 1,
              f"{game}: {who} pays a card to {owner}, who played the top card ({pre[who]}->{post[who]}, {pre[owner]}->{post[owner]})")
        text = f"{me} slapped wrongly: a card to " + ("you" if names[owner] == "Pia" else names[owner])
    else:
        ac = centre_of_host(after)
        check(post[who] == pre[who] - 1 and ac["burned"] == bc["burned"] + 1 and ac["count"] == bc["count"] + 1
              and ac["top"] == bc["top"], f"{game}: {who} burns a card face down under the centre pile (burned {bc['burned']}->{ac['burned']})")
        text = f"{me} slapped wrongly and burn" + ("" if on_phone else "s") + " a card"
    ac = centre_of_host(after)
    if game == "slapjack":  # only Ratscrew spreads the cards under the top one
        ac["under"] = []
    wait(lambda: (lambda w: w if w["centre"] and {k: w["centre"][k] for k in ("count", "burned", "top", "under")} == ac else None)(view()),
         5, f"{game}: the phone's centre pile is the host's ({ac})")
    wait(lambda: text in view()["status"], 5, f"{game}: the phone's status says it: {text!r} ({view()['status']!r})")
    wait(lambda: (lambda g: centre_of_host(g) == centre_of_host(after) and {p["player"]: p["closed"] for p in g.get("piles", [])} == post)(cstate()), 5,
         f"{game}: the snap-table client's state shows the same piles and centre")
    if on_phone:  # on the phone's own turn the table waits for it
        axe_check(a, f"the {game} table in play")
    return True


def shot_worth(game, v):
    """How much a screenshot of this look shows of the game: more cards, a challenge, a burned card."""
    c = v["centre"] or {}
    if not c.get("count"):
        return 0
    if game == "slapjack":
        return 1 + (c["count"] >= 3) + (c["count"] >= 3 and c.get("slap") == "jack")
    return 1 + (c.get("faces") == 3) + (c.get("faces") == 3 and v["statusKind"] == "challenge") \
        + (c.get("faces") == 3 and v["statusKind"] == "challenge" and c.get("burned", 0) > 0)


def shoot(a, game):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        a.save_screenshot(os.path.join(SHOTS, f"phone-{game}.png"))


def run():
    plan = []
    for arg in ARGS or list(SEEDS):
        g, _, s = arg.partition(":")
        plan.append((g, int(s) if s else SEEDS[g]))
    a = phone()
    times = {}
    try:
        for game, seed in plan:
            times[game] = play(game, seed, a)
    finally:
        a.quit()
    print("     (" + ", ".join(f"{g} {t:.1f} s" for g, t in times.items()) + ")")


if __name__ == "__main__":
    run()
    if failures:
        print(f"{len(failures)} centre-pile check(s) failed")
        sys.exit(1)
    print("Slapjack, Egyptian Ratscrew, Snap pool and Snap! (colour) across machines: all checks passed")
