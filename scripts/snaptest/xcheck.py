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


def on_canvas(win, lx, ly):
    """Where a point of the 1280x720 canvas is in window `win`, in the window's own coordinates
    (letterboxed as the table draws it), whatever size a window manager gave the window."""
    g = dict(l.split("=", 1) for l in subprocess.run(["xdotool", "getwindowgeometry", "--shell", win], check=True,
                                                     capture_output=True, text=True).stdout.split())
    w, h = int(g["WIDTH"]), int(g["HEIGHT"])
    k = min(w / 1280, h / 720)
    return int((w - 1280 * k) / 2 + lx * k), int((h - 720 * k) / 2 + ly * k)


def key(win, *keys):
    """Keystrokes to a window, 80 ms apart (snaptest.desk)."""
    desk.keys(win, *keys)


def renderer_args():
    """`--renderer R` when SNAP_TEST_RENDERER=R names one (scripts/test runs the window tests
    again through OpenGL that way); nothing otherwise."""
    r = os.environ.get("SNAP_TEST_RENDERER", "")
    return ["--renderer", r] if r else []
