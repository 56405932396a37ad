#!/usr/bin/env python3
"""snap-table as users get it (the game, default renderer, a table view on the second monitor)
beside GNOME Aisleriot on the same X server in the same run. Figures, not a pass/fail test.

Run it under `scripts/with-x` (two monitors) after `swift build -c release --product snap-table`
and `apt-get install aisleriot` (scripts/bench does both). Rounds are interleaved (Aisleriot,
snap-table game, snap-table sandbox, Aisleriot, ...) and medians are printed with the ratio
snap-table/Aisleriot, since the machines are shared and only ratios within one run compare.

Per program: launch to the first visible window (xdotool search --onlyvisible --pid, polled every
10 ms), RSS 3 s after it, CPU of every thread (/proc/PID/task/*/schedstat) while idle for 10 s,
and CPU (and the X server's) for a 5 s drag of 500 pointer moves in one xdotool process:
  Aisleriot  Klondike's first column card (56,300) wandering to an empty top-row spot (290,145);
  game       Enter deals, then on Ann's turn her top closed card (585,578) goes round and back;
  sandbox    card 1 from hand slot 1 (365,604) wanders over the table, as bench-interactive.py.
Each invalid drop sends the card home. The game also gets 10 s of play with `--bots hard` (Ann's
turns taken by Space from one xdotool process), program and X server CPU. Comparison rounds
follow: `--renderer software`, and `--secondary off` (no table view).

Usage: bench-aisleriot.py [SNAP_TABLE] [ROUNDS]   (defaults: .build/release/snap-table 3)
"""
import json
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Timeout, wait_for, rss_mb  # noqa: E402

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/snap-table"
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SOL = "/usr/games/sol"
WORK = tempfile.mkdtemp(prefix="bench-aisleriot-")






def cpu_ms(pid):
    """CPU used so far by every thread of pid, in ms (scheduler nanoseconds; a thread that ends
    between listing and reading is left out)."""
    total = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return float("nan")
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total / 1e6




def xdo(*args, timeout=60):
    return subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True, timeout=timeout).stdout


def visible_windows(pid):
    return xdo("search", "--onlyvisible", "--pid", pid, timeout=5).split()


def x_server_pid():
    """The Xorg serving $DISPLAY (scripts/with-x starts it as `Xorg :N ...`), or None."""
    display = os.environ["DISPLAY"]
    for p in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{p}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
        except OSError:
            continue
        if args and os.path.basename(args[0]) in (b"Xorg", b"Xorg.wrap") and display.encode() in args:
            return int(p)
    return None


