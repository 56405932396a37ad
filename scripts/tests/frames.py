#!/usr/bin/env python3
"""Every frame right, on every renderer: run under scripts/env/with-x (two monitors).

With SNAP_VERIFY_FRAMES=1 each window of snap-table draws every frame it presents a second time,
whole and from scratch, and counts the frames that differ (docs/frames.md). This plays a seeded
game against hard computer players (Snap! called right and wrong through the live
feed, a virtual controller joining through snap-inputd and leaving, the game paused and resumed,
the TV unplugged and plugged back in through the feed's `display` verbs), then the sandbox with mouse drags
within and across both windows, and checks that every window checked frames and found no
mismatch. Mismatching frames are left as PNGs in the temporary folder named in the failure.

Usage: python3 -m tests.frames BIN_DIR [--renderer software|opengl|opengles2 ...] [--seconds N]
(default: all three renderers, 60 s of play each).
"""
import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

from snaptest.xcheck import canvas_point, check, failures, geometry, read_state, wait_state, window_of


def xdo(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True, capture_output=True, text=True, timeout=20).stdout


def stop(proc, sig=signal.SIGTERM):
    if proc.poll() is None:
        proc.send_signal(sig)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def wait_for(pred, timeout, step=0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(step)
    return False


def check_frames(state_path, renderer, what, roles):
    """The final state: each window says its renderer and checked frames, none mismatched."""
    s = read_state(state_path)
    windows = (s or {}).get("windows", [])
    check([w["role"] for w in windows] == roles, f"{what}: windows at the end are {roles} ({[w['role'] for w in windows]})")
    for w in windows:
        fc = w.get("frameCheck")
        check(w.get("renderer") == renderer, f"{what}: the {w['role']} window draws with {renderer} ({w.get('renderer')})")
        check(fc is not None and fc["checked"] > 0, f"{what}: the {w['role']} window checked its frames ({fc})")
        check(fc is not None and fc["mismatched"] == 0,
              f"{what}: no frame of the {w['role']} window differs from the frame drawn whole ({fc})")


def game(bindir, renderer, seconds, out):
    """A minute of seeded play with both windows up."""
    out = os.path.join(out, f"game-{renderer}")
    os.mkdir(out)
    sock = os.path.join(out, f"input-{renderer}.sock")
    state = os.path.join(out, f"game-{renderer}.json")
    env = dict(os.environ, SNAP_VERIFY_FRAMES="1")
    daemon = subprocess.Popen([f"{bindir}/snap-inputd", "--input-socket", sock, "--virtual-control"],
                              stdin=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    wait_for(lambda: os.path.exists(sock), 10)
    table = subprocess.Popen([f"{bindir}/snap-table", "--seed", "5", "--bots", "hard", "--players", "Ann,Ben,Cy,Dee", "--me", "Ann",
                              "--renderer", renderer,
                              "--input-socket", sock, "--state-out", state, "--feed", "-", "--log-level", "info"],
                             stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)

    def feed(line):
        table.stdin.write(line + "\n")
        table.stdin.flush()

    def ctl(line):
        daemon.stdin.write(line + "\n")
        daemon.stdin.flush()

    def snap_showing(s):
        tops = [p["top"] for p in (s.get("game") or {}).get("piles", []) if p.get("top")]
        ranks = [t.get("rank") if isinstance(t, dict) else str(t)[:-1] for t in tops]
        return len(ranks) != len(set(ranks))

    err = ""
    try:
        window_of(table)
        wait_state(table, state, lambda s: len(s.get("windows", [])) == 2 and "game" in s, f"{renderer}: both windows are up")
        feed("key enter")
        wait_state(table, state, lambda s: (s.get("game") or {}).get("phase") == "playing", f"{renderer}: the cards are dealt")
        s = read_state(state) or {}
        me = next((e["player"] for e in s.get("seats", []) if e.get("control") == "local"), None)
        check(me is not None, f"{renderer}: the state names this machine's player ({s.get('seats')})")
        rng = random.Random(5)
        calls = {"right": 0, "wrong": 0}
        started = time.monotonic()
        events = {0.25: "attach", 0.35: "press", 0.45: "detach", 0.55: "pause", 0.62: "resume",
                  0.7: "monitor off", 0.8: "monitor on"}
        done = set()
        tv = {}
        while time.monotonic() - started < seconds:
            frac = (time.monotonic() - started) / seconds
            for at, what in events.items():
                if frac >= at and what not in done:
                    done.add(what)
                    if what == "attach":
                        ctl("attach")
                        wait_state(table, state, lambda s: len(s.get("controllers", [])) == 1, f"{renderer}: a controller joins")
                    elif what == "press":
                        for b in ("a", "x"):
                            ctl(f"press 0 {b}")
                            time.sleep(0.2)
                            ctl(f"release 0 {b}")
                    elif what == "detach":
                        ctl("detach 0")
                        wait_state(table, state, lambda s: len(s.get("controllers", [])) == 0, f"{renderer}: the controller leaves")
                    elif what == "pause":
                        feed("key escape")
                        wait_state(table, state, lambda s: s.get("paused") is True, f"{renderer}: Escape pauses the game")
                        time.sleep(1)
                    elif what == "resume":
                        feed("key escape")
                        wait_state(table, state, lambda s: s.get("paused") is False, f"{renderer}: Escape again goes on")
                    elif what == "monitor off":
                        # The TV's cable pulled (simulated through the feed: SDL 2.26 does not see a
                        # dummy output switched off): its table view closes, play goes on.
                        tv["name"] = next((w["display"] for w in (read_state(state) or {}).get("windows", [])
                                           if w["role"] == "table"), "")
                        feed(f"display disconnect {tv['name']}")
                        wait_state(table, state, lambda s: [w["role"] for w in s.get("windows", [])] == ["primary"],
                                   f"{renderer}: the TV unplugged, its table view closes")
                    elif what == "monitor on":
                        feed(f"display connect {tv['name']} 1920 1080")
                        wait_state(table, state, lambda s: [w["role"] for w in s.get("windows", [])] == ["primary", "table"],
                                   f"{renderer}: plugged back in, the table view opens again")
            table.send_signal(signal.SIGUSR1)
            time.sleep(0.15)
            s = read_state(state) or {}
            g = s.get("game") or {}
            if "game" in s and (not g or g.get("phase") == "roundOver"):
                feed("key enter")                       # the next round
            elif snap_showing(s):
                feed(f"call {me}")
                calls["right"] += 1
                time.sleep(0.3)
            elif rng.random() < 0.08:
                feed(f"call {me}")                      # a wrong call: a penalty, cards fly
                calls["wrong"] += 1
            elif g.get("turn") == me:
                feed(f"turn {me}")
        print(f"{renderer}: {calls['right']} calls on a snap, {calls['wrong']} wrong calls")
        check(calls["wrong"] > 0, f"{renderer}: Snap! was called wrongly at least once")
        check(calls["right"] > 0, f"{renderer}: Snap! was called on a snap at least once")
    finally:
        stop(table)
        stop(daemon)
        err = table.stderr.read()
    check(table.returncode == 0, f"{renderer}: the game ended cleanly ({table.returncode})")
    check_frames(state, renderer, f"{renderer} game", ["primary", "table"])
    summary = [line for line in err.splitlines() if "frame check" in line]
    print("\n".join(summary))
    check(len(summary) >= 2, f"{renderer}: the log reports the frame check of each window at exit")


def drag(points, steps=10):
    (x0, y0), rest = points[0], points[1:]
    xdo("mousemove", int(x0), int(y0))
    time.sleep(0.15)
    xdo("mousedown", 1)
    px, py = x0, y0
    for (x, y) in rest:
        for i in range(1, steps + 1):
            xdo("mousemove", int(px + (x - px) * i / steps), int(py + (y - py) * i / steps))
            time.sleep(0.02)
        px, py = x, y
    time.sleep(0.1)
    xdo("mouseup", 1)
    time.sleep(0.5)


def sandbox(bindir, renderer, out):
    """The sandbox table: cards dragged on each window and from one window onto the other."""
    out = os.path.join(out, f"sandbox-{renderer}")
    os.mkdir(out)
    state = os.path.join(out, f"sandbox-{renderer}.json")
    env = dict(os.environ, SNAP_VERIFY_FRAMES="1")
    table = subprocess.Popen([f"{bindir}/snap-table", "--sandbox", "--renderer", renderer, "--state-out", state,
                              "--size", "1280x720", "--controllers", "off"], stderr=subprocess.PIPE, text=True, env=env)
    scale, cx, cy = 1.55, 640 - 640 * 1.55, 440 - 356 * 1.55   # the table view's mapping (TableViewBuilder)
    try:
        if not wait_for(lambda: table.poll() is not None or subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--name", "^SnapTable table$"], capture_output=True).returncode == 0, 30):
            check(False, f"{renderer} sandbox: the windows show within 30 s")
            return
        if table.poll() is not None:
            check(False, f"{renderer} sandbox: snap-table ended at start ({table.returncode}): {table.stderr.read()[-2000:]}")
            return
        main_win = xdo("search", "--sync", "--onlyvisible", "--name", "^SnapTable$").split()[0]
        table_win = xdo("search", "--sync", "--onlyvisible", "--name", "^SnapTable table$").split()[0]
        wait_state(table, state, lambda s: len(s.get("windows", [])) == 2, f"{renderer} sandbox: both windows are up")
        mx, my, mw, mh = geometry(main_win)
        tx, ty, tw, th = geometry(table_win)

        def on_main(lx, ly):
            return canvas_point((mx, my, mw, mh), lx, ly)

        def on_table(bx, by):
            return canvas_point((tx, ty, tw, th), bx * scale + cx, by * scale + cy)

        def slots(s):
            return {e["id"]: e["card"] for e in s["slots"]}

        drag([on_main(365, 604), on_main(420, 450), on_main(452, 356)])             # card 1 -> slot 8
        wait_state(table, state, lambda s: slots(s).get(8) == 1, f"{renderer} sandbox: card 1 lands in slot 8")
        drag([on_table(342, 356), on_table(500, 356), on_table(672, 356)])          # card 5 -> slot 10, on the TV
        wait_state(table, state, lambda s: slots(s).get(10) == 5, f"{renderer} sandbox: card 5 lands in slot 10")
        drag([on_main(475, 604), on_main(900, 400), on_main(1275, 300),             # card 2 across both windows
              on_table(782, 300), on_table(782, 356)])
        wait_state(table, state, lambda s: slots(s).get(11) == 2, f"{renderer} sandbox: card 2 lands in slot 11")
        drag([on_table(452, 356), on_table(300, 500), on_main(1275, 500), on_main(805, 604)])   # back across, to hand slot 5
        wait_state(table, state, lambda s: s.get("drag") is None and not s.get("fading"), f"{renderer} sandbox: the drags settle")
    finally:
        stop(table)
        subprocess.run(["xdotool", "mouseup", "1"], capture_output=True)
    err = table.stderr.read()
    check(table.returncode == 0, f"{renderer} sandbox: ended cleanly ({table.returncode})")
    check_frames(state, renderer, f"{renderer} sandbox", ["primary", "table"])
    if failures:
        print(err[-4000:], file=sys.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bindir")
    ap.add_argument("--renderer", action="append", choices=["software", "opengl", "opengles2"])
    ap.add_argument("--seconds", type=float, default=60)
    a = ap.parse_args()
    out = tempfile.mkdtemp(prefix="snap-frames-")
    for r in a.renderer or ["software", "opengl", "opengles2"]:
        t0 = time.monotonic()
        game(a.bindir, r, a.seconds, out)
        sandbox(a.bindir, r, out)
        print(f"{r}: {time.monotonic() - t0:.1f} s")
    if failures:
        sys.exit(f"{len(failures)} frame check(s) failed; pictures of mismatching frames are in {out}")
    print("all frame checks passed")


if __name__ == "__main__":
    main()
