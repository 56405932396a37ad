#!/usr/bin/env python3
"""Network Snap! latency on screen (run under scripts/env/with-x --one-monitor): the time from a
client's Snap! key to the first presented frame of every other client's window that shows the
caller's bubble, and the headless host's CPU and RSS with four windowed clients, idle and in
play. A figure, not a pass/fail test.

A headless host (`snap-table --host --headless --bots off --start-with 4`) and four windowed
clients on loopback; each client writes its hidden --frame-log (one line per presented frame:
CLOCK_MONOTONIC seconds, then the players whose bubble shows). The four call Snap! in turn (S
to the caller's window through xdotool); every call is wrong (nothing matches on purpose is
rare) and pays one card to each other player, so the round never ends. Each call is timed from
just before xdotool sends the key (CLOCK_MONOTONIC, so the figure includes xdotool's own start
and the X server) to the first frame after it that shows the caller's bubble, in each of the
three other windows; the figure per call is the slowest of the three.

Usage: python3 -m benchmarks.net_bubble [BIN_DIR] [CALLS]   (defaults: .build/release 60)
"""
import os, subprocess, sys, tempfile, time

from snaptest.benchlib import rss_mb
from snaptest.waiting import Timeout, stop, wait_for

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release"
CALLS = int(sys.argv[2]) if len(sys.argv) > 2 else 60
out = tempfile.mkdtemp(prefix="net-bubble-bench-")
table = os.path.join(BIN, "snap-table")
procs = []


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def frames(path):
    """[(time, {ids with a bubble})] of a frame log as it is now."""
    rows = []
    try:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if not line.endswith("\n") or not parts:
                    continue
                rows.append((float(parts[0]), set(parts[1].split(",")) if len(parts) > 1 else set()))
    except FileNotFoundError:
        pass
    return rows


def first_showing(path, who, after):
    for t, ids in frames(path):
        if t > after and who in ids:
            return t
    return None


def showing_now(path, who):
    rows = frames(path)
    return bool(rows) and who in rows[-1][1]


try:
    host = subprocess.Popen([table, "--host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--code", "BENCH",
                             "--bots", "off", "--start-with", "4", "--log-level", "warning"],
                            stdout=subprocess.PIPE, text=True)
    procs.append(host)
    line = host.stdout.readline()
    address = line.split()[2]
    clients = []
    for i in range(4):
        log = os.path.join(out, f"frames-{i}.log")
        netlog = os.path.join(out, f"net-{i}.log")
        p = subprocess.Popen([table, "--join", address, "--code", "BENCH", "--name", f"P{i}", "--frame-log", log,
                              "--net-log", netlog, "--secondary", "off", "--controllers", "off", "--log-level", "warning"],
                             stdout=subprocess.PIPE, text=True)
        procs.append(p)
        joined = p.stdout.readline().split()
        clients.append({"proc": p, "id": joined[2], "log": log, "net": netlog})
    for c in clients:
        c["window"] = wait_for(lambda: subprocess.run(["xdotool", "search", "--pid", str(c["proc"].pid)],
                                                     capture_output=True, text=True).stdout.split(), 20, "client window")[0]
    wait_for(lambda: all("phase playing" in open(c["net"]).read() for c in clients), 30, "the deal")

    idle_s = 10
    c0 = cpu_seconds(host.pid)
    time.sleep(idle_s)
    idle_cpu = (cpu_seconds(host.pid) - c0) / idle_s * 100
    idle_rss = rss_mb(host.pid)

    samples, per_window, missed = [], [], 0
    c0, w0 = cpu_seconds(host.pid), time.monotonic()
    for k in range(CALLS):
        caller = clients[k % 4]
        others = [c for c in clients if c is not caller]
        # A new bubble each time: wait until the caller's last one has gone everywhere.
        wait_for(lambda: not any(showing_now(c["log"], caller["id"]) for c in clients), 10, "the last bubble to go")
        subprocess.run(["xdotool", "windowfocus", "--sync", caller["window"]], check=True)
        t0 = time.monotonic()
        subprocess.run(["xdotool", "key", "s"], check=True)
        try:
            shown = wait_for(lambda: (lambda ts: ts if all(ts) else None)([first_showing(c["log"], caller["id"], t0) for c in others]),
                             5, "the bubble on every other client")
        except Timeout:
            missed += 1
            continue
        per_window += [t - t0 for t in shown]
        samples.append(max(shown) - t0)
    play_s = time.monotonic() - w0
    play_cpu = (cpu_seconds(host.pid) - c0) / play_s * 100
    play_rss = rss_mb(host.pid)

    def pct(xs, p):
        xs = sorted(xs)
        return xs[min(len(xs) - 1, max(0, int(round(len(xs) * p + 0.5)) - 1))] * 1000

    print(f"net-bubble-bench: headless host and 4 windowed clients on loopback, {len(samples)} Snap! calls ({missed} never showed)")
    if samples:
        print(f"  S key -> bubble on screen in every other client: p50 {pct(samples, .5):.1f} ms   p99 {pct(samples, .99):.1f} ms"
              f"   max {max(samples) * 1000:.1f} ms")
        print(f"  per window: p50 {pct(per_window, .5):.1f} ms   p99 {pct(per_window, .99):.1f} ms")
    print(f"  host idle {idle_s} s, 4 clients seated: CPU {idle_cpu:.2f}% of one core   RSS {idle_rss:.1f} MB")
    print(f"  host in play {play_s:.1f} s (a call every ~0.5 s): CPU {play_cpu:.2f}% of one core   RSS {play_rss:.1f} MB")
    for c in clients:
        c["rss"] = rss_mb(c["proc"].pid)
    print("  clients' RSS: " + "   ".join(f"{c['id']} {c['rss']:.1f} MB" for c in clients))
finally:
    stop(*reversed(procs))
