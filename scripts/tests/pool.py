#!/usr/bin/env python3
"""Snap pool across machines (no X server needed): a headless host dealing Snap pool, a phone
(Debian's chromium, headless, driven by Selenium) and an offscreen `snap-table --join` client.
They take turns; the phone calls Snap! with no match showing and its open pile goes to the pool,
which the host's state, the client's state and the phone's page (#pool's data-count and
data-top, the status line) all show; then the client calls on the first match (two open piles,
or an open pile and the pool's top card) and takes what the host says it took. Last, the host's
--record replays (--replay-record) to the same verdicts.

Usage: python -m tests.pool [BIN_DIR]   (default .build/debug; run with the venv that
scripts/env/web-venv prints)
"""
import os
import shutil
import sys
import tempfile

from snaptest.checklist import Checklist, quietly
from snaptest.waiting import stop
from snaptest.weblib import by_id, host_state, phone, piles_of_host, replays_as_recorded, shown, start_host, start_join, tap

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
# The page served is this checkout's (the binary's own folder may be another checkout's).
ASSETS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Resources")
TABLE = os.path.join(BIN, "snap-table")
CODE = "POOL7"
CHECKS = Checklist()
check, wait, failures = CHECKS.check, CHECKS.wait, CHECKS.failures

POOL = """const p = document.getElementById('pool');
return {hidden: p.hidden, count: Number(p.dataset.count || 0), top: p.dataset.top || null};"""


def run():
    work = tempfile.mkdtemp(prefix="pool-test-")
    state, client_state = os.path.join(work, "host.json"), os.path.join(work, "client.json")
    procs, drivers = [], []
    try:
        record = os.path.join(work, "pool.record")
        host, address = start_host(TABLE, CODE, ["--game", "snap-pool", "--players", "Ann,Ben,Cy", "--bots", "off",
                                                  "--start-with", "2", "--seed", "11", "--record", record, "--assets", ASSETS], state_out=state)
        procs.append(host)
        a = phone()
        drivers.append(a)
        a.get(f"http://{address}/?code={CODE}")
        by_id(a, "name").send_keys("Pia")
        by_id(a, "join-button").click()
        wait(lambda: shown(a)["playing"], 15, "the phone is seated")
        me_a = shown(a)["me"]
        client, me_c = start_join(TABLE, address, CODE, "Ola", state_out=client_state)
        procs.append(client)
        check(me_c is not None and me_c != me_a, f"two seats: {me_a} (phone), {me_c} (snap-table)")
        wait(lambda: shown(a)["phase"] == "playing", 20, "the deal reaches the phone")

        def game():
            return host_state(host, state).get("game") or {}

        check(game().get("kind") == "snapPool", f"the host deals Snap pool ({game().get('kind')})")

        def feed(line):
            client.stdin.write(line + "\n")
            client.stdin.flush()

        def tops(g):
            return {p["player"]: p["top"] for p in g.get("piles", []) if p["top"] and not p["out"]}

        def match(g):
            ranks = [t[:-1] for t in tops(g).values()]
            pool_top = (g.get("pool") or {}).get("top")
            return len(ranks) != len(set(ranks)) or (pool_top is not None and pool_top[:-1] in ranks)

        def turn_over():
            who = piles_of_host({"game": game()})[1]
            if who == me_a:
                tap(a, "turn-over")
            else:
                feed(f"turn {who}")
            return who

        pooled = taken = False
        for step in range(200):
            g = game()
            mine = next((p for p in g.get("piles", []) if p["player"] == me_a), None)
            if not pooled and not match(g) and mine and mine["open"] > 0:
                before = (g.get("pool") or {}).get("count", 0)
                tap(a, "snap")
                after = wait(lambda: (lambda x: x if (x.get("pool") or {}).get("count", 0) == before + mine["open"] else None)(game()),
                             5, f"the phone's wrong call puts its {mine['open']} open cards in the pool")
                if after:
                    top = after["pool"]["top"]
                    check(after["lastCall"]["player"] == me_a and not after["lastCall"]["correct"], "the host judged the call wrong")
                    check(top == mine["top"], f"the phone's top card {mine['top']} is the pool's top ({top})")
                    wait(lambda: a.execute_script(POOL) == {"hidden": False, "count": after["pool"]["count"], "top": top}, 5,
                         "the phone draws the pool: its top card and count")
                    wait(lambda: "pool" in shown(a)["status"], 5, f"the phone's status says where the cards went ({shown(a)['status']!r})")
                    check(a.execute_script("return document.getElementById('caption').textContent") == "Snap pool",
                          "the phone says which game is played")
                    if os.environ.get("SNAP_POOL_SHOT"):  # to look at the page as a player would
                        a.save_screenshot(os.environ["SNAP_POOL_SHOT"])
                    wait(lambda: (host_state(client, client_state).get("game") or {}).get("pool") == after["pool"], 5,
                         "the snap-table client's state shows the same pool")
                pooled = True
                continue
            if pooled and match(g):
                pool_before = (g.get("pool") or {}).get("count", 0)
                feed(f"call {me_c}")
                won = wait(lambda: (lambda x: x if (x.get("lastCall") or {}).get("player") == me_c else None)(game()), 5,
                           "the client's call on a match reaches the host")
                if won:
                    check(won["lastCall"]["correct"], "the host judged it right")
                    pool_after = (won.get("pool") or {}).get("count", 0)
                    print(f"     (the pool went from {pool_before} to {pool_after} cards)")
                    if pool_after == 0:
                        wait(lambda: a.execute_script(POOL)["hidden"], 5, "the phone no longer draws a pool once it is won")
                taken = True
                break
            before = piles_of_host({"game": g})[1]
            mover = turn_over()
            if quietly(lambda: piles_of_host({"game": game()})[1] != before, 10) is None:
                check(False, f"turn {step} by {mover} was taken")
                break
        check(pooled and taken, f"a wrong call fed the pool and a right one was judged ({step + 1} steps)")
        # The host's record runs through Snap pool's rules again to the same verdicts.
        stop(host)
        procs.remove(host)
        ok, said = replays_as_recorded(TABLE, record)
        check(ok, f"--replay-record gives the recorded verdicts again ({said})")
    finally:
        for d in drivers:
            d.quit()
        stop(*reversed(procs))
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    run()
    if failures:
        print(f"{len(failures)} Snap pool check(s) failed")
        sys.exit(1)
    print("Snap pool across machines: all checks passed")
