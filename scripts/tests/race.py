#!/usr/bin/env python3
"""Snap! races across a network are won by reflexes (issue 33, docs/protocol.md "Fair races").
A headless host and players with fixed reflexes (`snap-table --join --reflex`, and a phone page
in chromium playing the same way); the far racer is 120 ms ± 20 ms away each way through the
delay proxy of snaptest.delay, the near one direct, computer players in the other two seats. Each race
counts 20 contested matches (both racers called, one took the piles) from the host's --record:

- the far racer with a 150 ms reaction beats the near one with 250 ms in at least 90 %;
- the control: the near racer with 180 ms beats the far one with 300 ms in at least 90 %;
- the first race and the control again with the far racer a phone page;
- a far client that claims a reaction of 0 ms for every call (really 250 ms) against an honest
  near one with 150 ms: the honest one still wins at least 90 %;
- and `snap-table --replay-record` on a record gives every verdict again.

The five races run at once. Usage: python3 -m tests.race BUILD_DIR (with the venv's Python:
selenium)."""
import subprocess
import sys
import tempfile
import threading
import traceback

from snaptest import race

BUILD = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
TABLE = f"{BUILD}/snap-table"
MATCHES = 20


def main():
    work = tempfile.mkdtemp(prefix="race-test-")
    races = {
        "far 150 ms beats near 250 ms": dict(far_ms=120, far_reflex=150, near_reflex=250, winner="far"),
        "control: near 180 ms beats far 300 ms": dict(far_ms=120, far_reflex=300, near_reflex=180, winner="near"),
        "a far phone with 150 ms beats near 250 ms": dict(far_ms=120, far_reflex=150, near_reflex=250, winner="far",
                                                          far_join=race.phone_join(150)),
        "control: near 180 ms beats a far phone with 300 ms": dict(far_ms=120, far_reflex=300, near_reflex=180, winner="near",
                                                                  far_join=race.phone_join(300)),
        "a far client claiming 0 ms (really 250 ms) loses to an honest near 150 ms": dict(
            far_ms=120, far_reflex=250, near_reflex=150, winner="near", far_lies=True),
    }
    results, errors = {}, {}

    def one(i, title, spec):
        spec = dict(spec)
        winner = spec.pop("winner")
        try:
            results[title] = (winner, race.run(TABLE, work, matches=MATCHES, limit=400, seed=10 * i + 1, name=f"race{i}", **spec))
        except Exception:
            errors[title] = traceback.format_exc()

    def log_tail(i, lines=30):
        # CI keeps only what is printed: the end of the race's log (host and clients).
        with open(f"{work}/race-race{i}.log", errors="replace") as f:
            print("".join("       | " + line for line in f.readlines()[-lines:]), end="")

    threads = [threading.Thread(target=one, args=(i, t, s)) for i, (t, s) in enumerate(races.items())]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    failed = False
    for i, title in enumerate(races):
        if title in errors:
            print(f"  FAIL {title}:\n{errors[title]}")
            log_tail(i)
            failed = True
            continue
        winner, r = results[title]
        share = r[winner] / max(1, r["matches"])
        ok = r["matches"] >= MATCHES and share >= 0.9
        failed |= not ok
        print(f"  {'ok  ' if ok else 'FAIL'} {title}: {r[winner]} of {r['matches']} ({share:.0%}) in {r['seconds']:.0f} s")
        if not ok:
            print("       games (f: far won, n: near won): " + "; ".join(r["sessions"]))
            log_tail(i)
    first = results.get(next(iter(races)))
    if first:
        record = first[1]["records"][0]
        out = subprocess.run([TABLE, "--replay-record", record], capture_output=True, text=True)
        ok = out.returncode == 0 and "replayed as recorded" in out.stdout
        failed |= not ok
        print(f"  {'ok  ' if ok else 'FAIL'} the record replays to the same verdicts: {(out.stdout or out.stderr).strip()}")
    if failed:
        print(f"race test: FAILED (logs and records in {work})")
        sys.exit(1)
    print("race test: passed")


if __name__ == "__main__":
    main()
