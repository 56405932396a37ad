#!/usr/bin/env python3
"""A game found on the network and joined from the join screen (run under scripts/env/with-avahi and
scripts/env/with-x): a windowed host announces itself; a second snap-table, started on its menu, is
driven through its live feed with the menu verbs a replay uses (choose, text): its join screen
lists the host within 3 s, it chooses the game, types the code and is seated; it plays a turn;
the host leaves and the joiner is back on the join screen saying so. `--list-games` sees the
game appear and disappear.

Usage: python3 -m tests.discovery [BUILD_DIR]   (default .build/debug)
"""
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time

from snaptest.xcheck import check, failures, key, wait_state, window_of

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
out = tempfile.mkdtemp(prefix="discovery-test-")
NAME = f"Hal {random.randrange(10**6)}"       # other runs' hosts may be on the network too
common = ["--secondary", "off", "--controllers", "off"]


def listed():
    r = subprocess.run([f"{BIN}/snap-table", "--list-games"], capture_output=True, text=True, timeout=30)
    check(r.returncode == 0, f"--list-games exits 0 ({r.returncode}: {r.stderr.strip()})")
    return [line.split("\t") for line in r.stdout.splitlines()]


def menu(s):
    return s.get("menu") or {}


if subprocess.run(["avahi-daemon", "--check"]).returncode != 0:
    sys.exit("discovery-test: avahi-daemon is not running (run it under scripts/env/with-avahi)")

hstate, jstate = os.path.join(out, "host.json"), os.path.join(out, "joiner.json")
config = os.path.join(out, "config")
os.makedirs(os.path.join(config, "snap-table"))
with open(os.path.join(config, "snap-table", "settings.json"), "w") as f:
    json.dump({"name": "Jo"}, f)

