#!/usr/bin/env python3
"""What a game costs under a Wayland compositor: snap-table as users get it there (no options,
SDL_VIDEODRIVER unset: natively with a GPU, through XWayland without one; the default renderer;
the table view on a second 1920x1080 output) against the same forced native
(SDL_VIDEODRIVER=wayland: OpenGL, Mesa's llvmpipe without a GPU), in the same sway and run.
Aisleriot is not beside them here: under sway no program can click it (XWayland 22.1 delivers
no XTEST pointer events to its clients: xdotool's clicks on the stock turn no card), so its
figures would be those of a window left alone; the Xorg benchmark (benchmarks/play.py) has it.
The compositor's work counts: CPU of the program, of sway (which composes every frame, with
pixman here: no GPU) and of XWayland, over 30 s of play. Figures, not a pass/fail test.

Run it under `scripts/env/with-sway` after a release build:

    scripts/env/with-sway python3 -m benchmarks.desktops [SNAP_TABLE] [ROUNDS]

Per round (interleaved: as users get it, native): snap-table opens on its menu; its feed
chooses Play here and Start and presses Enter (the deal), then once the deal landed Space every
0.5 s (your turn; the computer players take theirs; a feed, since natively no program can press
another's keys: every snap-table run gets the same). CPU from /proc/PID/task/*/schedstat.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from snaptest.benchlib import cpu_ms, loadavg, request_state
from snaptest.desk import GPU
from snaptest.swaylib import outputs, swaymsg, until, windows
from snaptest.waiting import stop, wait_for

WORK = tempfile.mkdtemp(prefix="bench-desktops-")
SNAP = ["--seed", "5", "--bots", "hard", "--controllers", "off", "--menu", "--feed", "-"]
CPU_S, STEP_S = 30, 0.5


def compositor_pids():
    """sway's PID (its IPC socket is named sway-ipc.UID.PID.sock) and its XWayland's (the one
    serving DISPLAY: sway starts it detached, so not its child)."""
    sway = int(re.search(r"\.(\d+)\.sock$", os.environ["SWAYSOCK"]).group(1))
    xw = subprocess.run(["pgrep", "-f", f"^Xwayland {os.environ['DISPLAY']} "], capture_output=True, text=True).stdout.split()
    if not xw:
        raise SystemExit(f"bench-desktops: no Xwayland serving {os.environ['DISPLAY']}")
    return sway, int(xw[0])


def cpu_all(pids):
    return {k: cpu_ms(p) if p else 0.0 for k, p in pids.items()}


def snap_table(binary, env, name):
    state = os.path.join(WORK, f"state-{time.monotonic_ns()}.json")
    log = open(os.path.join(WORK, f"{name}-{time.monotonic_ns()}.err"), "w")
    p = subprocess.Popen([binary, *SNAP, "--state-out", state], env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                         stderr=log, text=True)

    def say(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()
    # Its window first: SIGUSR1 before the table handles it would end the process.
    wait_for(lambda: any(n["pid"] == p.pid for n, _ in windows()), 30, f"a window of snap-table ({name})")
    wait_for(lambda: (request_state(p, state).get("menu") or {}).get("screen") == "main", 30, "the menu")
    say("choose play")
    wait_for(lambda: (request_state(p, state).get("menu") or {}).get("screen") == "local", 30, "the seats screen")
    say("choose start")
    wait_for(lambda: "game" in request_state(p, state), 30, "the table")
    say("key enter")

    def dealt():
        s = request_state(p, state)
        g = s.get("game") or {}
        return g.get("phase") == "playing" and not any(c.get("flying") == "deal" for c in s.get("cards", []))
    wait_for(dealt, 30, "the deal to land", step=0.2)
    tables = [w for w in request_state(p, state).get("windows", []) if w["role"] == "table"]
    if len(tables) != 1:
        raise SystemExit(f"bench-desktops: no table view on the second output ({name}; logs in {WORK})")
    return p, lambda: say("key space")


def measure(start, compositor):
    p, step = start()
    try:
        pids = dict(app=p.pid, **compositor)
        c0, t0 = cpu_all(pids), time.monotonic()
        for i in range(int(CPU_S / STEP_S)):
            step()
            time.sleep(max(0.0, t0 + (i + 1) * STEP_S - time.monotonic()))
        c1 = cpu_all(pids)
        if p.poll() is not None:
            raise SystemExit(f"bench-desktops: a program ended during play (logs in {WORK})")
        return {k: (c1[k] - c0[k]) / 1000 for k in pids}
    finally:
        stop(p)


def main():
    if not os.environ.get("SWAYSOCK"):
        sys.exit("bench-desktops: needs sway (run it through scripts/env/with-sway)")
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/snap-table"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    home = os.path.join(WORK, "home")
    os.makedirs(home)
    base = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"), NO_AT_BRIDGE="1")
    base.pop("SDL_VIDEODRIVER", None)
    swaymsg("create_output")
    until(lambda: len(outputs()) == 2, 5)
    sway, xwayland = compositor_pids()
    compositor = dict(sway=sway, xwayland=xwayland)
    configs = {f"as users get it ({'native' if GPU else 'XWayland: no GPU'})": lambda: snap_table(binary, base, "default"),
               "native (SDL_VIDEODRIVER=wayland)": lambda: snap_table(binary, dict(base, SDL_VIDEODRIVER="wayland"), "native")}
    load0 = loadavg()
    runs = {name: [] for name in configs}
    for _ in range(rounds):
        for name, start in configs.items():
            runs[name].append(measure(start, compositor))

    def med(name, k):
        return statistics.median(r[k] for r in runs[name])
    print(f"bench-desktops: sway 1.7 headless (pixman), outputs {outputs()}; {rounds} rounds, medians; "
          f"{os.cpu_count()} CPUs; load {load0} at start, {loadavg()} at end")
    print(f"  snap-table {' '.join(SNAP[:6])}: the menu, Play here, Start, Deal, then Space every {STEP_S} s (its feed)")
    print(f"  CPU s in {CPU_S} s of play{'':14} {'snap-table':>10} {'sway':>8} {'XWayland':>9} {'total':>8}")
    totals = {}
    for name in runs:
        app, sw, xw = med(name, "app"), med(name, "sway"), med(name, "xwayland")
        totals[name] = statistics.median(r["app"] + r["sway"] + r["xwayland"] for r in runs[name])
        print(f"  {name:38} {app:10.2f} {sw:8.2f} {xw:9.2f} {totals[name]:8.2f}")
    first, second = list(totals)
    print(f"  {second}: {totals[second] / totals[first]:.1f}x the total of {first}")


if __name__ == "__main__":
    main()
