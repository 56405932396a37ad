#!/usr/bin/env python3
"""The QR code a phone scans (run under scripts/env/with-x): a table started on its menu hosts a game;
the host screen on the primary window and the TV (table view) show a QR code, and the live
windows, captured from the X server, decode (zbar) to the link the host printed. Once the round
starts, the TV's corner shows it while a seat is open. A headless host prints the link too.

Usage: python3 -m tests.qr [BUILD_DIR]   (default .build/debug)
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

from snaptest.xcheck import check, failures, wait_state, window_of

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
out = tempfile.mkdtemp(prefix="qr-test-")


def menu(s):
    return s.get("menu") or {}


def window_named(title, timeout=30):
    r = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", f"^{title}$"],
                       check=True, capture_output=True, text=True, timeout=timeout)
    return r.stdout.split()[0]


def decoded(win, name, want, corner=False, timeout=10):
    """What zbar reads in the live window (or only its bottom right corner), captured until it
    reads `want` (the window may still be drawing the screen that was asked for) or the deadline
    passes."""
    path = os.path.join(out, name + ".png")
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        subprocess.run(["import", "-window", win, path], check=True, timeout=30)
        read = path
        if corner:
            read = os.path.join(out, name + "-corner.png")
            subprocess.run(["convert", path, "-gravity", "SouthEast", "-crop", "24%x34%+0+0", "+repage", read],
                           check=True, timeout=30)
        r = subprocess.run(["zbarimg", "-q", "--nodbus", "--raw", read], capture_output=True, text=True, timeout=30)
        text = r.stdout.strip()
        if text == want:
            break
        time.sleep(0.2)
    return text


def headless_link():
    """A headless host prints the link beside the address and code."""
    p = subprocess.Popen([f"{BIN}/snap-table", "--host", "--headless", "--port", "0", "--bind", "127.0.0.1",
                          "--code", "QR7ZX", "--bots", "off"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        lines = [p.stdout.readline() for _ in range(3)]
        address = lines[0].split()[2]
        check(lines[2].strip() == f"phones open: http://{address}/?code=QR7ZX",
              f"a headless host prints the phones' link ({lines!r})")
    finally:
        p.terminate()
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            check(False, "the headless host stops on SIGTERM within 20 s")


state = os.path.join(out, "state.json")
config = os.path.join(out, "config")
os.makedirs(os.path.join(config, "snap-table"))
with open(os.path.join(config, "snap-table", "settings.json"), "w") as f:
    json.dump({"name": "Hal", "visible": False}, f)

table = subprocess.Popen([f"{BIN}/snap-table", "--feed", "-", "--state-out", state, "--controllers", "off"],
                         env=dict(os.environ, XDG_CONFIG_HOME=config), stdin=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
printed = []
# The log goes on being read, so the table never blocks on a full pipe.
threading.Thread(target=lambda: [printed.append(line) for line in table.stderr], daemon=True).start()
try:
    window_of(table)
    main_win, tv_win = window_named("SnapTable"), window_named("SnapTable table")
    wait_state(table, state, lambda s: menu(s).get("screen") == "main", "the table opens on its menu")

    def say(line):
        table.stdin.write(line + "\n")
        table.stdin.flush()

    say("choose host")
    s = wait_state(table, state, lambda s: menu(s).get("screen") == "host" and menu(s).get("url"), "the host screen is up")
    url = menu(s or {}).get("url", "")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not any("phones open" in line for line in printed):
        time.sleep(0.05)
    said = [m.group(1) for line in printed for m in [re.search(r"phones open (\S+)", line)] if m]
    check(said == [url] and re.fullmatch(r"http://[0-9.]+:\d+/\?code=[A-Z0-9]+", url or "") is not None,
          f"the host prints the link the state names ({said} / {url})")
    check(decoded(main_win, "host-primary", url) == url, "the host screen's QR code reads as the link")
    check(decoded(tv_win, "host-tv", url) == url, "the TV's QR code reads as the link")
    check(decoded(tv_win, "host-tv", url, corner=True, timeout=1) == "", "(the lobby's code is not in the corner)")

    say("choose start")
    wait_state(table, state, lambda s: s.get("game") is not None and not menu(s), "the round starts")
    check(decoded(tv_win, "game-tv", url, corner=True) == url, "during the round the TV's corner QR code reads as the link")
finally:
    table.terminate()
    try:
        table.wait(timeout=20)
    except subprocess.TimeoutExpired:
        table.kill()

headless_link()
print(f"pictures in {out}")
if failures:
    sys.exit(f"qr-test: {len(failures)} failure(s)")
print("qr-test: all checks passed")
