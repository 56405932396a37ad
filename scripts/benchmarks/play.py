#!/usr/bin/env python3
"""CPU and memory while playing: snap-table as users get it (`--seed 5 --bots hard`, the default
renderer) with the table view on the second monitor (no other option) and with one window
(`--secondary off`), beside Aisleriot on the same X server in the same run (issue 20's goals).
Figures, not a pass/fail test: PASS/MISS says where a figure stands against its goal.

Run it under `scripts/env/with-x` (two monitors) after a release build:

    scripts/env/with-x python3 -m benchmarks.play [SNAP_TABLE] [ROUNDS] [-- OPTIONS...]
    scripts/env/with-x python3 -m benchmarks.play --soak MINUTES [SNAP_TABLE] [-- OPTIONS...]

Per launch (interleaved: Aisleriot, table view, one window, ROUNDS times): snap-table opens on
its menu, so Return on Play here, Start and Deal, then a wait until its state (SIGUSR1,
--state-out) shows the deal landed; Aisleriot: 4 s (Klondike is dealt). Then a key or click every
0.5 s from one xdotool process for 60 s: Space for snap-table (your turn; the computer players take theirs),
a click on Klondike's stock (56,145) for Aisleriot (a card turned, or the waste turned back).
CPU of every thread (/proc/PID/task/*/schedstat) over the first 30 s, VmRSS after 60 s, with
the proportional set size and the heap's share from /proc/PID/smaps_rollup and smaps.

--soak: one snap-table (table view, or OPTIONS) played for MINUTES with Return every 0.5 s (it
takes Ann's turn as Space does, and deals again when a game is over, so play goes on), VmRSS each
minute.
"""
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from snaptest.benchlib import cpu_ms, loadavg, request_state, root_window, rss_mb, shown_windows, xdo
from snaptest.waiting import stop, wait_for

SOL = "/usr/games/sol"
WORK = tempfile.mkdtemp(prefix="bench-play-")
SNAP = ["--seed", "5", "--bots", "hard", "--controllers", "off"]
CONFIGS = (("table view", []), ("one window", ["--secondary", "off"]))
CPU_S, RSS_S, STEP_S = 30, 60, 0.5
# Issue 20's goals: (RSS MiB after 60 s, CPU s in 30 s); None: at most Aisleriot's.
GOALS = {"table view": (80, 1.5), "one window": (None, 0.5)}


def launch(argv, env):
    log = open(os.path.join(WORK, f"{os.path.basename(argv[0])}-{time.monotonic_ns()}.err"), "w")
    p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=log)
    root = root_window()
    wins = wait_for(lambda: p.poll() is None and shown_windows(p.pid, root), 30, f"a window of {argv[0]}")
    time.sleep(1)
    wins = shown_windows(p.pid, root) or wins
    return p, min(wins, key=lambda w: (wins[w][0], wins[w][1]))


def memory(pid):
    """VmRSS, Pss and the heap's resident MiB (the [heap] mapping and anonymous mappings, which
    hold malloc's arenas and large blocks: SDL surfaces and software textures)."""
    out = dict(rss=rss_mb(pid))
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    out["pss"] = int(line.split()[1]) / 1024
        anon, name = 0, None
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                head = line.split()
                if "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
                    name = head[5] if len(head) > 5 else ""
                elif head[0] == "Rss:" and name in ("", "[heap]"):
                    anon += int(head[1])
        out["anon"] = anon / 1024
    except OSError:
        pass
    return out


def play(p, keys, seconds):
    """keys (one xdotool argument list per step, STEP_S apart) for `seconds`, in one xdotool
    process; returns CPU ms used while it ran."""
    steps = int(seconds / STEP_S)
    c0 = cpu_ms(p.pid)
    xdo(*sum(([*keys, "sleep", str(STEP_S)] for _ in range(steps)), []), timeout=seconds + 60)
    return cpu_ms(p.pid) - c0


def deal(p, state_path):
    """From the menu to a dealt game, as a player gets there: Return on Play here, on Start and on
    Deal; then until the state shows every card of the deal landed."""
    xdo(*sum((["key", "Return", "sleep", "0.3"] for _ in range(3)), []))

    def dealt():
        s = request_state(p, state_path)
        g = s.get("game") or {}
        return g.get("phase") == "playing" and not any(c.get("flying") == "deal" for c in s.get("cards", []))
    wait_for(dealt, 30, "the deal to land (the menu's Play here, Start, Deal)", step=0.2)


def measure(argv, env, keys, dealing, rss=True):
    """CPU over the first CPU_S of play and, with `rss`, memory after RSS_S."""
    state_path = os.path.join(WORK, f"state-{time.monotonic_ns()}.json")
    p, win = launch(argv + (["--state-out", state_path] if dealing else []), env)
    try:
        xdo("windowfocus", "--sync", win, timeout=10)
        if dealing:
            deal(p, state_path)
        else:
            time.sleep(4)
        cpu = play(p, keys, CPU_S)
        if rss:
            play(p, keys, RSS_S - CPU_S)
        if p.poll() is not None:
            raise SystemExit(f"bench-play: {argv[0]} ended during play (status {p.returncode}; logs in {WORK})")
        return dict(cpu=cpu / 1000, **(memory(p.pid) if rss else {}))
    finally:
        stop(p)


