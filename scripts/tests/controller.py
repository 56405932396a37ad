#!/usr/bin/env python3
"""Controller test through the real input daemon: run under scripts/env/with-x.

Starts snap-inputd (with SDL virtual controllers driven from its standard input) and an
interactive snap-table connected to it, then checks through the state snap-table writes on
SIGUSR1: a virtual controller's A picks a card up; detaching it while it holds the card sends
the card home; the daemon killed and restarted comes back with its controllers. Controllers are
attached and detached more than once so SDL's device index and instance id differ. Then the
default game: a controller joins as Ben, turns his card, calls Snap!, is unplugged (the seat
waits) and the next controller takes the seat back. Last, Snap pool: wrong calls from the
controller and the keyboard put open piles in the pool.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

from snaptest import desk
from snaptest.xcheck import check, failures, read_state, renderer_args, wait_state, window_of

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
out = tempfile.mkdtemp()
sock = os.path.join(out, "input.sock")
state = os.path.join(out, "state.json")




def start_daemon():
    d = subprocess.Popen([f"{BIN}/snap-inputd", "--input-socket", sock, "--virtual-control"],
                         stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(100):
        if os.path.exists(sock):
            break
        time.sleep(0.05)
    return d


def ctl(d, line):
    d.stdin.write(line + "\n")
    d.stdin.flush()






def stop(*procs):
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()


def sandbox_checks():
    daemon = start_daemon()
    table = subprocess.Popen([f"{BIN}/snap-table", "--sandbox", "--input-socket", sock, "--state-out", state, "--log-level", "info", *renderer_args()],
                             stderr=subprocess.PIPE, text=True)
    try:
        window_of(table, 20)
        ctl(daemon, "attach")
        wait_state(table, state, lambda s: [c["id"] for c in s["controllers"]] == [0], "the first virtual controller is there as id 0")
        ctl(daemon, "detach 0")
        wait_state(table, state, lambda s: s["controllers"] == [], "it is gone when detached")
        ctl(daemon, "attach")                      # SDL instance id 1 now, device index 0
        wait_state(table, state, lambda s: [c["id"] for c in s["controllers"]] == [1], "the second virtual controller is there as id 1")
        ctl(daemon, "press 1 a")
        wait_state(table, state, lambda s: s["controllers"] and s["controllers"][0]["heldCard"] == 1, "A picked up card 1")
        ctl(daemon, "release 1 a")   # released once the press has shown
        ctl(daemon, "detach 1")
        wait_state(table, state, lambda s: s["controllers"] == [] and {e["id"]: e["card"] for e in s["slots"]}[1] == 1,
                   "detached while holding: the card is back in slot 1")

        ctl(daemon, "attach")
        wait_state(table, state, lambda s: len(s["controllers"]) == 1, "a third controller is there")
        daemon.kill()
        daemon.wait()
        wait_state(table, state, lambda s: s["controllers"] == [], "the daemon died: its controllers are gone")
        daemon = start_daemon()
        t0 = time.monotonic()
        ctl(daemon, "attach")
        wait_state(table, state, lambda s: len(s["controllers"]) == 1, "after a daemon restart the table reconnects and the controller is back")
        print(f"     (back after {time.monotonic() - t0:.2f} s)")
    finally:
        stop(table, daemon)
    check(table.returncode == 0, f"snap-table ended cleanly ({table.returncode})")
    if failures:
        print(table.stderr.read(), file=sys.stderr)


def game_checks():
    """The default game: a controller joins as Ben, turns its card and calls Snap!, goes and comes back."""
    gstate = os.path.join(out, "game.json")
    daemon = start_daemon()
    table = subprocess.Popen([f"{BIN}/snap-table", "--input-socket", sock, "--state-out", gstate, "--players", "Ann,Ben",
                              "--bots", "off", "--seed", "1", *renderer_args(), *desk.feed_args()], stdin=desk.stdin(),
                             stderr=subprocess.PIPE, text=True)

    def seat(s, name):
        return next((e for e in s["seats"] if e["player"] == name), {})

    def piles(s):
        return {p["player"]: p for p in (s.get("game") or {}).get("piles", [])}
    try:
        win = window_of(table, 20)
        ctl(daemon, "attach")
        wait_state(table, gstate, lambda s: len(s["controllers"]) == 1, "game: the controller is connected")
        ctl(daemon, "press 0 a")
        wait_state(table, gstate, lambda s: seat(s, "Ben").get("control") == "pad 0", "game: A on the start screen takes Ben's seat")
        ctl(daemon, "release 0 a")   # released once the press has shown
        desk.press(table, win, "Return")
        wait_state(table, gstate, lambda s: (s.get("game") or {}).get("turn") == "Ann", "game: Enter deals; Ann's turn")
        desk.press(table, win, "space")
        wait_state(table, gstate, lambda s: (s.get("game") or {}).get("turn") == "Ben", "game: Space turns Ann's card; Ben's turn")
        ctl(daemon, "press 0 a")
        wait_state(table, gstate, lambda s: piles(s).get("Ben", {}).get("open") == 1, "game: the controller's A turns Ben's card")
        ctl(daemon, "release 0 a")   # released once the press has shown
        ctl(daemon, "press 0 x")
        wait_state(table, gstate, lambda s: ((s.get("game") or {}).get("lastCall") or {}).get("player") == "Ben",
                   "game: the controller's X calls Snap! for Ben")
        ctl(daemon, "release 0 x")   # released once the press has shown
        ctl(daemon, "detach 0")
        wait_state(table, gstate, lambda s: seat(s, "Ben").get("control") == "waiting", "game: unplugged, Ben's seat waits")
        ctl(daemon, "attach")
        wait_state(table, gstate, lambda s: seat(s, "Ben").get("control") == "pad 1", "game: the next controller takes Ben's seat back")
    finally:
        stop(table, daemon)
    check(table.returncode == 0, f"the game ended cleanly ({table.returncode})")
    if failures:
        print(table.stderr.read(), file=sys.stderr)


def pool_checks():
    """Snap pool at the same table: Space and S for Ann, the controller's A and X for Ben; a
    wrong call puts the caller's open pile in the pool in the middle."""
    gstate = os.path.join(out, "pool.json")
    daemon = start_daemon()
    table = subprocess.Popen([f"{BIN}/snap-table", "--input-socket", sock, "--state-out", gstate, "--players", "Ann,Ben",
                              "--bots", "off", "--seed", "3", "--game", "snap-pool", *renderer_args(), *desk.feed_args()],
                             stdin=desk.stdin(), stderr=subprocess.PIPE, text=True)

    def game(s):
        return s.get("game") or {}

    def piles(s):
        return {p["player"]: p for p in game(s).get("piles", [])}

    def pool(s):
        return (game(s).get("pool") or {}).get("count", 0)
    try:
        win = window_of(table, 20)
        ctl(daemon, "attach")
        wait_state(table, gstate, lambda s: len(s["controllers"]) == 1, "pool: the controller is connected")
        ctl(daemon, "press 0 a")
        wait_state(table, gstate, lambda s: any(e.get("control") == "pad 0" for e in s["seats"]), "pool: A takes Ben's seat")
        ctl(daemon, "release 0 a")
        desk.press(table, win, "Return")
        wait_state(table, gstate, lambda s: game(s).get("kind") == "snapPool" and game(s).get("turn") == "Ann",
                   "pool: Enter deals Snap pool; Ann's turn")
        desk.press(table, win, "space")
        wait_state(table, gstate, lambda s: game(s).get("turn") == "Ben", "pool: Space turns Ann's card")
        ctl(daemon, "press 0 a")
        s = wait_state(table, gstate, lambda s: piles(s).get("Ben", {}).get("open") == 1, "pool: the controller's A turns Ben's card") or {}
        ctl(daemon, "release 0 a")
        tops = [p["top"][:-1] for p in piles(s).values() if p["top"]]
        if len(set(tops)) == len(tops):
            ctl(daemon, "press 0 x")
            wait_state(table, gstate, lambda s: pool(s) == 1 and piles(s)["Ben"]["open"] == 0,
                       "pool: the controller's X with no match puts Ben's card in the pool")
            ctl(daemon, "release 0 x")
            desk.press(table, win, "s")
            wait_state(table, gstate, lambda s: pool(s) == 2 and piles(s)["Ann"]["open"] == 0,
                       "pool: S with no match puts Ann's card on the pool")
        else:
            check(False, f"pool: seed 3 deals no match on the first two cards ({tops})")
    finally:
        stop(table, daemon)
    check(table.returncode == 0, f"the Snap pool game ended cleanly ({table.returncode})")
    if failures:
        print(table.stderr.read(), file=sys.stderr)


def main():
    sandbox_checks()
    game_checks()
    pool_checks()
    if failures:
        sys.exit(f"{len(failures)} controller check(s) failed")
    print("all controller checks passed")


if __name__ == "__main__":
    main()
