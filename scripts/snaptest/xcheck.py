"""What the real-display and controller tests share: checks that are counted, and the table's
state read on request (SIGUSR1), waiting for a condition rather than for a fixed time."""
import json
import os
import signal
import subprocess
import time

from snaptest import desk

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def known(ok, what):
    """A limitation of the desktop, not ours: printed, not counted."""
    print(("ok   " if ok else "KNOWN ") + what)


def read_state(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def wait_state(proc, path, pred, what, timeout=20):
    """Asks the table for its state until `pred` holds; counts a failure at the deadline."""
    deadline = time.monotonic() + timeout
    s = None
    while time.monotonic() < deadline:
        proc.send_signal(signal.SIGUSR1)
        time.sleep(0.05)
        s = read_state(path)
        if s is not None and pred(s):
            check(True, what)
            return s
    check(False, f"{what} (not within {timeout} s)")
    return s


def window_of(proc, timeout=30):
    """The process's primary window (titled SnapTable), once it is visible."""
    return desk.window(pid=proc.pid, title="SnapTable", timeout=timeout)


def geometry(win):
    """X window `win`'s place on the screen, (x, y, w, h): xwininfo's absolute position
    (xdotool's counts a window manager's frame twice) and size."""
    info = subprocess.run(["xwininfo", "-id", str(win)], check=True, capture_output=True, text=True).stdout
    g = {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in info.splitlines()) if v}
    return int(g["Absolute upper-left X"]), int(g["Absolute upper-left Y"]), int(g["Width"]), int(g["Height"])


def canvas_point(rect, lx, ly):
    """Where a point of the 1280x720 canvas is drawn in a window at `rect` (x, y, w, h),
    letterboxed as the table draws it."""
    x, y, w, h = rect
    k = min(w / 1280, h / 720)
    return x + (w - 1280 * k) / 2 + lx * k, y + (h - 720 * k) / 2 + ly * k


def on_canvas(win, lx, ly):
    """Where a point of the 1280x720 canvas is in window `win`, in the window's own coordinates,
    whatever size a window manager gave the window."""
    _, _, w, h = geometry(win)
    return tuple(int(c) for c in canvas_point((0, 0, w, h), lx, ly))


def key(win, *keys):
    """Keystrokes to a window, 80 ms apart (snaptest.desk)."""
    desk.keys(win, *keys)


def renderer_args():
    """`--renderer R` when SNAP_TEST_RENDERER=R names one (scripts/test runs the window tests
    again through OpenGL that way); nothing otherwise."""
    r = os.environ.get("SNAP_TEST_RENDERER", "")
    return ["--renderer", r] if r else []
