#!/usr/bin/env python3
"""Controller figures (run through scripts/bench, under an X server): CPU used in 10 s by the idle
input daemon with no controller and with one virtual controller attached and untouched, by the
idle front end connected to it, and the latency from a button press in the daemon to the front
end's state showing the card picked up (an upper bound: it includes the SIGUSR1 state request).
"""
import json, os, signal, statistics, subprocess, sys, tempfile, time

from snaptest.benchlib import cpu_ms
from snaptest.waiting import stop

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release"
out = tempfile.mkdtemp()
sock, state = os.path.join(out, "input.sock"), os.path.join(out, "state.json")


def idle(pid, seconds=10):
    c0 = cpu_ms(pid)
    time.sleep(seconds)
    return cpu_ms(pid) - c0


def ctl(d, line):
    d.stdin.write(line + "\n")
    d.stdin.flush()


def main():
    d = subprocess.Popen([f"{BIN}/snap-inputd", "--input-socket", sock, "--virtual-control"], stdin=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    time.sleep(1)
    print(f"  snap-inputd idle 10 s, no controller     {idle(d.pid):6.1f} ms CPU")
    ctl(d, "attach")
    time.sleep(1)
    print(f"  snap-inputd idle 10 s, one controller    {idle(d.pid):6.1f} ms CPU")
    t = subprocess.Popen([f"{BIN}/snap-table", "--sandbox", "--input-socket", sock, "--state-out", state], stderr=subprocess.DEVNULL)
    subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^SnapTable$"], capture_output=True, timeout=20)
    time.sleep(1)
    print(f"  snap-table idle 10 s, daemon connected   {idle(t.pid):6.1f} ms CPU")
    lat = []
    for i in range(20):
        ctl(d, "press 0 a")
        t0 = time.perf_counter()
        while True:
            if os.path.exists(state):
                os.unlink(state)
            t.send_signal(signal.SIGUSR1)
            while not os.path.exists(state):
                time.sleep(0.0005)
            time.sleep(0.001)
            with open(state) as f:
                s = json.load(f)
            if s["controllers"] and (s["controllers"][0]["heldCard"] is not None) == (i % 2 == 0):
                break
        lat.append((time.perf_counter() - t0) * 1000)
        ctl(d, "release 0 a")
        time.sleep(0.2)
    lat.sort()
    print(f"  button to state (upper bound)            p50 {statistics.median(lat):5.1f} ms   p99 {lat[-1]:5.1f} ms")
    stop(t, d)


if __name__ == "__main__":
    main()
