#!/usr/bin/env python3
"""The front door under the two-monitor X server (run under scripts/env/with-x), driven as a person
would with xdotool, checked through the state snap-table writes on SIGUSR1:
- keyboard only: the menu on start, Play here, a dealt game, Leave back to the menu, Quit;
- the mouse: a click on Play here and on House rules (Enter and Right turn a rule over), Back;
- Settings changed, then found again after a restart (the file is written atomically);
- a corrupt settings file is kept as settings.json.bad and the menu still opens;
- a controller only (snap-inputd's virtual controllers): the menu to a dealt game and back,
  with no key or mouse event.
Usage: python3 -m tests.menu [BUILD_DIR]   (default .build/debug)
"""
import json
import os
import subprocess
import sys
import tempfile
import time

from snaptest.xcheck import check, failures, key, wait_state

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
out = tempfile.mkdtemp()
config = os.path.join(out, "config")
settings = os.path.join(config, "snap-table", "settings.json")
ENV = dict(os.environ, XDG_CONFIG_HOME=config)


def start(state, extra=()):
    p = subprocess.Popen([f"{BIN}/snap-table", "--state-out", state, "--controllers", "off", *extra],
                         env=ENV, stderr=subprocess.PIPE, text=True)
    win = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(p.pid), "--name", "^SnapTable$"],
                         check=True, capture_output=True, text=True, timeout=30).stdout.split()[0]
    return p, win




def quit_by_keys(p, state, win):
    """Down to Quit on the main menu, Enter: the window is gone before xdotool lets the key go,
    which it reports."""
    s = wait_state(p, state, lambda s: menu(s).get("screen") == "main", "the main menu, to quit")
    ids = [i["id"] for i in menu(s)["items"]] if s else []
    focus = ids.index(menu(s)["focus"]) if s and menu(s).get("focus") in ids else 0
    if len(ids) - 1 > focus:
        key(win, *(["Down"] * (len(ids) - 1 - focus)))
    wait_state(p, state, lambda s: menu(s).get("focus") == "quit", "Quit focused")
    subprocess.run(["xdotool", "key", "--window", win, "Return"], capture_output=True)


def click(win, x, y):
    subprocess.run(["xdotool", "mousemove", "--window", win, str(x), str(y), "click", "1"], check=True)


def menu(s):
    return s.get("menu") or {}


def finish(p, what):
    try:
        p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    check(p.returncode == 0, f"{what} ended cleanly ({p.returncode})")
    err = p.stderr.read()
    if failures:
        print(err, file=sys.stderr)
    return err


def keyboard_and_mouse():
    state = os.path.join(out, "keys.json")
    p, win = start(state)
    try:
        wait_state(p, state, lambda s: menu(s).get("screen") == "main" and menu(s).get("focus") == "play",
                   "no options: the menu opens with Play here focused")
        check(not os.path.exists(settings), "nothing is written before a setting changes")
        key(win, "Return")
        wait_state(p, state, lambda s: menu(s).get("screen") == "local" and menu(s).get("focus") == "start",
                   "Enter: the Play here screen, Start focused")
        key(win, "Return")
        s = wait_state(p, state, lambda s: s.get("menu") is None and "game" in s, "Enter on Start: the table")
        check(s is not None and all(e["gamesWon"] == 0 for e in s["seats"] if e["player"]), "every score starts at 0")
        key(win, "Return")
        wait_state(p, state, lambda s: (s.get("game") or {}).get("phase") in ("dealing", "playing"), "Enter deals")
        key(win, "Escape")
        wait_state(p, state, lambda s: s.get("paused") is True, "Escape pauses")
        key(win, "Return")
        key(win, "Return")
        wait_state(p, state, lambda s: menu(s).get("screen") == "main" and "game" not in s, "Enter, Enter: left, back on the menu")
        # The mouse: Play here is the first item of the main column (see MenuLayout).
        s = wait_state(p, state, lambda s: menu(s).get("screen") == "main", "the main menu")
        play = next(i for i in menu(s)["items"] if i["id"] == "play")
        click(win, int(play["x"] + play["w"] / 2), int(play["y"] + play["h"] / 2))
        s = wait_state(p, state, lambda s: menu(s).get("screen") == "local", "a click on Play here")
        # The house rules: a click opens them, Enter and Right turn Snap!'s rule over, Escape goes back.
        rules = next(i for i in menu(s)["items"] if i["id"] == "rules")
        click(win, int(rules["x"] + rules["w"] / 2), int(rules["y"] + rules["h"] / 2))
        wait_state(p, state, lambda s: menu(s).get("screen") == "rules" and menu(s).get("focus") == "colour",
                   "a click on House rules: the screen, the match rule focused")
        key(win, "Return")
        wait_state(p, state, lambda s: menu(s)["items"][0]["label"] == "Match: rank and colour", "Enter turns the rule over")
        key(win, "Right")
        wait_state(p, state, lambda s: menu(s)["items"][0]["label"] == "Match: rank", "Right turns it back")
        key(win, "Escape")
        wait_state(p, state, lambda s: menu(s).get("screen") == "local" and menu(s).get("focus") == "rules",
                   "Escape: back on Play here, House rules focused")
        key(win, "Escape")
        wait_state(p, state, lambda s: menu(s).get("screen") == "main", "Escape goes back")
        quit_by_keys(p, state, win)
    finally:
        finish(p, "keyboard run")


