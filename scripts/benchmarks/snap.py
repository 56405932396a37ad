#!/usr/bin/env python3
"""Snap! latency (run through scripts/bench, under scripts/env/with-x with both monitors): the time
from a controller's Snap! button in the input daemon to the first presented frame that shows
that player's Snap! bubble. A figure, not a pass/fail test.

snap-inputd runs with a virtual controller (driven through its standard input); the default
game runs as `snap-table --seed 1 --bots off --players Ann,Ben` with its hidden --frame-log
(one line per presented frame: CLOCK_MONOTONIC seconds, then the players whose bubble shows).
The controller takes Ben's seat (A on the start screen), Enter deals, then X is pressed N times.
Each press is timed from the daemon's own stamp of it (the `time` of the button message, read
by a second client on the daemon's socket) to the first frame after it that shows Ben's bubble;
both are CLOCK_MONOTONIC on this machine. Each press waits until the bubble has gone (a frame
without it), so every press starts a new bubble. With nothing face up every call is wrong and
costs Ben a card; when Ben is out the controller's A deals the next round.

Usage: python3 -m benchmarks.snap [BIN_DIR] [PRESSES]   (defaults: .build/release 60). Under
`scripts/env/with-x --one-monitor` it runs without the table view, for comparison.
"""
import json, os, socket, subprocess, sys, tempfile, threading, time

from snaptest.benchlib import request_state
from snaptest.waiting import Timeout, stop, wait_for

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release"
PRESSES = int(sys.argv[2]) if len(sys.argv) > 2 else 60
out = tempfile.mkdtemp(prefix="bench-snap-")
sock, frames_path, state = (os.path.join(out, n) for n in ("input.sock", "frames.log", "state.json"))






class Listener:
    """A second client of the daemon: keeps the stamps of X presses and the controllers added."""

    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.connect(path)
        self.lock = threading.Lock()
        self.hello, self.added, self.buttons = False, [], []
        threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        buf = b""
        while True:
            try:
                data = self.s.recv(4096)
            except OSError:
                return
            if not data:
                return
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                m = json.loads(line)
                with self.lock:
                    if m["type"] == "hello":
                        self.hello = True
                    elif m["type"] == "added":
                        self.added.append(m["id"])
                    elif m["type"] == "button":
                        self.buttons.append((m["button"], m["pressed"], m.get("time")))

    def count(self):
        with self.lock:
            return len(self.buttons)

    def since(self, n, button, pressed):
        """The stamps of `button` going down (or up) in messages n... ."""
        with self.lock:
            return [t for b, p, t in self.buttons[n:] if b == button and p == pressed]


class Frames:
    """The table's frame log, read as it grows: [(CLOCK_MONOTONIC seconds, {players with a bubble})]."""

    def __init__(self, path):
        self.path, self.f, self.rest, self.lines = path, None, "", []

    def read(self):
        if self.f is None:
            if not os.path.exists(self.path):
                return self.lines
            self.f = open(self.path)
        self.rest += self.f.read()
        *complete, self.rest = self.rest.split("\n")
        for line in complete:
            t, _, ids = line.partition(" ")
            self.lines.append((float(t), set(filter(None, ids.split(",")))))
        return self.lines

    def first_after(self, stamp, player):
        """The time of the first frame after `stamp` that shows `player`'s bubble (lines are in time order)."""
        lines, found = self.read(), None
        for t, ids in reversed(lines):
            if t <= stamp:
                break
            if player in ids:
                found = t
        return found


def ctl(d, line):
    d.stdin.write(line + "\n")
    d.stdin.flush()


def tap(d, listener, button):
    """Presses and releases a virtual button, each once the daemon has sent the last (a press and
    a release read in one poll would cancel out). Returns the daemon's stamp of the press."""
    n = listener.count()
    ctl(d, f"press 0 {button}")
    stamp = wait_for(lambda: listener.since(n, button, True), 2, f"daemon's message for {button} down")[0]
    ctl(d, f"release 0 {button}")
    wait_for(lambda: listener.since(n, button, False), 2, f"daemon's message for {button} up")
    return stamp


def read_state(table):
    return request_state(table, state)