def soak(binary, options, minutes):
    state_path = os.path.join(WORK, "soak-state.json")
    p, win = launch([binary, *SNAP, *options, "--state-out", state_path], os.environ)
    try:
        xdo("windowfocus", "--sync", win, timeout=10)
        deal(p, state_path)
        print(f"bench-play soak: snap-table {' '.join(SNAP + options)}, Return every {STEP_S} s (Ann's turn, or "
              f"the next deal when a game is over); load {loadavg()}")
        print(f"  {'minute':>6} {'RSS MiB':>8} {'Pss MiB':>8} {'anon MiB':>9} {'CPU s in it':>12}")
        m = memory(p.pid)
        print(f"  {0:6} {m['rss']:8.1f} {m.get('pss', 0):8.1f} {m.get('anon', 0):9.1f}")
        first = None
        for minute in range(1, minutes + 1):
            cpu = play(p, ["key", "Return"], 60)
            if p.poll() is not None:
                raise SystemExit(f"bench-play: snap-table ended in minute {minute} (logs in {WORK})")
            m = memory(p.pid)
            first = first or m["rss"]
            print(f"  {minute:6} {m['rss']:8.1f} {m.get('pss', 0):8.1f} {m.get('anon', 0):9.1f} {cpu / 1000:12.2f}", flush=True)
        print(f"  RSS from the first minute to the last: {first:.1f} -> {m['rss']:.1f} MiB ({m['rss'] - first:+.1f})")
    finally:
        stop(p)


def main():
    args = sys.argv[1:]
    if not os.environ.get("DISPLAY"):
        sys.exit("bench-play: needs an X server (run it through scripts/env/with-x)")
    options = []
    if "--" in args:
        options = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    if args and args[0] == "--soak":
        if len(args) < 2 or not args[1].isdigit() or not 1 <= int(args[1]) <= 120:
            sys.exit("bench-play: --soak takes a number of minutes, 1 to 120")
        soak(args[2] if len(args) > 2 else ".build/release/snap-table", options, int(args[1]))
        return
    binary = args[0] if args else ".build/release/snap-table"
    rounds = int(args[1]) if len(args) > 1 else 3
    home = os.path.join(WORK, "home")
    os.makedirs(home)
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"), NO_AT_BRIDGE="1")
    bus = subprocess.run(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
                         capture_output=True, text=True) if os.access("/usr/bin/dbus-daemon", os.X_OK) else None
    bus_pid = None
    if bus is not None and bus.returncode == 0:
        address, bus_pid = bus.stdout.split()[:2]
        env["DBUS_SESSION_BUS_ADDRESS"] = address
    have_sol = os.access(SOL, os.X_OK)
    load0 = loadavg()
    runs = {"Aisleriot": []} if have_sol else {}
    runs.update({name: [] for name, _ in CONFIGS})
    try:
        if have_sol:
            stop(launch([SOL, "-v", "klondike"], env)[0])  # its first start in a new HOME builds caches
        for _ in range(rounds):
            if have_sol:
                runs["Aisleriot"].append(measure([SOL, "-v", "klondike"], env,
                                                 ["mousemove", "56", "145", "click", "1"], dealing=False))
            for name, opts in CONFIGS:
                runs[name].append(measure([binary, *SNAP, *opts, *options], env, ["key", "space"], dealing=True))
    finally:
        if bus_pid:
            os.kill(int(bus_pid), signal.SIGTERM)

    def med(name, k):
        return statistics.median(r.get(k, float("nan")) for r in runs[name])
    print(f"bench-play: {rounds} rounds, medians; {os.cpu_count()} CPUs; load {load0} at start, {loadavg()} at end")
    print(f"  snap-table {' '.join(SNAP + options)}: the menu's Play here, Start, Deal, the deal landed, then Space every {STEP_S} s; Aisleriot Klondike: a click on the stock every {STEP_S} s")
    print(f"  {'':12} {'CPU s in ' + str(CPU_S) + ' s':>14} {'RSS MiB at ' + str(RSS_S) + ' s':>16} {'Pss MiB':>8} {'anon MiB':>9}")
    for name in runs:
        print(f"  {name:12} {med(name, 'cpu'):14.2f} {med(name, 'rss'):16.1f} {med(name, 'pss'):8.1f} {med(name, 'anon'):9.1f}")
    sol_rss = med("Aisleriot", "rss") if have_sol else float("nan")
    for name, (rss_goal, cpu_goal) in GOALS.items():
        rg = rss_goal if rss_goal is not None else sol_rss
        rss, cpu = med(name, "rss"), med(name, "cpu")
        print(f"  {name}: RSS {rss:.1f} MiB, goal <= {rg:.1f} ({'PASS' if rss <= rg else 'MISS'}); "
              f"CPU {cpu:.2f} s, goal <= {cpu_goal} ({'PASS' if cpu <= cpu_goal else 'MISS'})")


if __name__ == "__main__":
    main()
