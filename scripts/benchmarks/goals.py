#!/usr/bin/env python3
"""Every row of issue 39's goals, the previous build and this one taking turns with Aisleriot on
one two-monitor X server, all with the default renderer: the drags of benchmarks.peers (the
sandbox and the game, with one window, a mirror and the table view), 30 s of play with the keys
from the X server (benchmarks.play: Space every 0.5 s) and RSS 3 s after the first window. Figures,
not a pass/fail test: PASS/MISS says where this build stands against each goal (a ratio to
Aisleriot's figure in the same round, or seconds), the exit status only whether the run completed.
Run under scripts/env/with-x, with scripts/ on PYTHONPATH:

  python3 -m benchmarks.goals PREVIOUS_BINARY BINARY [ROUNDS]

SNAP_GOALS_ROWS="PART[/PART...]" measures only the rows whose label holds one of the parts (a quick
A/B of one change: SNAP_GOALS_ROWS="sandbox drag, table/mirror").

Per row and round: Aisleriot, then the two builds (in turns: which goes first alternates).
Prints each round as it ends, then per row the medians, the ratios to Aisleriot (median of the
rounds') and this build over the previous one.
"""
import os
import statistics
import sys

args = sys.argv[1:]
if len(args) < 2:
    raise SystemExit(__doc__)
previous, current = args[0], args[1]
rounds = int(args[2]) if len(args) > 2 else 3
sys.argv = [sys.argv[0]]  # benchmarks.peers reads its own argv at import
from benchmarks import peers as B  # noqa: E402
from benchmarks import play as P  # noqa: E402

# Row: label, what is measured, snap-table options, the goal (a ratio to Aisleriot, or seconds).
DRAGS = (
    ("sandbox drag, one window", "sandbox", ["--secondary", "off"], 0.5),
    ("sandbox drag, table view", "sandbox", [], 0.5),
    ("sandbox drag, mirror", "sandbox", ["--secondary", "mirror"], 0.5),
    ("game drag, mirror", "game", ["--secondary", "mirror"], 0.5),
    ("game drag, one window", "game", ["--secondary", "off"], 0.5),
    ("game drag, table view", "game", [], 0.5),
)
PLAYS = (("30 s of play, one window, CPU s", ["--secondary", "off"], 0.4),
         ("30 s of play, table view, CPU s", [], 1.0))
ONLY = [w for w in os.environ.get("SNAP_GOALS_ROWS", "").split("/") if w]
if ONLY:
    DRAGS = tuple(d for d in DRAGS if any(w in d[0] for w in ONLY))
    PLAYS = tuple(p for p in PLAYS if any(w in p[0] for w in ONLY))
RSS_GOAL = 0.8  # RSS 3 s after the first window, one window, at most this much of Aisleriot's


def drag(binary, mode, options, xpid):
    B.BIN = binary
    measure = B.measure_sandbox if mode == "sandbox" else B.measure_game
    return measure(xpid, dict(B.MODES)[mode] + options, play=False, idle=False)


def play(binary, options, env):
    """CPU of 30 s of play as benchmarks.play measures it (the menu's Play here, Start, Deal,
    then Space every 0.5 s from one xdotool process)."""
    return P.measure([binary, *P.SNAP, *options], env, ["key", "space"], dealing=True, rss=False)["cpu"]


def aisleriot_play(env):
    """Klondike as benchmarks.play plays it: a click on the stock every 0.5 s."""
    return P.measure([P.SOL, "-v", "klondike"], env, ["mousemove", "56", "145", "click", "1"], dealing=False, rss=False)["cpu"]


def summary(label, rows, goal, ratio=True):
    med = [statistics.median(c) for c in zip(*rows)]
    unit = "x" if ratio else " s"
    if ratio:
        old_x = statistics.median(r[1] / r[0] for r in rows)
        new_x = statistics.median(r[2] / r[0] for r in rows)
        stands = new_x
    else:
        old_x, new_x = med[1], med[2]
        stands = med[2]
    print(f"  {label:<34} Aisleriot {med[0]:7.2f}  previous {med[1]:7.2f} ({old_x:.2f}{unit})  this {med[2]:7.2f} "
          f"({new_x:.2f}{unit})  this/previous {statistics.median(r[2] / r[1] for r in rows):.2f}  "
          f"goal <= {goal}{unit} {'PASS' if stands <= goal else 'MISS'}", flush=True)


def main():
    if not os.environ.get("DISPLAY"):
        sys.exit("bench-goals: needs an X server (run it through scripts/env/with-x)")
    B.ROOT = B.root_window()
    xpid = B.x_server_pid()
    env = dict(os.environ, NO_AT_BRIDGE="1")
    print(f"bench-goals: {rounds} rounds per row; previous {previous}, this {current}; load {P.loadavg()}", flush=True)
    results = {}
    rss = []
    for label, mode, options, goal in DRAGS:
        rows = []
        for i in range(rounds):
            sol = B.measure_aisleriot(xpid, env, idle=False)
            order = (previous, current) if i % 2 == 0 else (current, previous)
            got = {b: drag(b, mode, options, xpid) for b in order}
            rows.append((sol["drag"], got[previous]["drag"], got[current]["drag"]))
            if options == ["--secondary", "off"]:
                rss.append((f"RSS at start, {mode}, one window, MiB", sol["rss"], got[previous]["rss"], got[current]["rss"]))
            print(f"  {label}, round {i + 1}: Aisleriot {rows[-1][0]:.0f} ms, previous {rows[-1][1]:.0f} ms, this {rows[-1][2]:.0f} ms", flush=True)
        results[label] = (rows, goal, True)
    for label, options, goal in PLAYS:
        rows = []
        for i in range(rounds):
            sol = aisleriot_play(env)
            order = (previous, current) if i % 2 == 0 else (current, previous)
            got = {b: play(b, options, env) for b in order}
            rows.append((sol, got[previous], got[current]))
            print(f"  {label}, round {i + 1}: Aisleriot {sol:.2f} s, previous {got[previous]:.2f} s, this {got[current]:.2f} s", flush=True)
        results[label] = (rows, goal, False)
    print(f"bench-goals: medians of {rounds} rounds; load {P.loadavg()} at the end")
    for label, (rows, goal, ratio) in results.items():
        summary(label, rows, goal, ratio)
    for label in sorted({r[0] for r in rss}):
        summary(label, [r[1:] for r in rss if r[0] == label], RSS_GOAL)


if __name__ == "__main__":
    main()
