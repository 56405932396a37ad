"""Finding a program's window and pressing keys in it, on the desktop the test runs on: xdotool
on an X server (Xorg, or XWayland when SDL_VIDEODRIVER=x11); under sway natively, sway's IPC
finds the window by PID, and keys go through the table's --feed instead. Natively no test can
drive the real keyboard or pointer: Wayland lets no client move another's pointer, the headless
sway has neither device, and a virtual keyboard (wtype) sends keycodes of a keymap of its own,
which SDL 2.26 reads as other keys (its Return arrives as Escape's scancode)."""
import os
import subprocess

from snaptest.swaylib import until, windows

# A GPU device, as snap-table looks for one (GLProbe.hasGPUDevice).
GPU = any(n.startswith(("renderD", "card")) for n in (os.listdir("/dev/dri") if os.path.isdir("/dev/dri") else [])) \
    or os.path.exists("/dev/nvidia0")
# Whether snap-table draws natively under this sway: asked to, or left to choose with a GPU
# (without one it goes through XWayland: VideoDriverChoice).
DRIVER = os.environ.get("SDL_VIDEODRIVER") or ""
NATIVE = bool(os.environ.get("WAYLAND_DISPLAY") and os.environ.get("SWAYSOCK")) and (DRIVER == "wayland" or (not DRIVER and GPU))


def window(pid=None, title=None, timeout=20):
    """The window of `pid` (its first) and/or with exactly this title, once shown: an X window
    id, or natively sway's container id."""
    if NATIVE:
        def find():
            return next((str(n["id"]) for n, _ in windows()
                         if (not pid or n["pid"] == pid) and (not title or n.get("name") == title)), None)
        win = until(find, timeout)
        if not win:
            raise RuntimeError(f"no window of {pid or title} in sway's tree within {timeout} s")
        return win
    # --all: both conditions (xdotool's default is either).
    how = ["--all"] + (["--pid", str(pid)] if pid else []) + (["--name", f"^{title}$"] if title else [])
    r = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", *how], check=True, capture_output=True, text=True,
                       timeout=timeout)
    return r.stdout.split()[0]


# X keysym names to the feed's `key` names.
FEED_KEYS = {"Return": "enter", "space": "space", "s": "s", "F11": "f11", "Escape": "escape", "m": "m"}


def keys(win, *names):
    """Keystrokes (X keysym names: Return, space, s, F11) to `win`, 80 ms apart: the same key
    pressed again at once looks like autorepeat to SDL, which drops it. X only."""
    if NATIVE:
        raise RuntimeError("no real keystrokes natively on Wayland here: use desk.press with the table's feed")
    subprocess.run(["xdotool", "key", "--delay", "80", "--window", win, *names], check=True)


def feed_args():
    """What a table started by a test adds so that `press` reaches it: natively its feed."""
    return ["--feed", "-"] if NATIVE else []


def stdin():
    """The Popen stdin for such a table."""
    return subprocess.PIPE if NATIVE else None


def press(proc, win, *names):
    """Keys pressed in `proc`'s window `win`: real ones on X, its feed's `key` lines natively."""
    if not NATIVE:
        keys(win, *names)
        return
    for n in names:
        proc.stdin.write(f"key {FEED_KEYS[n]}\n")
        proc.stdin.flush()
