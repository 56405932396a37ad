#!/usr/bin/env python3
"""Update-to-drawn on the phone page (fair races, docs/protocol.md): figures, not a pass/fail test.

A headless host (`--bots normal --start-with 1`) deals as soon as one phone (headless chromium,
touch emulation) is seated; three computer players play against it. The phone turns over on its
turn, calls Snap! once on every match it shows and deals the next round, each with a touch (CDP
touchStart), while this script looks at its buttons 20 times a second (a small script in the
page). Every update the page receives is one update-to-drawn sample: from its message being
handled to the first animation frame after the table showed it (the page's own measure, the one
its pongs report as drawLag). They are read from window.snapTable: its drawLags hold the last 64,
and lastDrawn.seq says how many are new since the last look (updates come one seq at a time).

The same game (same seed) is played at Chrome's CPU throttling 1x and 6x (a slow phone,
Emulation.setCPUThrottlingRate), each with a host and a browser of its own, for SECONDS each.

Usage: python -m benchmarks.phone_draw [BIN_DIR] [SECONDS]   (defaults: .build/release, else
.build/debug; 60; run with the venv that scripts/env/web-venv prints)
"""
import os
import statistics
import sys
import time

from snaptest.benchlib import loadavg
from snaptest.waiting import stop, wait_for
from snaptest.weblib import by_id, phone, shown, start_host, tap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = sys.argv[1] if len(sys.argv) > 1 else next(
    (b for b in (".build/release", ".build/debug") if os.path.exists(os.path.join(b, "snap-table"))), ".build/debug")
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 60
TABLE = os.path.join(BIN, "snap-table")
CODE = "DRAWN"
RATES = (1, 6)

# What the phone shows and what it measured, in one small script (it runs on the page's main
# thread, throttled too, so it reads a few attributes and nothing more).
LOOK = """
const t = document.getElementById('table'), on = (id) => !document.getElementById(id).disabled;
const ranks = [...t.querySelectorAll('.seat')].filter(s => s.dataset.top && s.dataset.out !== 'true')
  .map(s => s.dataset.top.slice(0, -1));
const st = window.snapTable, last = st.lastDrawn;
return {turnOver: on('turn-over'), snap: on('snap'), deal: !document.getElementById('deal').hidden,
  match: new Set(ranks).size < ranks.length, seq: Number(t.dataset.seq),
  drawnSeq: last ? last.seq : null, lags: st.drawLags};
"""


def pct(xs, p):
    """The p-th quantile (nearest rank), in ms."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(len(xs) * p + 0.5)) - 1))] * 1000


def play(rate):
    """A game at CPU throttling `rate` for SECONDS: (update-to-drawn samples in s, updates missed, calls)."""
    procs, drivers = [], []
    try:
        host, address = start_host(TABLE, CODE, ["--bots", "normal", "--start-with", "1", "--seed", "5",
                                                 "--assets", os.path.join(ROOT, "Resources")])
        procs.append(host)
        d = phone()
        drivers.append(d)
        d.get(f"http://{address}/?code={CODE}")
        d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
        by_id(d, "name").send_keys("Pia")
        by_id(d, "join-button").click()
        wait_for(lambda: shown(d)["playing"], 30, "the phone seated")
        samples, missed, calls = [], 0, 0
        armed = True  # one call per match: again only once a table without one was shown
        last_seq = None
        end = time.monotonic() + SECONDS
        while time.monotonic() < end:
            v = d.execute_script(LOOK)
            if v["drawnSeq"] is not None:
                if last_seq is None:
                    samples += v["lags"]
                else:
                    new = v["drawnSeq"] - last_seq
                    take = min(new, len(v["lags"]))
                    samples += v["lags"][-take:] if take > 0 else []
                    missed += new - take if take > 0 else 0
                last_seq = v["drawnSeq"]
            armed = armed or not v["match"]
            if v["snap"] and v["match"] and armed:
                tap(d, "snap")
                calls, armed = calls + 1, False
            elif v["turnOver"]:
                tap(d, "turn-over")
                wait_for(lambda: d.execute_script("return Number(document.getElementById('table').dataset.seq)") != v["seq"],
                         5, "the turn taken", step=0.05)
            elif v["deal"]:
                tap(d, "deal")
                time.sleep(0.3)
            else:
                time.sleep(0.05)
        return samples, missed, calls
    finally:
        for d in drivers:
            d.quit()
        stop(*reversed(procs))


if __name__ == "__main__":
    print(f"bench-phone-draw: {TABLE} --host --headless, 3 computer players (normal) and one phone (headless chromium), "
          f"{SECONDS:g} s of play per CPU throttling rate, load average {loadavg()}")
    for rate in RATES:
        xs, missed, calls = play(rate)
        if not xs:
            print(f"  CPU {rate}x: no update drawn")
            continue
        print(f"  CPU {rate}x: update -> drawn  p50 {pct(xs, .5):5.1f} ms   p90 {pct(xs, .9):5.1f} ms   "
              f"p99 {pct(xs, .99):5.1f} ms   max {max(xs) * 1000:5.1f} ms   mean {statistics.mean(xs) * 1000:5.1f} ms   "
              f"({len(xs)} updates, {missed} not read, {calls} Snap! calls)")
    print(f"  load average after: {loadavg()}")
