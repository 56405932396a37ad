#!/usr/bin/env python3
"""Two builds of snap-table taking turns at benchmarks.peers' game drag (one window), or its sandbox
drag when the options include --sandbox, with Aisleriot's
drag between them, on one X server: whether a change moved the live drag, when the machine's
speed drifts more between runs than the change is worth. Figures, not a pass/fail test. Run under
scripts/env/with-x, with scripts/ on PYTHONPATH:

  python3 -m benchmarks.ab OLD_BINARY NEW_BINARY [ROUNDS] [-- snap-table options]

Prints each round's drag CPU (ms) for Aisleriot, OLD and NEW, then the medians and the median of
NEW/OLD round by round.
"""
import os
import statistics
import sys

args = sys.argv[1:]
extra = args[args.index("--") + 1:] if "--" in args else ["--secondary", "off"]
args = args[:args.index("--")] if "--" in args else args
if len(args) < 2:
    raise SystemExit(__doc__)
old, new = args[0], args[1]
rounds = int(args[2]) if len(args) > 2 else 5
sys.argv = [sys.argv[0]]  # benchmarks.peers reads its own argv at import
from benchmarks import peers as B  # noqa: E402

B.ROOT = B.root_window()
xpid = B.x_server_pid()
env = dict(os.environ)
sandbox = "--sandbox" in extra
options = extra if sandbox else dict(B.MODES)["game"] + extra
measure = B.measure_sandbox if sandbox else B.measure_game
rows = []
for i in range(rounds):
    sol = B.measure_aisleriot(xpid, env)["drag"]
    figures = []
    for binary in (old, new) if i % 2 == 0 else (new, old):
        B.BIN = binary
        figures.append((binary, measure(xpid, options, play=False)["drag"]))
    d = dict(figures)
    rows.append((sol, d[old], d[new]))
    print(f"round {i + 1}: Aisleriot {sol:.0f} ms, old {d[old]:.0f} ms ({d[old] / sol:.2f}x), new {d[new]:.0f} ms ({d[new] / sol:.2f}x)", flush=True)
med = [statistics.median(c) for c in zip(*rows)]
print(f"medians: Aisleriot {med[0]:.0f} ms, old {med[1]:.0f} ms, new {med[2]:.0f} ms; "
      f"ratios to Aisleriot round by round: old {statistics.median(r[1] / r[0] for r in rows):.2f}x, "
      f"new {statistics.median(r[2] / r[0] for r in rows):.2f}x; new/old {statistics.median(r[2] / r[1] for r in rows):.2f}")