def ben(s):
    g = s.get("game") or {}
    pile = next((p for p in g.get("piles", []) if p["player"] == "Ben"), None)
    return g.get("phase"), pile


def percentile(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p))]


def main():
    logs = {n: open(os.path.join(out, n + ".err"), "w") for n in ("daemon", "table")}
    d = subprocess.Popen([f"{BIN}/snap-inputd", "--input-socket", sock, "--virtual-control"],
                         stdin=subprocess.PIPE, stderr=logs["daemon"], text=True)
    table = None
    try:
        wait_for(lambda: os.path.exists(sock), 10, "daemon socket", step=0.02)
        listener = Listener(sock)
        wait_for(lambda: listener.hello, 5, "hello from the daemon")
        table = subprocess.Popen([f"{BIN}/snap-table", "--seed", "1", "--bots", "off", "--players", "Ann,Ben",
                                  "--frame-log", frames_path, "--input-socket", sock, "--state-out", state],
                                 stderr=logs["table"])
        frames = Frames(frames_path)
        window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^SnapTable$"],
                                check=True, capture_output=True, text=True, timeout=30).stdout.split()[0]
        wait_for(frames.read, 30, "first frame")
        monitors = int(subprocess.run(["xrandr", "--listmonitors"], capture_output=True, text=True).stdout.split()[1])
        wait_for(lambda: len(read_state(table)["windows"]) == monitors, 10, "a window on every monitor", step=0.2)

        ctl(d, "attach")
        wait_for(lambda: listener.added, 5, "virtual controller")
        def seated():
            tap(d, listener, "a")
            return any(s["player"] == "Ben" and s.get("control", "").startswith("pad")
                       for s in read_state(table)["seats"])
        # Repeat A until the table has the controller (its client may connect after the attach).
        wait_for(seated, 10, "controller in Ben's seat", step=0.3)

        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True, capture_output=True, timeout=10)
        subprocess.run(["xdotool", "key", "Return"], check=True, capture_output=True, timeout=10)
        wait_for(lambda: ben(read_state(table))[0] == "playing", 20, "round 1 dealt", step=0.2)

        latencies, missing, rounds = [], 0, 1
        for i in range(PRESSES):
            # The bubble of the last press has gone from the screen.
            wait_for(lambda: frames.read() and "Ben" not in frames.read()[-1][1], 5, "frame without Ben's bubble")
            phase, pile = ben(read_state(table))
            if phase != "playing" or pile is None or pile["out"]:
                # Ben paid his last card: his controller's A deals the next round.
                tap(d, listener, "a")
                wait_for(lambda: ben(read_state(table))[0] == "playing", 20, "next round dealt", step=0.2)
                rounds += 1
            stamp = tap(d, listener, "x")
            if stamp is None:
                raise SystemExit("bench-snap: the daemon sent no \"time\" with its button message")
            try:
                shown = wait_for(lambda: frames.first_after(stamp, "Ben"), 3, "frame with Ben's bubble")
                latencies.append((shown - stamp) * 1000)
            except Timeout:
                missing += 1
            time.sleep(0.05)
        latencies.sort()
        print(f"  Snap! button in the daemon to the frame with the bubble, {monitors} monitor(s), {PRESSES} presses, {rounds} round(s):")
        if latencies:
            print(f"    p50 {percentile(latencies, 0.5):5.1f} ms   p99 {percentile(latencies, 0.99):5.1f} ms   "
                  f"max {latencies[-1]:5.1f} ms   min {latencies[0]:5.1f} ms")
        print(f"    presses never shown: {missing}")
        # Context: back-to-back frames (cards moving) take this long to draw on both windows.
        ts = [t for t, _ in frames.read()]
        gaps = sorted((b - a) * 1000 for a, b in zip(ts, ts[1:]) if b - a < 0.25)
        if gaps:
            print(f"    frame to frame while cards move: p50 {percentile(gaps, 0.5):5.1f} ms   p90 {percentile(gaps, 0.9):5.1f} ms "
                  f"({len(gaps)} intervals)")
    finally:
        stop(table, d)
        for f in logs.values():
            f.close()


if __name__ == "__main__":
    try:
        main()
    except Timeout as e:
        raise SystemExit(f"bench-snap: {e} (logs and frame log in {out})")
