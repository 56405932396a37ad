#!/usr/bin/env python3
"""Figures for the browser client (not a pass/fail test; no X server needed).

1. Snap! latency: a headless host (`--bots off --start-with 4`), two phones (headless chromium,
   touch emulation) and two offscreen `snap-table --join` clients on loopback. The four call in
   turn (every call is wrong and pays a card to each other player, so nobody runs out). A phone
   calls with a touch on Snap! (CDP touchStart); a snap-table client with `call ID` on its feed.
   Each call is timed from just before the touch or the feed line to the caller's bubble at every
   other client: in a phone, the first animation frame after the bubble entered the DOM (a
   MutationObserver, then requestAnimationFrame); in a snap-table client, its first presented
   frame showing it (--frame-log). The figure per call is the slowest of the three others. The phones'
   calls and the snap-table clients' calls are reported side by side.
2. The page's weight (bytes on the wire for the first load, from Chrome's network log) and the
   time from navigation to the first drawn table (the page's `table-drawn` mark) under Chrome's
   "Slow 3G" emulation (2 s latency, 50 000 B/s each way), with the cache cleared and the kept
   token taking the seat back.

Usage: python -m benchmarks.web [BIN_DIR] [CALLS]   (defaults: .build/release 200; run with
the venv that scripts/env/web-venv prints)
"""
import json
import os
import sys
import tempfile
import time

from snaptest.waiting import Timeout, stop, wait_for
from snaptest.weblib import by_id, phone, shown, start_host, start_join, tap

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release"
CALLS = int(sys.argv[2]) if len(sys.argv) > 2 else 200
TABLE = os.path.join(BIN, "snap-table")
CODE = "BENCH"
out = tempfile.mkdtemp(prefix="bench-web-")

WATCH = """
window.__bubbles = [];
new MutationObserver((records) => {
  const t = performance.timeOrigin + performance.now();
  for (const r of records) for (const n of r.addedNodes) {
    if (n.classList && n.classList.contains('bubble')) {
      // The frame that paints it: the next animation frame after the DOM change.
      const who = n.parentElement.dataset.player;
      requestAnimationFrame(() => window.__bubbles.push([who, performance.timeOrigin + performance.now()]));
    }
  }
}).observe(document.getElementById('table'), {childList: true, subtree: true});
"""


def frames(path):
    rows = []
    try:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if line.endswith("\n") and parts:
                    rows.append((float(parts[0]), set(parts[1].split(",")) if len(parts) > 1 else set()))
    except FileNotFoundError:
        pass
    return rows


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(len(xs) * p + 0.5)) - 1))] * 1000


