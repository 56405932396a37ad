#!/usr/bin/env python3
"""Snap! races across a network (issue 33): how often a far player wins against a direct one
with a 200 ms reaction, for the far player's reaction (rows) and one-way delay (columns, ±20 ms
jitter through snaptest.delay); the verdict's delay after the last call; and what the clock
exchange costs a host per client. Figures, not a pass/fail test.

- Win shares: `snap-table --join --reflex` clients (reactions ± 20 ms, as people vary), 20
  contested matches a cell (both racers called, one took the piles), four cells at once.
- Verdict delay: from the winning call's arrival at the host, and from the later call's, to the
  verdict being applied (the judged instant plus the window then), over every contested match.
- Clock exchange: the bytes of a ping and a pong as sent, once a second; the headless host's CPU
  with four clients signed in and no game, which is nothing but pings and pongs.

Usage: PYTHONPATH=scripts python3 -m benchmarks.race [BIN_DIR] [MATCHES]  (defaults: .build/release 20)
"""
import json
import os
import sys
import tempfile
import threading
import time

from snaptest import race
from snaptest.waiting import stop
from snaptest.weblib import start_host

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release"
MATCHES = int(sys.argv[2]) if len(sys.argv) > 2 else 20
TABLE = os.path.join(BIN, "snap-table")
REACTIONS = [150, 200, 250, 300]
DELAYS = [0, 60, 120, 200]
OPPONENT = 200


def verdict_delays(record, racers):
    """(applied - the winning call's arrival, applied - the later call's arrival) for each
    contested match of a record, in seconds."""
    calls, verdicts, window = [], [], []
    with open(record) as f:
        for line in f:
            e = json.loads(line)
            if "input" in e and "fair" in e["input"] and "callSnap" in e["input"]["input"]:
                calls.append((e["input"]["placed"], e["input"]["input"]["callSnap"]["player"], e["input"]["fair"]["arrival"]))
            elif "window" in e:
                window.append((e["window"]["at"], e["window"]["target"]))
            elif "verdict" in e:
                v = e["verdict"]
                verdicts.append((v["at"], v["player"], v["kind"]))
    out = []
    for i, (t, p, kind) in enumerate(verdicts):
        if kind != "snap" or p not in racers:
            continue
        # The winning call is the one placed at the verdict's instant; the loser's, its nearest.
        won = [c for c in calls if c[1] == p and c[0] == t]
        lost = sorted((c for c in calls if c[1] in racers and c[1] != p and abs(c[0] - t) < 1.0), key=lambda c: abs(c[0] - t))
        if not won or not lost:
            continue
        w = max([w for a, w in window if a <= t] or [0.05])
        out.append((t + w - won[0][2], t + w - max(won[0][2], lost[0][2])))
    return out


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def clock_exchange(work):
    log = open(os.path.join(work, "exchange.log"), "w")
    host, address = start_host(TABLE, race.CODE, ["--bots", "off"], stderr=log)
    clients = [race.join(TABLE, address, f"P{i}", "200", log)[0] for i in range(4)]
    try:
        time.sleep(3)
        c0, t0 = cpu_seconds(host.pid), time.monotonic()
        time.sleep(30)
        cpu = (cpu_seconds(host.pid) - c0) / (time.monotonic() - t0)
    finally:
        stop(*clients, host)
        log.close()
    ping = len('{"ping":123,"time":1234.567890123,"type":"ping"}')
    pong = len('{"drawLag":0.0123456789,"ping":123,"received":1234.567890123,"sent":1234.567990123,"type":"pong"}')
    old = len('{"ping":123,"type":"ping"}') / 2 + len('{"type":"pong","ping":123}') / 2
    return ping, pong, old, cpu


def main():
    work = tempfile.mkdtemp(prefix="race-bench-")
    cells = [(r, d) for r in REACTIONS for d in DELAYS]
    results, lock = {}, threading.Lock()

    def cell(i, r, d):
        res = race.run(TABLE, work, d, r, OPPONENT, matches=MATCHES, limit=600, seed=100 + i, name=f"r{r}-d{d}",
                       jitter_ms=20 if d else 0)
        delays = []
        for rec in res["records"]:
            ids = set()
            with open(rec) as f:
                for line in f:
                    if '"began"' in line:
                        ids = {p["id"] for p in json.loads(line)["began"]["_0"]["players"]}
                        break
            delays += verdict_delays(rec, ids)
        with lock:
            results[(r, d)] = (res, delays)
            print(f"  reaction {r} ms, {d} ms away: far won {res['far']} of {res['matches']}", flush=True)

    for k in range(0, len(cells), 4):
        threads = [threading.Thread(target=cell, args=(k + j, r, d)) for j, (r, d) in enumerate(cells[k:k + 4])]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    print(f"\nrace-bench: win share of a far player (one-way delay ±20 ms jitter) against a direct one with {OPPONENT} ms,"
          f" {MATCHES} contested matches a cell ({BIN})")
    print("  reaction \\ delay " + "".join(f"{d:>8} ms" for d in DELAYS))
    for r in REACTIONS:
        row = []
        for d in DELAYS:
            res = results[(r, d)][0]
            row.append(f"{100 * res['far'] / max(1, res['matches']):>9.0f}%")
        print(f"  {r:>8} ms       " + " ".join(row))
    pairs = [x for _, ds in results.values() for x in ds]
    if pairs:
        def pct(xs, p):
            xs = sorted(xs)
            return xs[min(len(xs) - 1, int(len(xs) * p))] * 1000
        won, last = [a for a, _ in pairs], [b for _, b in pairs]
        print(f"  verdict after the winning call reached the host: p50 {pct(won, .5):.0f} ms  p99 {pct(won, .99):.0f} ms;"
              f" after the later call: p50 {pct(last, .5):.0f} ms  p99 {pct(last, .99):.0f} ms"
              f" (negative: the loser's call came after the verdict) ({len(pairs)} matches)")
    ping, pong, old, cpu = clock_exchange(work)
    print(f"  clock exchange per client: ping {ping} B + pong {pong} B a second (protocol 1 as first written: {old:.0f} B a second);"
          f" headless host with 4 clients and no game: {cpu * 100:.2f} % of a core")


if __name__ == "__main__":
    main()
