#!/usr/bin/env python3
"""A party evening for a headless host (figures, not a pass/fail test; no X server needed).

For MINUTES (60 by default) a `snap-table --host --headless` (release build, its standard output
a pipe nobody reads after the first line, as a launcher would leave it) serves:
- three players playing round after round: two offscreen `snap-table --join` clients pressing
  Enter on their feeds (turn over on their turn, deal the next round) and a browser page in
  headless Chromium clicking its Turn over, Deal and (on a match) Snap! buttons;
- a phone-like client (websocket-client) that plays its turns and calls Snap! on matches, and every 30 s drops its
  connection without a goodbye and rejoins with its token, as a phone that slept;
- strangers at 100 connections a second from ten other addresses: wrong codes, silent
  WebSockets, junk frames, bare TCP connections.
Every minute it prints the host's RSS, its CPU in that minute, the joins it served (welcomes to
the phone-like client, refusals to strangers) and the rounds played; at the end the host gets
SIGTERM and the exit status, the state file and the game record (--net-log) are checked whole.
Goals (issue 34): RSS at the last minute within 2 MB of minute 5; exit 0; both files whole.

Usage: python -m benchmarks.soak [BIN_DIR] [MINUTES]   (defaults: .build/release 60; run with
the venv that scripts/env/web-venv prints)
"""
import json
import os
import random
import socket
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import websocket

from snaptest.benchlib import cpu_ms, rss_mb
from snaptest.waiting import Timeout, stop, wait_for
from snaptest.weblib import by_id, phone, start_host, start_join

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release"
MINUTES = float(sys.argv[2]) if len(sys.argv) > 2 else 60
TABLE = os.path.join(BIN, "snap-table")
CODE = "SOAK1"
REJOIN_EVERY = 30
STRANGERS_PER_SECOND = 100
out = tempfile.mkdtemp(prefix="bench-soak-")
counts = {"welcomes": 0, "rejoins": 0, "refusals": 0, "strangers": 0, "stranger errors": 0, "phone errors": 0}
lock = threading.Lock()
done = threading.Event()


def count(key, n=1):
    with lock:
        counts[key] += n


def hello(name, code=CODE, token=None):
    m = {"type": "hello", "protocol": 1, "code": code, "name": name}
    if token:
        m["token"] = token
    return json.dumps(m)


# The page turns over and deals when it may, and calls Snap! when two open piles show a rank.
PAGE_PLAYS = """
setInterval(() => {
  const tops = [...document.querySelectorAll('#table .seat')].map(s => s.dataset.top).filter(Boolean).map(t => t.slice(0, -1));
  const ids = new Set(tops).size < tops.length ? ['snap'] : ['turn-over', 'deal'];
  for (const id of ids) document.getElementById(id).click();
}, 250);
"""


class PhoneLike(threading.Thread):
    """Plays its turns; every REJOIN_EVERY seconds the socket goes without a close frame and a new
    one takes the seat back with the token."""

    def __init__(self, url):
        super().__init__(daemon=True)
        self.url, self.token, self.me, self.last_intent = url, None, None, 0.0

    def session(self):
        ws = websocket.create_connection(self.url, timeout=5)
        ws.send(hello("Pip", token=self.token))
        ws.settimeout(0.1)
        ends = time.monotonic() + REJOIN_EVERY
        state = None
        while not done.is_set() and time.monotonic() < ends:
            try:
                text = ws.recv()
                if not text:
                    raise RuntimeError(f"the host closed the connection ({ws.status})")
                m = json.loads(text)
            except websocket.WebSocketTimeoutException:
                m = {}
            kind = m.get("type")
            if kind == "welcome":
                self.token, self.me = m["token"], m["playerID"]
                count("welcomes")
                if self.token_seen:
                    count("rejoins")
                self.token_seen = True
            elif kind == "refusal":
                raise RuntimeError(f"refused: {m}")
            elif kind == "ping":
                ws.send(json.dumps({"type": "pong", "ping": m["ping"]}))
            elif kind == "update":
                state = m.get("state")
            self.act(ws, state)
        # The phone sleeps: no close frame, the socket just goes.
        ws.sock.close()

    def act(self, ws, state):
        """Snap! on a match in sight (so rounds end), else the turn when it is ours; at most one
        intent in 0.2 s, a player's pace, well inside the host's rate limit."""
        if not state or time.monotonic() - self.last_intent < 0.2:
            return
        tops = [p["open"][-1][:-1] for p in state.get("players", []) if p.get("open")]
        act = None
        if state.get("phase") == "playing" and len(tops) != len(set(tops)):
            act = "snap"
        elif state.get("active") == self.me:
            act = "turnOver"
        if act:
            ws.send(json.dumps({"type": "intent", "intent": act}))
            self.last_intent = time.monotonic()

    def run(self):
        self.token_seen = False
        while not done.is_set():
            try:
                self.session()
            except Exception as e:
                count("phone errors")
                print(f"  phone-like client: {e}")
                time.sleep(1)