def latency():
    procs, drivers = [], []
    try:
        host, address = start_host(TABLE, CODE, ["--bots", "off", "--start-with", "4"])
        procs.append(host)
        phones = []
        for name in ["Pia", "Quin"]:
            d = phone()
            drivers.append(d)
            d.get(f"http://{address}/?code={CODE}")
            by_id(d, "name").send_keys(name)
            by_id(d, "join-button").click()
            wait_for(lambda: shown(d)["playing"], 15, f"{name} seated")
            phones.append({"kind": "phone", "driver": d, "id": shown(d)["me"]})
        tables = []
        for name in ["Ola", "Rex"]:
            log = os.path.join(out, f"frames-{name}.log")
            p, pid = start_join(TABLE, address, CODE, name, frame_log=log)
            procs.append(p)
            tables.append({"kind": "snap-table", "proc": p, "id": pid, "log": log})
        everyone = phones + tables
        for c in phones:
            wait_for(lambda: shown(c["driver"])["phase"] == "playing", 30, "the deal")
            c["driver"].execute_script(WATCH)
        time.sleep(1.0)  # the deal's flights land before the first call

        def showing(c, who):
            if c["kind"] == "phone":
                return any(s["bubble"] for s in shown(c["driver"])["seats"] if s["player"] == who)
            rows = frames(c["log"])
            return bool(rows) and who in rows[-1][1]

        def arrived(c, who, t_epoch, t_mono):
            if c["kind"] == "phone":
                for p, t in c["driver"].execute_script("return window.__bubbles"):
                    if p == who and t / 1000 > t_epoch:
                        return t / 1000 - t_epoch
                return None
            for t, ids in frames(c["log"]):
                if t > t_mono and who in ids:
                    return t - t_mono
            return None

        results = {"phone": [], "snap-table": []}
        missed = 0
        order = [phones[0], tables[0], phones[1], tables[1]]
        for k in range(CALLS):
            caller = order[k % 4]
            others = [c for c in everyone if c is not caller]
            wait_for(lambda: not any(showing(c, caller["id"]) for c in everyone), 10, "the last bubble to go", step=0.02)
            t_epoch, t_mono = time.time(), time.monotonic()
            if caller["kind"] == "phone":
                tap(caller["driver"], "snap")
            else:
                caller["proc"].stdin.write(f"call {caller['id']}\n")
                caller["proc"].stdin.flush()
            try:
                got = wait_for(lambda: (lambda ts: ts if all(t is not None for t in ts) else None)(
                    [arrived(c, caller["id"], t_epoch, t_mono) for c in others]), 5, "the bubble everywhere", step=0.005)
            except Timeout:
                missed += 1
                continue
            results[caller["kind"]].append(max(got))
        print(f"bench-web: headless host, 2 phones (chromium) and 2 snap-table clients on loopback, {CALLS} Snap! calls ({missed} never showed everywhere)")
        for kind, label in [("phone", "touch on a phone's Snap!"), ("snap-table", "snap-table client's call")]:
            xs = results[kind]
            if xs:
                print(f"  {label:26} -> bubble at every other client: p50 {pct(xs, .5):6.1f} ms   p99 {pct(xs, .99):6.1f} ms   ({len(xs)} calls)")
    finally:
        for d in drivers:
            d.quit()
        stop(*reversed(procs))


def weight_and_slow3g():
    procs, drivers = [], []
    try:
        host, address = start_host(TABLE, CODE, ["--bots", "normal", "--start-with", "1"])
        procs.append(host)
        d = phone()
        drivers.append(d)
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        d.get_log("performance")
        d.get(f"http://{address}/?code={CODE}")
        wait_for(lambda: d.execute_script("return document.readyState") == "complete", 20, "the page")
        time.sleep(0.5)
        total, files = 0, 0
        for entry in d.get_log("performance"):
            m = json.loads(entry["message"])["message"]
            if m["method"] == "Network.loadingFinished":
                total += m["params"]["encodedDataLength"]
                files += 1
        print(f"  page weight, first load: {total} bytes on the wire in {files} responses (uncompressed, no cache)")
        by_id(d, "name").send_keys("Pia")
        by_id(d, "join-button").click()
        wait_for(lambda: shown(d)["phase"] in ("dealing", "playing"), 30, "the deal")
        d.execute_cdp_cmd("Network.clearBrowserCache", {})
        d.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 2000,
                                                                "downloadThroughput": 50000, "uploadThroughput": 50000})
        samples = []
        for _ in range(3):
            d.get(f"http://{address}/?code={CODE}")
            drawn = wait_for(lambda: d.execute_script(
                "const m = performance.getEntriesByName('table-drawn'); return m.length ? m[0].startTime : null"), 120, "the table")
            samples.append(drawn)
        print(f"  Slow 3G (2 s latency, 50 000 B/s), cache cleared, kept token: navigation -> first drawn table "
              f"{min(samples) / 1000:.2f} s best, {max(samples) / 1000:.2f} s worst of {len(samples)}")
    finally:
        for d in drivers:
            d.quit()
        stop(*reversed(procs))


if __name__ == "__main__":
    latency()
    weight_and_slow3g()