class Program:
    """One launched program: its first visible window and the time it took."""

    def __init__(self, argv, env=None):
        self.log = open(os.path.join(WORK, f"{os.path.basename(argv[0])}-{time.monotonic_ns()}.err"), "w")
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=self.log)
        self.pid = self.proc.pid
        self.window = wait_for(lambda: self.alive() and visible_windows(self.pid), 30, f"visible window of {argv[0]}")[0]
        self.first_window_ms = (time.perf_counter() - t0) * 1000
        # Every window id shown in the next 3 s (a window made again shows as an extra id).
        seen, settle = set(), time.monotonic() + 3.0
        while time.monotonic() < settle:
            seen.update(visible_windows(self.pid))
            time.sleep(0.1)
        self.windows_seen = len(seen)
        self.rss_mb = rss_mb(self.pid)

    def alive(self):
        if self.proc.poll() is not None:
            raise SystemExit(f"bench-aisleriot: {self.proc.args[0]} ended early (status {self.proc.returncode}; log in {self.log.name})")
        return True

    def idle_cpu_ms(self, seconds=10):
        c0 = cpu_ms(self.pid)
        time.sleep(seconds)
        return cpu_ms(self.pid) - c0

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
    returns (program CPU ms, X server CPU ms, seconds). `trial` runs first, unmeasured, to prove
    that a press at points[0] takes a card (it must leave the program ready for the drag)."""
    x0, y0 = points[0]
    if trial is not None:
        trial()
    xdo("mousemove", x0, y0)
    time.sleep(0.3)
    moves = ["mousedown", "1"]
    for x, y in points[1:]:
        moves += ["mousemove", str(x), str(y), "sleep", "0.01"]
    moves += ["mouseup", "1"]
    f0 = prog.frames() if hasattr(prog, "frames") else 0
    c0, x_0, t0 = cpu_ms(prog.pid), cpu_ms(xpid), time.perf_counter()
    xdo(*moves)
    dt = time.perf_counter() - t0
    time.sleep(0.5)  # pacing: the drop animation belongs to the drag
    prog.drag_frames = (prog.frames() if hasattr(prog, "frames") else 0) - f0
    return cpu_ms(prog.pid) - c0, cpu_ms(xpid) - x_0, dt


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
    # As bench-interactive.py: from hand slot 1 across the table and back down, 500 moves.
    return path(501, lambda t: screen(365 + 500 * t, 604 - 250 * abs(((t * 4) % 2) - 1)))


def game_path(screen):
    # Ann's closed pile (585,578): a loop over the table centre and back to where it started.
    return path(501, lambda t: screen(585 - 220 * math.sin(2 * math.pi * t), 578 - 130 * (1 - math.cos(2 * math.pi * t))))


class Table(Program):
    """snap-table with a state file, read on demand through SIGUSR1."""

    def __init__(self, extra):
        self.state_path = os.path.join(WORK, f"state-{time.monotonic_ns()}.json")
        self.frame_log = os.path.join(WORK, f"frames-{time.monotonic_ns()}.log")
        super().__init__([BIN, "--seed", "1", "--state-out", self.state_path, "--frame-log", self.frame_log, *extra])

    def frames(self):
        """Frames presented so far (one line each in the --frame-log)."""
        try:
            with open(self.frame_log) as f:
                return sum(1 for _ in f)
        except OSError:
            return 0

    def state(self):
        if os.path.exists(self.state_path):
            os.unlink(self.state_path)
        self.alive()
        self.proc.send_signal(signal.SIGUSR1)
        wait_for(lambda: os.path.exists(self.state_path), 5, "state file")

        def parsed():
            try:
                with open(self.state_path) as f:
                    return json.load(f)
            except ValueError:
                return None
        return wait_for(parsed, 2, "complete state file")

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
            raise SystemExit(f"bench-aisleriot: a press on the sandbox's card 1 takes no card (log in {self.log.name})")
        wait_for(self.settled, 10, "the trial card home", step=0.1)


def ann(s):
    return next(p for p in (s.get("game") or {}).get("piles", []) if p["player"] == "Ann")


def anns_turn(s):
    g = s.get("game") or {}
    still = not any(c.get("flying") for c in s.get("cards", []))
    return g.get("phase") == "playing" and g.get("turn") == "Ann" and still


def measure_aisleriot(xpid, env):
    p = Program([SOL, "-v", "klondike"], env=env)
    try:
        r = dict(first=p.first_window_ms, rss=p.rss_mb, windows=p.windows_seen, idle=p.idle_cpu_ms())
        r["drag"], r["drag_x"], r["drag_s"] = drag(p, xpid, aisleriot_path())
        return r
    finally:
        p.end()


def measure_game(xpid, extra):
    t = Table(["--bots", "hard", *extra])
    try:
        r = dict(first=t.first_window_ms, rss=t.rss_mb, windows=t.windows_seen, idle=t.idle_cpu_ms())
        r["view_windows"] = len(t.state()["windows"])
        xdo("windowfocus", "--sync", t.window, timeout=10)
        xdo("key", "Return")
        wait_for(lambda: anns_turn(t.state()), 60, "Ann's turn after the deal", step=0.2)
        screen = canvas_to_screen(t.window)

        def trial():
            # Ann's top card dragged onto her open pile turns it over; then wait for her next turn.
            xdo("mousemove", *screen(585, 578), "mousedown", 1,
                *sum((["mousemove", *screen(585 + 115 * i / 30, 578), "sleep", "0.01"] for i in range(1, 31)), []), "mouseup", 1)
            wait_for(lambda: ann(t.state())["open"] == 1, 5, "Ann's card on her open pile after the trial drag", step=0.1)
            wait_for(lambda: anns_turn(t.state()), 30, "Ann's turn again after the trial drag", step=0.2)
        r["drag"], r["drag_x"], r["drag_s"] = drag(t, xpid, game_path(screen), trial)
        # 10 s of play: computer players, and Space for Ann (it does nothing off her turn).
        r["drag_frames"] = t.drag_frames
        c0, x0, f0 = cpu_ms(t.pid), cpu_ms(xpid), t.frames()
        xdo(*sum((["key", "space", "sleep", "0.25"] for _ in range(40)), []))
        r["play"], r["play_x"], r["play_frames"] = cpu_ms(t.pid) - c0, cpu_ms(xpid) - x0, t.frames() - f0
        g = t.state()["game"]
        r["play_note"] = f"round {g['round']}, {g['phase']}"
        return r
    finally:
        t.end()


def measure_sandbox(xpid, extra):
    t = Table(["--sandbox", *extra])
    try:
        r = dict(first=t.first_window_ms, rss=t.rss_mb, windows=t.windows_seen, idle=t.idle_cpu_ms())
        r["drag"], r["drag_x"], r["drag_s"] = drag(t, xpid, sandbox_path(canvas_to_screen(t.window)), t.trial_drag)
        r["drag_frames"] = t.drag_frames
        return r
    finally:
        t.end()


def med(runs, key):
    vals = [r[key] for r in runs if key in r]
    return statistics.median(vals) if vals else float("nan")


def row(label, unit, a, s, fmt="{:7.1f}"):
    ratio = f"{s / a:6.1f}x" if a and a > 0.5 else "     - "
    print(f"    {label:<38} {fmt.format(a) if a == a else '      -'} {unit:<3} {fmt.format(s)} {unit:<3} {ratio}")


def loadavg():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    if not os.environ.get("DISPLAY"):
        sys.exit("bench-aisleriot: needs an X server (run it through scripts/with-x)")
    if not os.access(SOL, os.X_OK):
        sys.exit(f"bench-aisleriot: {SOL} missing (apt-get install aisleriot)")
    xpid = x_server_pid()
    if xpid is None:
        sys.exit(f"bench-aisleriot: no Xorg process serving {os.environ['DISPLAY']}")
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
        sol, game, sandbox = [], [], []
        for _ in range(ROUNDS):
            sol.append(measure_aisleriot(xpid, env))
            game.append(measure_game(xpid, []))
            sandbox.append(measure_sandbox(xpid, []))
        compare = {}
        for name, extra in (("--renderer software", ["--renderer", "software"]), ("--secondary off", ["--secondary", "off"])):
            sol.append(measure_aisleriot(xpid, env))
            compare[name] = (measure_game(xpid, extra), measure_sandbox(xpid, extra))
    finally:
        if bus_pid:
            os.kill(int(bus_pid), signal.SIGTERM)

    print(f"  {ROUNDS} interleaved rounds, medians; {monitors} monitor(s); {os.cpu_count()} CPUs; "
          f"load average {load0} at the start, {loadavg()} at the end")
    print(f"    {'':<38} {'Aisleriot':>11} {'snap-table':>12} {'ratio':>7}")
    for label, who in (("game (default: renderer auto, table view)", game), ("sandbox (--sandbox)", sandbox)):
        print(f"  {label}:")
        row("launch to first visible window", "ms", med(sol, "first"), med(who, "first"))
        row("RSS 3 s after the first window", "MB", med(sol, "rss"), med(who, "rss"))
        row("CPU idle for 10 s", "ms", med(sol, "idle"), med(who, "idle"))
        row(f"CPU for a {med(who, 'drag_s'):.1f} s drag, 500 moves", "ms", med(sol, "drag"), med(who, "drag"))
        row("X server CPU during that drag", "ms", med(sol, "drag_x"), med(who, "drag_x"))
        print(f"    windows shown in the first 3 s: Aisleriot {med(sol, 'windows'):.0f}, snap-table {med(who, 'windows'):.0f}; "
              f"snap-table frames presented during the drag: {med(who, 'drag_frames'):.0f}")
    print(f"    game in progress (--bots hard), 10 s:  snap-table {med(game, 'play'):7.1f} ms, "
          f"X server {med(game, 'play_x'):7.1f} ms, {med(game, 'play_frames'):.0f} frames  ({game[-1]['play_note']}; {game[-1]['view_windows']} windows)")
    print("  comparison (one run each, against the medians above):")
    for name, (g, s) in compare.items():
        print(f"    {name:<20} game: first window {g['first']:6.1f} ms, RSS {g['rss']:6.1f} MB, idle {g['idle']:6.1f} ms, "
              f"drag {g['drag']:6.1f} ms (X {g['drag_x']:6.1f}, {g['drag_frames']} frames), play 10 s {g['play']:6.1f} ms (X {g['play_x']:6.1f}, {g['play_frames']} frames), {g['windows']} windows")
        print(f"    {'':<20} sandbox: first window {s['first']:6.1f} ms, RSS {s['rss']:6.1f} MB, idle {s['idle']:6.1f} ms, "
              f"drag {s['drag']:6.1f} ms (X {s['drag_x']:6.1f}, {s['drag_frames']} frames)")


if __name__ == "__main__":
    try:
        main()
        shutil.rmtree(WORK, ignore_errors=True)  # kept only when something failed, for its logs
    except Timeout as e:
        raise SystemExit(f"bench-aisleriot: {e} (logs and state files in {WORK})")
