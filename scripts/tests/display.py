#!/usr/bin/env python3
"""Real-display test: run under scripts/env/with-x (Xorg, dummy driver, two monitors).

Starts snap-table, checks that the primary window sits on the first monitor and a table view
fills the second (from --state-out and from the X server via xdotool), drags a card with the
real pointer on each window and one across from the primary onto the table view, and checks
where the cards landed. Exits non-zero with the reason on the first failure.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

from snaptest.pictures import felt_share, read_ppm
from snaptest.xcheck import canvas_point, check, failures, geometry, read_state, renderer_args, wait_state

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/snap-table"
# The window manager managing the server (scripts/env/with-xfwm4 sets it), or none: it places
# the primary window and frames it (the checks say so).
WM = os.environ.get("SNAP_TEST_WM")
SCALE, CX, CY, VY = 1.55, 640 - 640 * 1.55, 440 - 356 * 1.55, 440   # table view mapping (TableViewBuilder)




def felt_on_screen(region):
    """The share of the X server's own picture of `region` (x, y, w, h) that is the felt's
    green: what a player sees there, window manager and all."""
    x, y, w, h = region
    ppm = subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "-depth", "8", "ppm:-"], check=True,
                         capture_output=True, timeout=30).stdout
    return felt_share(*read_ppm(ppm), step=11)


def xdo(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True, capture_output=True, text=True).stdout


def slot_cards(s):
    return {e["id"]: e["card"] for e in s["slots"]}


def drag(points, steps=12):
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


def main():
    listed = subprocess.run([BIN, "--list-displays"], capture_output=True, text=True)
    print(listed.stdout.strip())
    check(listed.returncode == 0 and len(listed.stdout.strip().splitlines()) == 2, "--list-displays shows two displays")

    out = tempfile.mkdtemp()
    state = os.path.join(out, "state.json")
    proc = subprocess.Popen([BIN, "--sandbox", "--state-out", state, "--size", "1280x720", *renderer_args()], stderr=subprocess.PIPE, text=True)
    try:
        main_win = xdo("search", "--sync", "--onlyvisible", "--name", "^SnapTable$").split()[0]
        table_win = xdo("search", "--sync", "--onlyvisible", "--name", "^SnapTable table$").split()[0]
        first = wait_state(proc, state, lambda s: len(s.get("windows", [])) == 2 and all(w.get("frames", 0) >= 1 for w in s["windows"]),
                           "the state lists both windows, each with a frame presented")
        mx, my, mw, mh = geometry(main_win)
        tx, ty, tw, th = geometry(table_win)
        print(f"primary window {mw}x{mh} at {mx},{my}; table view {tw}x{th} at {tx},{ty}")
        check(0 <= mx and mx + mw <= 1280 and my + mh <= 720,
              "primary window is on the first monitor" + (f", framed and placed by {WM}" if WM else ""))
        check((tx, ty, tw, th) == (1280, 0, 1920, 1080), "table view fills the second monitor")
        # The X server's own picture: both windows show the felt (the table view's bars and
        # the primary window's hand and buttons leave the rest).
        tv, pw = felt_on_screen((1280, 0, 1920, 1080)), felt_on_screen((mx, my, mw, mh))
        check(tv > 0.5 and pw > 0.5, f"the screen shows the felt in both: {tv:.0%} of the second monitor, {pw:.0%} of the primary window")

        def on_main(lx, ly):
            return canvas_point((mx, my, mw, mh), lx, ly)

        def on_table(bx, by):   # board point -> screen point on the table view
            return canvas_point((tx, ty, tw, th), bx * SCALE + CX, by * SCALE + CY)

        drag([on_main(365, 604), on_main(420, 450), on_main(452, 356)])          # card 1 -> slot 8
        landed = wait_state(proc, state, lambda s: slot_cards(s).get(8) == 1, "card 1 lands in slot 8")
        frames = [(s or {}).get("windows", [{}])[0].get("frames", 0) for s in (first, landed)]
        check(frames[1] >= frames[0] + 3, f"the drag presented frames in the primary window (frames {frames[0]} -> {frames[1]})")
        drag([on_table(342, 356), on_table(500, 356), on_table(672, 356)])       # card 5 -> slot 10
        wait_state(proc, state, lambda s: slot_cards(s).get(10) == 5, "card 5 lands in slot 10")
        drag([on_main(475, 604), on_main(900, 400), on_main(1275, 300),          # card 2 across the edge
              on_table(782, 300), on_table(782, 356)])                           # -> slot 11 on the TV
        wait_state(proc, state, lambda s: slot_cards(s).get(11) == 2, "card 2 lands in slot 11")

        # A burst of state requests while another program polls the file: it is replaced
        # atomically, so the poller never finds it missing or half written.
        misses, reads, stop = [0], [0], threading.Event()

        def poll():
            while not stop.is_set():
                reads[0] += 1
                if read_state(state) is None:
                    misses[0] += 1
        poller = threading.Thread(target=poll)
        poller.start()
        for _ in range(300):
            proc.send_signal(signal.SIGUSR1)
            time.sleep(0.002)
        stop.set()
        poller.join()
        check(misses[0] == 0, f"the state file is always there during a USR1 burst ({misses[0]} misses in {reads[0]} reads)")

        # F11 with the keyboard's focus on the primary window: fullscreen on its own monitor,
        # the table view untouched; F11 again gives the window back.
        windowed = (mx, my, mw, mh)
        xdo("windowfocus", "--sync", main_win)
        xdo("key", "F11")
        full = lambda s: any(w["role"] == "primary" and w.get("fullscreen") and (w["x"], w["y"], w["w"], w["h"]) == (0, 0, 1280, 720)
                             for w in s.get("windows", []))
        wait_state(proc, state, full, "F11 makes the primary window fullscreen on the first monitor")
        check(geometry(main_win) == (0, 0, 1280, 720), f"... as the X server has it ({geometry(main_win)})")
        check(geometry(table_win) == (1280, 0, 1920, 1080), f"... and the table view still fills the second ({geometry(table_win)})")
        xdo("key", "F11")
        wait_state(proc, state, lambda s: not full(s) and any(w["role"] == "primary" for w in s.get("windows", [])),
                   "F11 again: windowed")
        mx, my, mw, mh = geometry(main_win)
        check((mw, mh) == windowed[2:], f"... at its size before ({mw}x{mh}, was {windowed[2]}x{windowed[3]})")

        # SIGTERM in the middle of a drag: the card goes home and the state says so.
        x, y = on_main(585, 604)                                                  # card 3 in hand slot 3
        xdo("mousemove", int(x), int(y))
        xdo("mousedown", 1)
        for i in range(1, 13):
            xdo("mousemove", int(x + 20 * i), int(y - 25 * i))
        wait_state(proc, state, lambda s: s.get("drag") == 3, "the mouse holds card 3")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            err = ""
    subprocess.run(["xdotool", "mouseup", "1"], capture_output=True)
    check(proc.returncode == 0, f"snap-table ended cleanly on SIGTERM (status {proc.returncode})")
    with open(state) as f:
        s = json.load(f)
    card3 = next((c for c in s["cards"] if c["id"] == 3), {})
    slot3 = next(e for e in s["slots"] if e["id"] == 3)
    check(s["drag"] is None and card3.get("slot") == 3, "after SIGTERM mid-drag card 3 is back in slot 3")
    check((card3.get("x"), card3.get("y")) == (slot3["x"] + slot3["w"] / 2, slot3["y"] + slot3["h"] / 2),
          f"... and the state puts it at its slot's centre ({card3.get('x')}, {card3.get('y')})")
    slots = {e["id"]: e["card"] for e in s["slots"]}
    roles = [(w["role"], w["display"]) for w in s["windows"]]
    print("windows:", roles)
    check([r for r, _ in roles] == ["primary", "table"], "state lists a primary and a table window")
    check(slots.get(8) == 1, f"mouse drag on the primary moved card 1 to slot 8 (slot 8 has {slots.get(8)})")
    check(slots.get(10) == 5, f"mouse drag on the table view moved card 5 to slot 10 (slot 10 has {slots.get(10)})")
    check(slots.get(11) == 2, f"cross-window drag put card 2 in slot 11 on the table view (slot 11 has {slots.get(11)})")
    game_checks()
    if failures:
        print(err, file=sys.stderr)
        sys.exit(f"{len(failures)} display check(s) failed")
    print("all display checks passed")


def game_checks():
    """The default product, a game of Snap!: the real pointer clicks Deal, the closed pile and Snap!."""
    out = tempfile.mkdtemp()
    state = os.path.join(out, "game.json")
    proc = subprocess.Popen([BIN, "--state-out", state, "--players", "Ann,Ben", "--seed", "1", "--bots", "easy", *renderer_args()],
                            stderr=subprocess.PIPE, text=True)
    err = ""
    try:
        win = xdo("search", "--sync", "--onlyvisible", "--name", "^SnapTable$").split()[0]
        wait_state(proc, state, lambda s: "game" in s, "the game's state is written")
        mx, my, mw, mh = geometry(win)

        def click(lx, ly):
            xdo("mousemove", *(int(c) for c in canvas_point((mx, my, mw, mh), lx, ly)))
            xdo("click", 1)

        click(640, 440)                                                          # Deal
        s = wait_state(proc, state, lambda s: (s.get("game") or {}).get("turn") == "Ann", "dealt: Ann's turn")
        click(585, 578)                                                          # Ann's closed pile
        s = wait_state(proc, state, lambda s: any(p["player"] == "Ann" and p["open"] >= 1 for p in s["game"]["piles"]),
                       "clicking the closed pile turns Ann's top card over")
        click(875, 578)                                                          # the Snap! button
        s = wait_state(proc, state, lambda s: (s["game"].get("lastCall") or {}).get("player") == "Ann",
                       "clicking Snap! calls it for Ann")
        check(s is not None and s["game"]["lastCall"]["player"] == "Ann",
              f"the game judged Ann's call ({s and s['game']['lastCall']})")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    check(proc.returncode == 0, f"the game ended cleanly on SIGTERM (status {proc.returncode})")
    if failures:
        print(err, file=sys.stderr)


if __name__ == "__main__":
    main()
