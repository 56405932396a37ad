#!/usr/bin/env python3
"""The front door as users get it: `snap-table` with no options (the menu, a table view on the
second monitor, the default renderer) beside Aisleriot on the same X server in the same run.
Figures, not a pass/fail test. Run it under scripts/env/with-x after a release build:

    scripts/env/with-x python3 -m benchmarks.menu [SNAP_TABLE] [ROUNDS]

Per program: launch to its first visible window, RSS 3 s after it, idle CPU for 10 s; for
snap-table also the CPU of 40 menu moves (arrow keys, 4 a second) and of going from the menu to
a dealt game (Enter, Enter, Enter) and back by Leave (Escape, Enter, Enter).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

from snaptest.benchlib import cpu_ms, rss_mb, root_window, shown_windows, xdo
from snaptest.waiting import wait_for

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/snap-table"
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SOL = "/usr/games/sol"
WORK = tempfile.mkdtemp(prefix="bench-menu-")


def launch(argv, env):
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    root = root_window()
    wins = wait_for(lambda: shown_windows(p.pid, root), 30, f"a window of {argv[0]}")
    first = (time.perf_counter() - t0) * 1000
    time.sleep(3)               # settling, as benchmarks.peers measures RSS
    wins = shown_windows(p.pid, root)
    return p, first, rss_mb(p.pid), min(wins, key=lambda w: (wins[w][0], wins[w][1])), len(wins)


def end(p):
    p.terminate()
    try:
        p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()


def idle(p, seconds=10):
    c0 = cpu_ms(p.pid)
    time.sleep(seconds)
    return cpu_ms(p.pid) - c0


def main():
    if not os.environ.get("DISPLAY"):
        sys.exit("bench-menu: needs an X server (run it through scripts/env/with-x)")
    home = os.path.join(WORK, "home")
    os.makedirs(home)
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"), NO_AT_BRIDGE="1")
    sol, snap = [], []
    for _ in range(ROUNDS):
        if os.access(SOL, os.X_OK):
            p, first, rss, _, _ = launch([SOL, "-v", "klondike"], env)
            sol.append(dict(first=first, rss=rss, idle=idle(p)))
            end(p)
        p, first, rss, win, windows = launch([BIN, "--controllers", "off"], env)
        r = dict(first=first, rss=rss, windows=windows, idle=idle(p))
        xdo("windowfocus", "--sync", win, timeout=10)
        c0 = cpu_ms(p.pid)
        xdo(*sum((["key", k, "sleep", "0.25"] for k in ["Down", "Up"] * 20), []))
        r["moves"] = cpu_ms(p.pid) - c0
        c0 = cpu_ms(p.pid)
        xdo(*sum((["key", k, "sleep", "0.3"] for k in ["Return", "Return", "Return"]), []))
        time.sleep(3)
        xdo(*sum((["key", k, "sleep", "0.3"] for k in ["Escape", "Return", "Return"]), []))
        r["round_trip"] = cpu_ms(p.pid) - c0
        r["rss_after"] = rss_mb(p.pid)
        snap.append(r)
        end(p)

    def med(rows, k):
        return statistics.median(x[k] for x in rows)
    print(f"bench-menu: {ROUNDS} rounds, medians; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}")
    print(f"  {'':28} {'first window ms':>16} {'RSS MiB':>9} {'idle 10 s ms':>13}")
    if sol:
        print(f"  {'Aisleriot':28} {med(sol, 'first'):16.0f} {med(sol, 'rss'):9.1f} {med(sol, 'idle'):13.2f}")
    s = snap
    ratio = (lambda k: f" ({med(s, k) / med(sol, k):.2f}x)") if sol else (lambda k: "")
    print(f"  {'snap-table (menu, ' + str(s[0]['windows']) + ' windows)':28} {med(s, 'first'):16.0f} {med(s, 'rss'):9.1f} "
          f"{med(s, 'idle'):13.2f}")
    if sol:
        print(f"  ratios to Aisleriot: first window{ratio('first')}, RSS{ratio('rss')}")
    print(f"  40 menu moves: {med(s, 'moves'):.0f} ms CPU; menu -> dealt game -> back by Leave: {med(s, 'round_trip'):.0f} ms CPU; "
          f"RSS after it {med(s, 'rss_after'):.1f} MiB")


if __name__ == "__main__":
    main()