host = subprocess.Popen([f"{BIN}/snap-table", "--host", "--port", "0", "--bind", "127.0.0.1", "--code", "K7F2Q",
                         "--name", NAME, "--players", "Hal,Ben", "--bots", "off", "--state-out", hstate] + common,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
joiner = None
try:
    address = host.stdout.readline().split()[2]
    hw = window_of(host)
    t0 = time.monotonic()
    rows = []
    while time.monotonic() - t0 < 10 and not any(r[0] == NAME for r in rows):
        rows = listed()
    mine = [r for r in rows if r[0] == NAME]
    check(len(mine) == 1 and mine[0][1] == address and mine[0][2] == "1" and mine[0][3:] == ["snap"],
          f"--list-games shows the game: name, {address}, 1 free seat, snap ({mine})")

    # Its feed is standard input, read live: the test writes a line when the screen is ready for it.
    joiner = subprocess.Popen([f"{BIN}/snap-table", "--feed", "-", "--state-out", jstate] + common,
                              env=dict(os.environ, XDG_CONFIG_HOME=config), stdin=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    jw = window_of(joiner)
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "main", "the joiner opens on its menu")

    def primary_frames(s):
        return next((w.get("frames") or 0 for w in s.get("windows", []) if w.get("role") == "primary"), 0)

    def say(line):
        joiner.stdin.write(line + "\n")
        joiner.stdin.flush()

    say("choose join")
    t1 = time.monotonic()
    s = wait_state(joiner, jstate, lambda s: any(g["name"] == NAME for g in menu(s).get("games", [])),
                   "the join screen lists the host", timeout=10)
    seen = time.monotonic() - t1
    check(seen < 3, f"listed within 3 s ({seen:.2f} s)")
    games = menu(s).get("games", []) if s else []
    index = next((i for i, g in enumerate(games) if g["name"] == NAME), 0)
    check(games and games[index]["free"] == 1 and games[index]["address"] == address, f"with its address and free seats ({games})")
    # A wrong code, then a host nobody answers at: said on the join screen, the program goes on.
    say(f"choose game-{index + 1}")
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "address" and menu(s).get("focus") == "code",
               "choosing it asks for the code")
    say("text WR0NG")
    say("choose join")
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "join" and "Wrong join code" in (menu(s).get("message") or ""),
               "a wrong code is said on the join screen")
    say("choose address")
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "address", "Enter an address")
    say("text 127.0.0.1:9")
    say("key down")
    say("text ABCDE")
    say("choose join")
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "join" and "Could not join" in (menu(s).get("message") or ""),
               "an unreachable host is said on the join screen")
    check(joiner.poll() is None, "the joiner is still running")

    # A host that takes the connection and never answers: the join screen says "Joining…" and
    # goes on answering (state requests, choices) while the join waits; choosing Back calls it off,
    # and nothing seats the joiner or reports it afterwards.
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(4)
    say("choose address")
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "address", "Enter an address again")
    say(f"text 127.0.0.1:{silent.getsockname()[1]}")
    say("key down")
    say("text ABCDE")
    say("choose join")
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "join" and (menu(s).get("message") or "").startswith("Joining"),
               "while a silent host is asked, the join screen says Joining and still answers", timeout=8)
    say("choose back")
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "main", "Back calls the join off", timeout=8)
    # Again, and Escape calls it off: the window draws the Joining screen and then the menu it
    # goes back to while the silent host still holds the connection.
    say("choose join")
    say("choose address")
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "address", "Enter an address, a third time")
    say(f"text 127.0.0.1:{silent.getsockname()[1]}")
    say("key down")
    say("text ABCDE")
    say("choose join")
    s = wait_state(joiner, jstate, lambda s: (menu(s).get("message") or "").startswith("Joining") and primary_frames(s) > 0,
                   "Joining again", timeout=8)
    joining_frames = primary_frames(s) if s else 0
    say("key escape")
    s = wait_state(joiner, jstate, lambda s: not (menu(s).get("message") or "").startswith("Joining")
                   and primary_frames(s) > joining_frames,
                   "Escape calls the join off and the window draws what it goes back to, at once", timeout=6)
    silent.close()
    say("choose join")
    s = wait_state(joiner, jstate, lambda s: any(g["name"] == NAME for g in menu(s).get("games", [])), "the list is back")
    games = menu(s).get("games", []) if s else []
    index = next((i for i, g in enumerate(games) if g["name"] == NAME), 0)
    say(f"choose game-{index + 1}")
    wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "address" and menu(s).get("focus") == "code", "the game again")
    say("text K7F2Q")
    say("choose join")
    s = wait_state(joiner, jstate, lambda s: s.get("menu") is None and any(e.get("name") == "Jo" for e in s.get("seats", [])),
                   "seated as Jo at the host's table")
    wait_state(host, hstate, lambda s: any(e.get("name") == "Jo" for e in s.get("seats", [])), "the host sees Jo")
    t3 = time.monotonic()
    rows = listed()
    while time.monotonic() - t3 < 10 and not any(r[0] == NAME and r[2] == "0" for r in rows):
        rows = listed()
    check(any(r[0] == NAME and r[2] == "0" for r in rows), f"the announcement says the table is full now ({rows})")

    key(hw, "Return")                               # the host deals
    wait_state(joiner, jstate, lambda s: (s.get("game") or {}).get("turn") == "Hal", "dealt: Hal's turn")
    key(hw, "space")
    wait_state(joiner, jstate, lambda s: (s.get("game") or {}).get("turn") == "Ben", "Hal turned; the joiner's turn")
    key(jw, "space")
    wait_state(host, hstate, lambda s: (s.get("game") or {}).get("turn") == "Hal", "the joiner turned a card over (Space)")

    key(hw, "Escape", "Return")                     # pause, "leave the game?"
    wait_state(host, hstate, lambda s: s.get("paused") is True, "the host asks to leave")
    subprocess.run(["xdotool", "key", "--window", hw, "Return"], capture_output=True)   # leaves: the window goes
    host.wait(timeout=20)
    check(host.returncode == 0, f"the host left cleanly ({host.returncode})")
    s = wait_state(joiner, jstate, lambda s: menu(s).get("screen") == "join" and "left" in (menu(s).get("message") or ""),
                   "the joiner is back on the join screen, saying the host left")
    t2 = time.monotonic()
    while time.monotonic() - t2 < 10 and any(r[0] == NAME for r in listed()):
        pass
    check(not any(r[0] == NAME for r in listed()), "--list-games no longer shows the game")
    check(joiner.poll() is None, "the joiner is still running")
finally:
    for p in (host, joiner):
        if p and p.poll() is None:
            p.terminate()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
    if failures:
        print(host.stderr.read(), file=sys.stderr)
        if joiner:
            print(joiner.stderr.read(), file=sys.stderr)

if failures:
    sys.exit(f"{len(failures)} discovery check(s) failed")
print("all discovery checks passed")
