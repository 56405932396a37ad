#!/usr/bin/env python3
"""Network play in real windows (run under scripts/env/with-x --one-monitor): a windowed host (Ann
plays there) and a windowed client (Bob, who gets Ben's seat), both driven by the keyboard and
the mouse through xdotool (snaptest.desk; natively on Wayland, where no test can drive the
keyboard or the pointer, the same keys go through each table's feed and the client turns with
Space). The host deals with Enter and turns with
Space; the client turns with a click on its own pile and calls with S; each side's state (SIGUSR1) shows the result. Then the
host quits and the client says so and stays up.

Usage: python3 -m tests.net_window [BIN]   (default .build/debug/snap-table)
"""
import os, signal, subprocess, sys, tempfile

from snaptest import desk
from snaptest.xcheck import check, failures, on_canvas, read_state, renderer_args, wait_state, window_of

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/snap-table"
out = tempfile.mkdtemp(prefix="net-window-test-")
hstate, cstate = os.path.join(out, "host.json"), os.path.join(out, "client.json")
common = ["--secondary", "off", "--controllers", "off", "--bots", "off", *renderer_args(), *desk.feed_args()]




def piles(s):
    return {p["player"]: p for p in (s.get("game") or {}).get("piles", [])}


host = subprocess.Popen([BIN, "--host", "--port", "0", "--bind", "127.0.0.1", "--code", "K7F2Q", "--players", "Ann,Ben",
                         "--state-out", hstate] + common, stdin=desk.stdin(), stdout=subprocess.PIPE, text=True)
client = None
try:
    address = host.stdout.readline().split()[2]
    client = subprocess.Popen([BIN, "--join", address, "--code", "K7F2Q", "--name", "Bob", "--state-out", cstate] + common,
                              stdin=desk.stdin(), stdout=subprocess.PIPE, text=True)
    joined = client.stdout.readline().split()
    check(joined[:3] == ["joined", "as", "Ben"], f"the client joined as Ben ({' '.join(joined[:5])})")
    hw, cw = window_of(host), window_of(client)
    wait_state(host, hstate, lambda s: any(x.get("control") == "remote" and x.get("player") == "Ben" for x in s["seats"]),
               "the host shows Ben played from another machine")
    s = wait_state(client, cstate, lambda s: s["seats"][0]["player"] == "Ben", "the client shows its own player (Ben) at the bottom")
    check(s and s["seats"][3]["player"] == "Ann", "and the host's player (seat 0) on its right")

    desk.press(host, hw, "Return")
    wait_state(host, hstate, lambda s: (s.get("game") or {}).get("turn") == "Ann", "Enter at the host deals; Ann's turn")
    desk.press(host, hw, "space")
    wait_state(client, cstate, lambda s: (s.get("game") or {}).get("turn") == "Ben" and piles(s)["Ann"]["open"] == 1,
               "Space at the host turns Ann's card; the client sees Ben's turn")

    # The client clicks its own face-down pile (bottom seat: 585,578 on the 1280x720 canvas).
    if desk.NATIVE:
        print("     (natively on Wayland no test can drive the pointer or keyboard: Space through the feed instead of the click)")
        desk.press(client, cw, "space")
    else:
        subprocess.run(["xdotool", "mousemove", "--window", cw, *map(str, on_canvas(cw, 585, 578)), "click", "1"], check=True)
    wait_state(host, hstate, lambda s: piles(s).get("Ben", {}).get("open") == 1 and s["game"]["turn"] == "Ann",
               "a click on the client's pile (natively Space) turns Ben's card at the host" if desk.NATIVE
               else "a click on the client's pile turns Ben's card at the host")
    desk.press(client, cw, "s")
    wait_state(host, hstate, lambda s: (s["game"].get("lastCall") or {}).get("player") == "Ben", "S at the client calls Snap! for Ben")
    # Not the client's turn: its Space does nothing at the host.
    before = read_state(hstate)
    desk.press(client, cw, "space")
    after = wait_state(host, hstate, lambda s: True, "the host still answers")
    check(piles(after)["Ben"]["open"] == piles(before)["Ben"]["open"], "Space at the client out of turn changes nothing")

    host.send_signal(signal.SIGTERM)
    check(host.wait(timeout=20) == 0, "the host ends cleanly")
    wait_state(client, cstate, lambda s: s.get("status", "").startswith("The host went away"), "the client says the host went away")
    check(client.poll() is None, "and keeps its window")
    client.send_signal(signal.SIGTERM)
    check(client.wait(timeout=20) == 0, "the client ends cleanly")
finally:
    for p in (client, host):
        if p and p.poll() is None:
            p.kill()

if failures:
    print(f"{len(failures)} network window check(s) failed")
    sys.exit(1)
print("all network window checks passed")
