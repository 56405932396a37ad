#!/usr/bin/env python3
"""Interactive figures for snap-table under a real X server (run through scripts/bench).

Prints: time from launch to first frame, RSS after start, CPU while idling 10 s, CPU while a
card is dragged for 5 s with 500 pointer moves (xdotool drives the real X pointer).
"""
import os
import statistics
import subprocess
import sys
import time

from snaptest.benchlib import cpu_ms, rss_mb
from snaptest.xcheck import canvas_point, geometry

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/snap-table"
EXTRA = ["--sandbox"] + sys.argv[2:]   # the free table: its drag is what this measures


def xdo(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True, capture_output=True, text=True).stdout


def first_frame_ms(runs=7):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([BIN, "--exit-after-first-frame", *EXTRA], check=True, capture_output=True)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), min(times)


def main():
    if not os.environ.get("DISPLAY"):
        sys.exit("bench-interactive: needs an X server (run it through scripts/bench)")
    median, best = first_frame_ms()
    print(f"  launch to first frame (and exit)  median {median:6.1f} ms   best {best:6.1f} ms")

    proc = subprocess.Popen([BIN, "--size", "1280x720", *EXTRA], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wid = xdo("search", "--sync", "--onlyvisible", "--name", "^SnapTable$").split()[0]
        time.sleep(1.0)
        print(f"  RSS after start                   {rss_mb(proc.pid):6.1f} MB")

        c0 = cpu_ms(proc.pid)
        time.sleep(10)
        print(f"  CPU while idle for 10 s           {cpu_ms(proc.pid) - c0:6.1f} ms")

        rect = geometry(wid)

        def screen(lx, ly):
            return tuple(int(c) for c in canvas_point(rect, lx, ly))

        # Card 1 rests in hand slot 1 at (365, 604); wander with it around the table for 5 s.
        sx, sy = screen(365, 604)
        xdo("mousemove", sx, sy)
        time.sleep(0.3)
        c0 = cpu_ms(proc.pid)
        moves = ["mousedown", "1"]
        for i in range(500):
            lx = 365 + 500 * (i / 499)
            ly = 604 - 250 * abs(((i / 125) % 2) - 1)
            moves += ["mousemove", *map(str, screen(lx, ly)), "sleep", "0.01"]
        moves += ["mouseup", "1"]
        t0 = time.perf_counter()
        xdo(*moves)
        dt = time.perf_counter() - t0
        time.sleep(0.5)  # the drop animation
        print(f"  CPU for a {dt:.1f} s drag, 500 moves     {cpu_ms(proc.pid) - c0:6.1f} ms")
    finally:
        proc.terminate()
        try:
            _, err = proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            err = b""
        if proc.returncode not in (0, -15):
            print(err.decode(errors="replace"), file=sys.stderr)


if __name__ == "__main__":
    main()