def settings_round_trip():
    state = os.path.join(out, "settings.json")
    p, win = start(state)
    try:
        wait_state(p, state, lambda s: menu(s).get("screen") == "main", "the menu")
        key(win, "Down", "Down", "Down", "Return")
        wait_state(p, state, lambda s: menu(s).get("screen") == "settings" and menu(s).get("focus") == "name",
                   "Settings, the name field focused")
        key(win, *(["BackSpace"] * 70))
        subprocess.run(["xdotool", "type", "--window", win, "Zed Q"], check=True)
        wait_state(p, state, lambda s: menu(s)["items"][0]["label"] == "Name", "typed")
        key(win, "Down", "Right")                   # computer players: normal -> hard
        wait_state(p, state, lambda s: menu(s)["items"][1]["label"] == "Computer players: hard", "Right steps the level")
        key(win, "Down", "Right")                   # second display: table view -> mirror
        key(win, "Escape")
        wait_state(p, state, lambda s: menu(s).get("screen") == "main", "Escape: back, saved")
        quit_by_keys(p, state, win)
    finally:
        finish(p, "settings run")
    saved = json.load(open(settings))
    check(saved.get("name") == "Zed Q" and saved.get("bots") == "hard" and saved.get("secondary") == "mirror",
          f"the file has what was chosen ({saved})")
    # Unknown keys survive a save.
    saved["theme"] = "dark"
    with open(settings, "w") as f:
        json.dump(saved, f)
    p, win = start(state)
    try:
        wait_state(p, state, lambda s: menu(s).get("screen") == "main", "restarted: the menu")
        key(win, "Down", "Down", "Down", "Return")
        s = wait_state(p, state, lambda s: menu(s).get("screen") == "settings", "Settings again")
        labels = [i["label"] for i in menu(s)["items"]] if s else []
        check("Computer players: hard" in labels and "Second display: mirror" in labels, f"found again after a restart ({labels})")
        s = wait_state(p, state, lambda s: len(s.get("windows", [])) == 2 and s["windows"][1]["role"] == "mirror",
                       "the second display shows a mirror, as chosen")
        key(win, "Down", "Down", "Down", "Down", "Right")     # visible on the network: on -> off
        key(win, "Escape")
        wait_state(p, state, lambda s: menu(s).get("screen") == "main", "Escape: back, saved")
        quit_by_keys(p, state, win)
    finally:
        finish(p, "second settings run")
    saved = json.load(open(settings))
    check(saved.get("theme") == "dark" and saved.get("visible") is False, f"an unknown key is kept ({saved})")


