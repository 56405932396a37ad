#!/usr/bin/env python3
"""snap-table as users get it (default renderer) in each window configuration, beside GNOME
Aisleriot on the same X server in the same run, against issue 12's goals. Figures, not a
pass/fail test: PASS/MISS says where a figure stands against its goal, the exit status does not.

Run it under `scripts/env/with-x` (two monitors) after `scripts/build-release`
and `scripts/install-deps --bench` (scripts/bench does both). One warm-up launch of each program,
unmeasured, then ROUNDS interleaved rounds: Aisleriot, then snap-table with one window
(`--secondary off`), a mirror (`--secondary mirror`) and a table view (no option), each for the
game (`--bots hard`) and the sandbox (`--sandbox`). Medians are printed with the ratio to
Aisleriot's, since the machines are shared and only ratios within one run compare.

Per launch: time to the first visible window (xdotool polled every 10 ms); every window id the
program shows until 3 s after that, with its geometry at each 20 ms poll (a window made twice
shows as an extra id, a window moved or resized as a geometry change); RSS at that moment; CPU of
every thread (/proc/PID/task/*/schedstat) idle for 10 s; then CPU of the program and of the X
server for a 5 s drag of 500 pointer moves in one xdotool process:
  Aisleriot  Klondike's first column card (56,300) wandering to an empty top-row spot (290,145);
  game       Enter deals, then on Ann's turn her top closed card (585,578) goes round and back;
  sandbox    card 1 from hand slot 1 (365,604) wanders over the table, as benchmarks.interactive.
Each drop is invalid and sends the card home. The game with a table view (the default) also gets
10 s of play with `--bots hard` (Ann's turns taken by Space from one xdotool process).
Each round also drags over `snap-bench floor` (built beside SNAP_TABLE) along the game's path: a
window that only copies its background back and draws a card at the pointer, 60 frames a second,
once with an opaque card, once with the card in hand as the table draws it, and twice more with a
second window fullscreen on the second monitor drawing that card 30 frames a second, as the table
draws its secondary windows: at the window's scale (as a mirror does) and at 2.33 times the first
window's card (the sandbox's card in hand on the table view). Its figures are what SDL's software
renderer and the X server cost for the drag by themselves: the least the table's drag can cost,
with one window and with two.

Usage: python3 -m benchmarks.peers [SNAP_TABLE] [ROUNDS]   (defaults: .build/release/snap-table 3;
SNAP_PEERS_GAME=GAME plays that game of the family, `--game GAME`, in the game's rows)
"""
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from snaptest.benchlib import (cpu_ms, loadavg, request_state, root_window, rss_mb, shown_windows, x_server_pid,
                               xdo)
from snaptest.waiting import Timeout, wait_for

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/snap-table"
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SOL = "/usr/games/sol"
FLOOR = os.path.join(os.path.dirname(BIN), "snap-bench")  # built beside snap-table
# The floor's variants: key, label, snap-bench floor options.
FLOORS = (("opaque", "an opaque card", ["--card", "opaque"]), ("sprite", "the card in hand as drawn", ["--card", "sprite"]),
          ("mirror", "the same, with a mirror", ["--card", "sprite", "--mirror"]),
          ("table", "with a table view's card", ["--card", "sprite", "--mirror", "--second-card-scale", "2.33"]))
WORK = tempfile.mkdtemp(prefix="bench-peers-")
ROOT = None  # the root window's id, set in main (xdotool's search matches it too)

# Window configurations: label, snap-table options, windows expected on two monitors.
WINDOWS = (("one window", ["--secondary", "off"], 1),
           ("mirror", ["--secondary", "mirror"], 2),
           ("table view", [], 2))