def stranger(port, k):
    """One stranger's connection, of one of five kinds, from one of ten other addresses."""
    s = socket.socket()
    s.settimeout(15)
    try:
        s.bind((f"127.0.0.{10 + k % 10}", 0))
        s.connect(("127.0.0.1", port))
        kind = k % 5
        if kind == 0:
            return
        s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                return
            head += chunk
        if kind == 1:
            payload = hello("Stranger", code="WRONG").encode()
        elif kind == 2:
            payload = b"junk{" * 20
        else:
            payload = None
        if payload is not None:
            mask = bytes(random.randrange(256) for _ in range(4))
            s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        # Silent ones (3, 4) wait to be closed; the others read the answer.
        data = s.recv(4096)
        if b"refusal" in data:
            count("refusals")
    except OSError:
        count("stranger errors")
    finally:
        s.close()
        count("strangers")


def strangers(port):
    with ThreadPoolExecutor(max_workers=64) as pool:
        k, start = 0, time.monotonic()
        while not done.is_set():
            k += 1
            pool.submit(stranger, port, k)
            time.sleep(max(0.0, start + k / STRANGERS_PER_SECOND - time.monotonic()))


def rounds(state_path, host):
    """Rounds won so far, from the state the host writes on SIGUSR1."""
    from snaptest.benchlib import request_state
    try:
        s = request_state(host, state_path)
        return sum(seat.get("gamesWon", 0) for seat in s.get("seats", []))
    except Timeout:
        return None


def updates(path):
    with open(path) as f:
        return sum(1 for _ in f)


def whole_net_log(path):
    with open(path) as f:
        text = f.read()
    lines = text.split("\n")
    return text.endswith("\n") and all(len(l.split()) == 12 for l in lines[:-1]), len(lines) - 1


def main():
    state = os.path.join(out, "host.json")
    net_log = os.path.join(out, "host.netlog")
    host, address = start_host(TABLE, CODE, ["--bots", "normal", "--start-with", "4", "--net-log", net_log], state_out=state)
    port = int(address.split(":")[1])
    print(f"snap-table --host --headless on {address} for {MINUTES:g} min: 2 snap-table clients and a Chromium page playing, "
          f"a phone-like client rejoining every {REJOIN_EVERY} s, strangers at {STRANGERS_PER_SECOND}/s (files in {out})")
    pip = PhoneLike(f"ws://{address}/")
    pip.start()
    wait_for(lambda: pip.me, 20, "the phone-like client's welcome")
    clients = [start_join(TABLE, address, CODE, name)[0] for name in ("Bea", "Cy")]
    driver = phone()
    driver.get(f"http://{address}/?code={CODE}")
    by_id(driver, "name").send_keys("Dot")
    by_id(driver, "join-button").click()
    driver.execute_script(PAGE_PLAYS)

    def press():
        while not done.is_set():
            for c in clients:
                try:
                    c.stdin.write("key enter\n")
                    c.stdin.flush()
                except OSError:
                    pass
            time.sleep(0.1)
    threading.Thread(target=press, daemon=True).start()
    threading.Thread(target=strangers, args=(port,), daemon=True).start()

    start = time.monotonic()
    rss, last_cpu = {}, cpu_ms(host.pid)
    print(f"{'min':>4} {'RSS MB':>7} {'CPU s':>6} {'CPU %':>6} {'welcomes':>8} {'rejoins':>7} {'strangers':>9} {'refused':>8} {'updates':>7} {'rounds':>6}")
    minute = 0
    try:
        while minute < MINUTES:
            minute += 1
            time.sleep(max(0.0, start + 60 * minute - time.monotonic()))
            if host.poll() is not None:
                print(f"  the host ended during minute {minute} with status {host.returncode}")
                break
            cpu = cpu_ms(host.pid)
            rss[minute] = rss_mb(host.pid)
            with lock:
                c = dict(counts)
            print(f"{minute:>4} {rss[minute]:>7.1f} {cpu / 1000:>6.1f} {(cpu - last_cpu) / 600:>6.1f} {c['welcomes']:>8} {c['rejoins']:>7} "
                  f"{c['strangers']:>9} {c['refusals']:>8} {updates(net_log):>7} {rounds(state, host)!s:>6}", flush=True)
            last_cpu = cpu
    finally:
        done.set()
        driver.quit()
        for c in clients:
            stop(c)
        if host.poll() is None:
            host.terminate()
        try:
            status = host.wait(timeout=30)
        except Exception:
            host.kill()
            status = "killed after 30 s"
    total_cpu = last_cpu / 1000
    print(f"host exit status on SIGTERM: {status}; CPU {total_cpu:.1f} s in all; phone-like errors {counts['phone errors']}")
    try:
        with open(state) as f:
            json.load(f)
        print("state file: whole")
    except (OSError, ValueError) as e:
        print(f"state file: NOT whole ({e})")
    ok, n = whole_net_log(net_log)
    print(f"game record (--net-log): {'whole' if ok else 'NOT whole'}, {n} updates")
    if 5 in rss and minute in rss:
        grew = rss[minute] - rss[5]
        print(f"RSS minute {minute} - minute 5: {grew:+.1f} MB (goal: within 2 MB) -> {'met' if abs(grew) <= 2 else 'NOT met'}")


main()
