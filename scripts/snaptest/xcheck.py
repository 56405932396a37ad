"""What the real-display and controller tests share: checks that are counted, and the table's
state read on request (SIGUSR1), waiting for a condition rather than for a fixed time."""
import json
import os
import signal
import subprocess
import time

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
    """The first window the process shows (its primary: made first), once it is visible."""
    r = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(proc.pid)],
                       check=True, capture_output=True, text=True, timeout=timeout)
    return r.stdout.split()[0]


def key(win, *keys):
    """Keystrokes to a window, 80 ms apart: the same key pressed again at once looks like
    autorepeat to SDL, which drops it."""
    subprocess.run(["xdotool", "key", "--delay", "80", "--window", win, *keys], check=True)


def renderer_args():
    """`--renderer R` when SNAP_TEST_RENDERER=R names one (scripts/test runs the window tests
    again through OpenGL that way); nothing otherwise."""
    r = os.environ.get("SNAP_TEST_RENDERER", "")
    return ["--renderer", r] if r else []