# SNAP_PEERS_GAME=slapjack|ratscrew|snap-pool measures that game of the family instead of Snap!.
GAME = os.environ.get("SNAP_PEERS_GAME")
MODES = (("game", ["--players", "Ann,Ben,Cy,Dee", "--bots", "hard"] + (["--game", GAME] if GAME else [])), ("sandbox", ["--sandbox"]))
DEFAULT = "game, table view"  # what `snap-table` with no options opens on two monitors
# The goal for idle CPU is none at all; a 10 s sample under this is taken as nothing measurable.
IDLE_NOISE_MS = 0.5
SETTLE_S = 3.0  # windows are watched, and RSS read, until this long after the first window


class Program:
    """One launched program: its first visible window, the time it took, and every window it
    showed in the SETTLE_S after that with each one's geometry over that time."""

    def __init__(self, argv, env=None):
        self.log = open(os.path.join(WORK, f"{os.path.basename(argv[0])}-{time.monotonic_ns()}.err"), "w")
        self.history = {}  # window id -> [(ms since launch, (x, y, w, h))], one entry per geometry
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=self.log)
        self.pid = self.proc.pid
        try:
            wait_for(lambda: self.alive() and self.watch(t0), 30, f"visible window of {argv[0]}")
            self.first_window_ms = (time.perf_counter() - t0) * 1000
            settle = time.perf_counter() + SETTLE_S
            while time.perf_counter() < settle:
                time.sleep(0.02)
                self.alive()
                self.final = self.watch(t0)
            self.rss_mb = rss_mb(self.pid)
        except BaseException:
            self.end()
            raise
        if not self.final:
            self.end()
            raise SystemExit(f"bench-peers: {argv[0]} shows no window {SETTLE_S:.0f} s after its first (log in {self.log.name})")
        # The primary window is the one nearest the top left (the primary monitor is at 0,0).
        self.window = min(self.final, key=lambda w: (self.final[w][0], self.final[w][1]))

    def watch(self, t0):
        """The windows shown now, each noted in history when new or its geometry changed."""
        now = shown_windows(self.pid, ROOT)
        ms = (time.perf_counter() - t0) * 1000
        for wid, geo in now.items():
            seen = self.history.setdefault(wid, [])
            if not seen or seen[-1][1] != geo:
                seen.append((ms, geo))
        return now

    def window_figures(self):
        """Ids shown, ids still shown at the end, geometry changes (as text), and the bytes of a
        framebuffer (w*h*4) for every window but the primary."""
        changes = [f"{wid}: " + " -> ".join(f"{w}x{h}+{x}+{y} at {ms:.0f} ms" for ms, (x, y, w, h) in seen)
                   for wid, seen in self.history.items() if len(seen) > 1]
        gone = [f"{wid}: {w}x{h}+{x}+{y} shown at {seen[0][0]:.0f} ms, gone by {SETTLE_S:.0f} s after the first window"
                for wid, seen in self.history.items() if wid not in self.final
                for x, y, w, h in [seen[-1][1]]]
        others = sum(w * h * 4 for wid, (x, y, w, h) in self.final.items() if wid != self.window)
        return dict(made=len(self.history), kept=len(self.final), changes=changes + gone, second_fb=others)

    def alive(self):
        if self.proc.poll() is not None:
            raise SystemExit(f"bench-peers: {self.proc.args[0]} ended early (status {self.proc.returncode}; log in {self.log.name})")
        return True

    def frames(self):
        return 0

    def idle_cpu_ms(self, seconds=10):
        c0 = cpu_ms(self.pid)
        time.sleep(seconds)
        return cpu_ms(self.pid) - c0

    def start_figures(self):
        return dict(first=self.first_window_ms, rss=self.rss_mb, **self.window_figures())

    def end(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def drag(prog, xpid, points, trial=None):
    """Pointer down at points[0], 500 moves 10 ms apart, up at points[-1], in one xdotool process;
    returns program CPU ms, X server CPU ms, seconds and frames presented. `trial` runs first,
    unmeasured, to prove that a press at points[0] takes a card (it must leave the program ready
    for the drag)."""
    x0, y0 = points[0]
    if trial is not None:
        trial()
    xdo("mousemove", x0, y0)
    time.sleep(0.3)
    moves = ["mousedown", "1"]
    for x, y in points[1:]:
        moves += ["mousemove", str(x), str(y), "sleep", "0.01"]
    moves += ["mouseup", "1"]
    f0 = prog.frames()  # before the CPU figures: reading the state costs the program a write
    c0, x_0, t0 = cpu_ms(prog.pid), cpu_ms(xpid), time.perf_counter()
    xdo(*moves)
    dt = time.perf_counter() - t0
    time.sleep(0.5)  # pacing: the drop animation belongs to the drag
    return dict(drag=cpu_ms(prog.pid) - c0, drag_x=cpu_ms(xpid) - x_0, drag_s=dt, drag_frames=prog.frames() - f0)


def path(n, f):
    return [tuple(int(round(v)) for v in f(i / (n - 1))) for i in range(n)]


def aisleriot_path():
    # (56,300) to (290,145), wandering up and down across the tableau on the way.
    return path(501, lambda t: (56 + 234 * t + 120 * math.sin(2 * math.pi * t),
                                300 - 155 * t + 120 * math.sin(4 * math.pi * t)))


def canvas_to_screen(wid):
    geo = dict(line.strip().split("=", 1) for line in xdo("getwindowgeometry", "--shell", wid).split())
    x0, y0, w, h = (int(geo[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
    k = min(w / 1280, h / 720)
    ox, oy = x0 + (w - 1280 * k) / 2, y0 + (h - 720 * k) / 2
    return lambda lx, ly: (ox + lx * k, oy + ly * k)


def sandbox_path(screen):
    # As benchmarks.interactive: from hand slot 1 across the table and back down, 500 moves.
    return path(501, lambda t: screen(365 + 500 * t, 604 - 250 * abs(((t * 4) % 2) - 1)))


def game_path(screen):
    # Ann's closed pile (585,578): a loop over the table centre and back to where it started.
    return path(501, lambda t: screen(585 - 220 * math.sin(2 * math.pi * t), 578 - 130 * (1 - math.cos(2 * math.pi * t))))


class Table(Program):
    """snap-table with a state file, read on demand through SIGUSR1. No --frame-log: writing a
    line per frame cost 5 % of a drag, which players do not pay."""

    def __init__(self, extra):
        self.state_path = os.path.join(WORK, f"state-{time.monotonic_ns()}.json")
        super().__init__([BIN, "--seed", "1", "--state-out", self.state_path, *extra])

    def frames(self):
        """Frames the primary window has presented (the state's windows[0].frames)."""
        windows = self.state().get("windows") or [{}]
        return windows[0].get("frames", 0)

    def state(self):
        self.alive()
        return request_state(self.proc, self.state_path)

    def settled(self):
        """Nothing carried, and no card moved between two reads 0.1 s apart."""
        a = self.state()
        time.sleep(0.1)
        b = self.state()
        return not b.get("holders") and a["cards"] == b["cards"]

    def trial_drag(self):
        """Card 1 of the sandbox picked up (the state names its holder), carried a little and back."""
        screen = canvas_to_screen(self.window)
        steps = [screen(365 + 2 * i, 604 - 2 * i) for i in range(40)]
        xdo("mousemove", *steps[0], "mousedown", 1, *sum((["mousemove", x, y, "sleep", "0.01"] for x, y in steps[1:]), []))
        held = bool(self.state().get("holders"))
        xdo(*sum((["mousemove", x, y, "sleep", "0.01"] for x, y in reversed(steps)), []), "mouseup", 1)
        if not held:
            raise SystemExit(f"bench-peers: a press on the sandbox's card 1 takes no card (log in {self.log.name})")
        wait_for(self.settled, 10, "the trial card home", step=0.1)


def ann(s):
    return next(p for p in (s.get("game") or {}).get("piles", []) if p["player"] == "Ann")


def anns_turn(s):
    g = s.get("game") or {}
    still = not any(c.get("flying") for c in s.get("cards", []))
    return g.get("phase") == "playing" and g.get("turn") == "Ann" and still


def game_trial(t, screen):
    """Ann's top card dragged onto her open pile (the centre pile in Slapjack and Egyptian
    Ratscrew) turns it over; then wait for her next turn."""
    to = (640, 380) if GAME in ("slapjack", "ratscrew") else (700, 578)
    xdo("mousemove", *screen(585, 578), "mousedown", 1,
        *sum((["mousemove", *screen(585 + (to[0] - 585) * i / 30, 578 + (to[1] - 578) * i / 30), "sleep", "0.01"] for i in range(1, 31)), []),
        "mouseup", 1)
    if to[1] == 578:
        wait_for(lambda: ann(t.state())["open"] == 1, 5, "Ann's card on her open pile after the trial drag", step=0.1)
    else:
        wait_for(lambda: ((t.state().get("game") or {}).get("centre") or {}).get("count", 0) >= 1, 5,
                 "Ann's card on the centre pile after the trial drag", step=0.1)
    wait_for(lambda: anns_turn(t.state()), 30, "Ann's turn again after the trial drag", step=0.2)


def measure_aisleriot(xpid, env, idle=True):
    p = Program([SOL, "-v", "klondike"], env=env)
    try:
        r = dict(p.start_figures(), idle=p.idle_cpu_ms() if idle else 0)
        r.update(drag(p, xpid, aisleriot_path()))
        return r
    finally:
        p.end()


def measure_game(xpid, extra, play, idle=True):
    t = Table(extra)
    try:
        r = dict(t.start_figures(), idle=t.idle_cpu_ms() if idle else 0)
        xdo("windowfocus", "--sync", t.window, timeout=10)
        xdo("key", "Return")
        wait_for(lambda: anns_turn(t.state()), 60, "Ann's turn after the deal", step=0.2)
        screen = canvas_to_screen(t.window)
        r.update(drag(t, xpid, game_path(screen), lambda: game_trial(t, screen)))
        if play:
            # 10 s of play: computer players, and Space for Ann (it does nothing off her turn).
            f0 = t.frames()
            c0, x0 = cpu_ms(t.pid), cpu_ms(xpid)
            xdo(*sum((["key", "space", "sleep", "0.25"] for _ in range(40)), []))
            r["play"], r["play_x"], r["play_frames"] = cpu_ms(t.pid) - c0, cpu_ms(xpid) - x0, t.frames() - f0
            g = t.state()["game"]
            r["play_note"] = f"round {g['round']}, {g['phase']}"
        return r
    finally:
        t.end()


def measure_sandbox(xpid, extra, play, idle=True):
    t = Table(extra)
    try:
        r = dict(t.start_figures(), idle=t.idle_cpu_ms() if idle else 0)
        r.update(drag(t, xpid, sandbox_path(canvas_to_screen(t.window)), t.trial_drag))
        return r
    finally:
        t.end()


def measure_floor(xpid, options):
    """`snap-bench floor`: a window that only redraws a card at the pointer, dragged as the game's
    card is. What SDL's software renderer and the X server cost for that drag by themselves."""
    p = Program([FLOOR, "floor", *options])
    try:
        return drag(p, xpid, game_path(canvas_to_screen(p.window)))
    finally:
        p.end()


def warm_up(env):
    """One unmeasured launch of each program (so the first round does not pay for a cold disk
    cache alone); snap-table's says at info level which renderer `auto` took."""
    Program([SOL, "-v", "klondike"], env=env).end()
    t = Program([BIN, "--log-level", "info"])
    t.end()
    with open(t.log.name) as f:
        said = [line.strip() for line in f if "renderer" in line]
    return said


def med(runs, key):
    vals = [r[key] for r in runs if key in r]
    return statistics.median(vals) if vals else float("nan")


def verdict(ok):
    return "PASS" if ok else "MISS"


def versus(value, peer, goal_ratio, fmt):
    """value, its ratio to the peer's, and PASS when value <= goal_ratio * peer."""
    ratio = value / peer if peer > 0 else float("inf")
    return f"{fmt.format(value)} {ratio:5.2f}x {verdict(value <= goal_ratio * peer)}"


def report(sol, runs, floors, monitors, load0, renderer_said):
    print(f"  {ROUNDS} interleaved rounds, medians; {monitors} monitor(s); {os.cpu_count()} CPUs; "
          f"load average {load0} at the start, {loadavg()} at the end")
    for line in renderer_said:
        print(f"  snap-table (no options) says: {line}")
    print(f"  Aisleriot: first window {med(sol, 'first'):.0f} ms, RSS {med(sol, 'rss'):.1f} MiB, idle {med(sol, 'idle'):.2f} ms in 10 s, "
          f"drag {med(sol, 'drag'):.0f} ms (X server {med(sol, 'drag_x'):.0f} ms), "
          f"window ids shown {max(r['made'] for r in sol)}, geometry changes {sum(len(r['changes']) for r in sol)}")
    a_first, a_rss, a_drag, a_x = (med(sol, k) for k in ("first", "rss", "drag", "drag_x"))

    print("  start (goals: first window <= 0.5x Aisleriot's; RSS <= 0.5x with one window, a second window adding")
    print("  at most its framebuffer w*h*4; each window shown once, in its final place and size):")
    print(f"    {'snap-table':<20} {'first window ms':>20} {'RSS MiB':>19} {'2nd window adds MiB':>23} {'window ids / kept, changes':>31}")
    for name, rs in runs.items():
        mode = name.split(",")[0]
        one = runs[f"{mode}, one window"]
        rss = med(rs, "rss")
        if name.endswith("one window"):
            rss_col, adds_col = versus(rss, a_rss, 0.5, "{:7.1f}"), f"{'-':>23}"
        else:
            adds, fb = rss - med(one, "rss"), med(rs, "second_fb") / 2**20
            rss_col = f"{rss:7.1f} {rss / a_rss:5.2f}x     "
            adds_col = f"{adds:+7.1f} (fb {fb:5.1f}) {verdict(adds <= fb)}"
        made, kept = max(r["made"] for r in rs), min(r["kept"] for r in rs)
        changes = sum(len(r["changes"]) for r in rs)
        expected = dict((label, n) for label, _, n in WINDOWS)[name.split(", ")[1]] if monitors >= 2 else 1
        win_ok = made == kept == expected and changes == 0
        print(f"    {name:<20} {versus(med(rs, 'first'), a_first, 0.5, '{:8.0f}')} {rss_col} {adds_col} "
              f"{f'{made} / {kept}, {changes}':>26} {verdict(win_ok)}")

    print(f"  running (goals: idle 0 ms (under {IDLE_NOISE_MS} ms in 10 s); drag CPU <= 0.5x Aisleriot's; X server <= Aisleriot's):")
    print(f"    {'snap-table':<20} {'idle 10 s ms':>13} {'drag CPU ms':>20} {'X server ms':>20} {'frames':>7} {'drag s':>7}")
    for name, rs in runs.items():
        idle = med(rs, "idle")
        print(f"    {name:<20} {idle:8.2f} {verdict(idle < IDLE_NOISE_MS)} {versus(med(rs, 'drag'), a_drag, 0.5, '{:8.0f}')} "
              f"{versus(med(rs, 'drag_x'), a_x, 1.0, '{:8.0f}')} {med(rs, 'drag_frames'):7.0f} {med(rs, 'drag_s'):7.1f}")
    if floors:
        print("  the least the drag costs on SDL's software renderer (snap-bench floor: a window that only copies the")
        print("  background back and draws a card at the pointer, 60 frames a second, a second window 30; no game, no display list):")
        for card, label, _ in FLOORS:
            rs = floors.get(card)
            if not rs:
                continue
            print(f"    {label:<26} {med(rs, 'drag'):8.0f} {med(rs, 'drag') / a_drag:5.2f}x      X server {med(rs, 'drag_x'):4.0f} ms, "
                  f"rounds " + ", ".join(f"{r['drag']:.0f}" for r in rs))
    print("  each round's drag, CPU / X server ms (how far the medians can be trusted):")
    for name, rs in [("Aisleriot", sol), *runs.items()]:
        print(f"    {name:<20} " + "  ".join(f"{r['drag']:5.0f} / {r['drag_x']:4.0f}" for r in rs))
    game = runs[DEFAULT]
    print(f"  game in progress ({DEFAULT}, --bots hard), 10 s: snap-table {med(game, 'play'):.0f} ms, "
          f"X server {med(game, 'play_x'):.0f} ms, {med(game, 'play_frames'):.0f} frames ({game[-1]['play_note']})")
    details = [(name, i + 1, c) for name, rs in [("Aisleriot", sol), *runs.items()] for i, r in enumerate(rs) for c in r["changes"]]
    if details:
        print("  windows that moved, changed size or went away in their first seconds:")
        for name, n, c in details:
            print(f"    {name}, round {n}: window {c}")


def main():
    global ROOT
    if not os.environ.get("DISPLAY"):
        sys.exit("bench-peers: needs an X server (run it through scripts/env/with-x)")
    if not os.access(SOL, os.X_OK):
        sys.exit(f"bench-peers: {SOL} missing (scripts/install-deps --bench installs Aisleriot)")
    xpid = x_server_pid()
    if xpid is None:
        sys.exit(f"bench-peers: no Xorg process serving {os.environ['DISPLAY']}")
    ROOT = root_window()
    monitors = int(subprocess.run(["xrandr", "--listmonitors"], capture_output=True, text=True).stdout.split()[1])
    home = os.path.join(WORK, "home")
    os.makedirs(home)
    env = dict(os.environ, HOME=home, NO_AT_BRIDGE="1")
    bus = subprocess.run(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
                         capture_output=True, text=True) if os.access("/usr/bin/dbus-daemon", os.X_OK) else None
    bus_pid = None
    if bus is not None and bus.returncode == 0:
        address, bus_pid = bus.stdout.split()[:2]
        env["DBUS_SESSION_BUS_ADDRESS"] = address
    load0 = loadavg()
    try:
        said = warm_up(env)
        sol, floors = [], {}
        runs = {f"{mode}, {label}": [] for mode, _ in MODES for label, _, _ in WINDOWS}
        for _ in range(ROUNDS):
            sol.append(measure_aisleriot(xpid, env))
            if os.access(FLOOR, os.X_OK):
                # The variants with a second window need the second monitor.
                for card, _, options in FLOORS:
                    if monitors >= 2 or "--mirror" not in options:
                        floors.setdefault(card, []).append(measure_floor(xpid, options))
            for mode, mode_options in MODES:
                measure = measure_game if mode == "game" else measure_sandbox
                for label, options, _ in WINDOWS:
                    name = f"{mode}, {label}"
                    runs[name].append(measure(xpid, mode_options + options, play=name == DEFAULT))
    finally:
        if bus_pid:
            os.kill(int(bus_pid), signal.SIGTERM)
    report(sol, runs, floors, monitors, load0, said)


if __name__ == "__main__":
    try:
        main()
        shutil.rmtree(WORK, ignore_errors=True)  # kept only when something failed, for its logs
    except Timeout as e:
        raise SystemExit(f"bench-peers: {e} (logs and state files in {WORK})")