def corrupt_settings():
    with open(settings, "w") as f:
        f.write('{"name": "Ann", "volume": ')
    state = os.path.join(out, "corrupt.json")
    p, win = start(state)
    try:
        wait_state(p, state, lambda s: menu(s).get("screen") == "main", "a corrupt settings file: the menu still opens")
        quit_by_keys(p, state, win)
    finally:
        err = finish(p, "corrupt-settings run")
    check(os.path.exists(settings + ".bad") and open(settings + ".bad").read() == '{"name": "Ann", "volume": ',
          "the corrupt file is kept as settings.json.bad, byte for byte")
    check(err.count("could not be read") == 1 and "settings.json.bad" in err, "reported once, naming where it went")
    check(not os.path.exists(settings), "nothing took its place (defaults until a setting changes)")


def controller_only():
    sock = os.path.join(out, "input.sock")
    daemon = subprocess.Popen([f"{BIN}/snap-inputd", "--input-socket", sock, "--virtual-control"],
                              stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def ctl(line):
        daemon.stdin.write(line + "\n")
        daemon.stdin.flush()

    state = os.path.join(out, "pad.json")
    p = subprocess.Popen([f"{BIN}/snap-table", "--state-out", state, "--input-socket", sock],
                         env=ENV, stderr=subprocess.PIPE, text=True)
    # Its window first: SIGUSR1 asks for the state only once the table listens for it.
    subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(p.pid), "--name", "^SnapTable$"],
                   check=True, capture_output=True, timeout=30)
    step = [0]

    def held(s):
        return [b for c in (s.get("controllers") or []) for b in c.get("held", [])]

    def press(button, pred, what):
        step[0] += 1
        ctl(f"press 0 {button}")
        s = wait_state(p, state, pred, f"controller: {what}")
        ctl(f"release 0 {button}")
        # The release must arrive before the same button is pressed again (else SDL sees no
        # change); the state lists the buttons held.
        if s is not None and s.get("controllers"):
            wait_state(p, state, lambda s: not held(s), "controller: released")
        return s
    try:
        wait_state(p, state, lambda s: menu(s).get("screen") == "main", "controller: the menu")
        ctl("attach")
        wait_state(p, state, lambda s: len(s.get("controllers") or []) == 1, "controller: attached, it can drive the menu")
        press("a", lambda s: menu(s).get("screen") == "local", "A chooses Play here")
        press("up", lambda s: menu(s).get("focus") == "rules", "up moves to the house rules")
        press("a", lambda s: menu(s).get("screen") == "rules" and menu(s).get("focus") == "colour", "A opens them")
        press("b", lambda s: menu(s).get("screen") == "local" and menu(s).get("focus") == "rules", "B goes back")
        press("up", lambda s: menu(s).get("focus") == "game", "up to the game")
        press("up", lambda s: menu(s).get("focus") == "bots", "up to the level")
        press("up", lambda s: menu(s).get("focus") == "seat4", "up again")
        for n in (3, 2, 1):
            press("up", lambda s, n=n: menu(s).get("focus") == f"seat{n}", f"up to seat {n}")
        press("right", lambda s: menu(s)["items"][1]["label"].endswith("a controller (press A)"),
              "right gives seat 1 to a controller")
        for item in ("seat2", "seat3", "seat4", "bots", "game", "rules", "start"):
            press("down", lambda s, item=item: menu(s).get("focus") == item, f"down to {item}")
        press("a", lambda s: s.get("menu") is None and "game" in s, "A on Start: the table")
        press("a", lambda s: any(e.get("control") == "pad 0" for e in s["seats"]), "A takes a seat")
        press("a", lambda s: (s.get("game") or {}).get("phase") in ("dealing", "playing"), "A deals")
        press("b", lambda s: s.get("paused") is True, "B asks to leave")
        press("a", lambda s: menu(s).get("screen") == "main" and "game" not in s, "A leaves: back on the menu")
    finally:
        p.terminate()
        finish(p, "controller run")
        daemon.terminate()
        daemon.wait(timeout=10)


def main():
    only = sys.argv[2:] or ["keys", "settings", "corrupt", "controller"]
    if "keys" in only:
        keyboard_and_mouse()
    if "settings" in only:
        settings_round_trip()
    if "corrupt" in only:
        corrupt_settings()
    if "controller" in only:
        controller_only()
    if failures:
        sys.exit(f"{len(failures)} menu check(s) failed")
    print("all menu checks passed")


if __name__ == "__main__":
    main()
