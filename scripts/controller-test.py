#!/usr/bin/env python3
"""Controller test through the real input daemon: run under scripts/with-x.

Starts snap-inputd (with SDL virtual controllers driven from its standard input) and an
interactive snap-table connected to it, then checks through the state snap-table writes on
SIGUSR1: a virtual controller's A picks a card up; detaching it while it holds the card sends
the card home; the daemon killed and restarted comes back with its controllers. Controllers are
attached and detached more than once so SDL's device index and instance id differ.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
failures = []
out = tempfile.mkdtemp()
sock = os.path.join(out, "input.sock")
state = os.path.join(out, "state.json")


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def start_daemon():
    d = subprocess.Popen([f"{BIN}/snap-inputd", "--input-socket", sock, "--virtual-control"],
                         stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(100):
        if os.path.exists(sock):
            break
        time.sleep(0.05)
    return d


def ctl(d, line, wait=0.4):
    d.stdin.write(line + "\n")
    d.stdin.flush()
    time.sleep(wait)


def read_state(table):
    if os.path.exists(state):
        os.unlink(state)
    table.send_signal(signal.SIGUSR1)
    for _ in range(100):
        if os.path.exists(state):
            break
        time.sleep(0.02)
    with open(state) as f:
        return json.load(f)


def main():
    daemon = start_daemon()
    table = subprocess.Popen([f"{BIN}/snap-table", "--sandbox", "--input-socket", sock, "--state-out", state, "--log-level", "info"],
                             stderr=subprocess.PIPE, text=True)
    try:
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^SnapTable$"], check=True, capture_output=True, timeout=20)
        time.sleep(0.5)
        ctl(daemon, "attach")
        ctl(daemon, "detach 0")
        ctl(daemon, "attach")                      # SDL instance id 1 now, device index 0
        s = read_state(table)
        check([c["id"] for c in s["controllers"]] == [1], f"the second virtual controller is there as id 1 ({s['controllers']})")
        ctl(daemon, "press 1 a")
        ctl(daemon, "release 1 a")
        s = read_state(table)
        check(s["controllers"][0]["heldCard"] == 1, f"A picked up card 1 ({s['controllers']})")
        ctl(daemon, "detach 1")
        s = read_state(table)
        slots = {e["id"]: e["card"] for e in s["slots"]}
        check(s["controllers"] == [] and slots[1] == 1, "detached while holding: the card is back in slot 1")

        ctl(daemon, "attach")
        daemon.kill()
        daemon.wait()
        time.sleep(0.5)
        s = read_state(table)
        check(s["controllers"] == [], "the daemon died: its controllers are gone")
        daemon = start_daemon()
        t0 = time.time()
        ctl(daemon, "attach", wait=0)
        seen = None
        while time.time() - t0 < 3:
            s = read_state(table)
            if s["controllers"]:
                seen = time.time() - t0
                break
            time.sleep(0.1)
        check(seen is not None and seen < 1.5, f"after a daemon restart the controller is back ({seen and round(seen, 2)} s)")
    finally:
        table.terminate()
        daemon.terminate()
        try:
            table.wait(timeout=10)
            daemon.wait(timeout=10)
        except subprocess.TimeoutExpired:
            table.kill()
            daemon.kill()
    check(table.returncode == 0, f"snap-table ended cleanly ({table.returncode})")
    if failures:
        print(table.stderr.read(), file=sys.stderr)
        sys.exit(f"{len(failures)} controller check(s) failed")
    print("all controller checks passed")


if __name__ == "__main__":
    main()
