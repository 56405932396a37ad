#!/usr/bin/env python3
"""The browser client end to end (no X server needed): a headless host serves the page; two
phones (Debian's chromium, headless, touch emulation, driven by Selenium) and one offscreen
`snap-table --join` client play a seeded round: they join, take turns, one phone makes a wrong
Snap! and a right one, and after every step each phone's table (its data- attributes) matches
the host's state. A reload takes the same seat back with the kept token; axe-core finds no
serious or critical violation on the join form or in play; the host leaving is shown.
Then fair races (docs/protocol.md): a phone alone with three computer players answers every ping
with its clock and drawLag, measures update-to-drawn (window.snapTable, and on screen), and sends
its Snap! calls with seen, drawn and pressed, checked frame by frame in Chrome's DevTools log.
Before that, the server itself: the page's headers (CSP), 404s, paths out of the web folder
(`..` plain or encoded, symbolic links), oversize requests, and the WebSocket's origin rule.

Usage: python -m tests.web [BIN_DIR]   (default .build/debug; run with the venv that
scripts/env/web-venv prints)
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from snaptest.relay import Relay
from snaptest.waiting import Timeout, stop, wait_for
from snaptest.weblib import (by_id, host_state, marks_seen, phone, piles_of_host, piles_of_page, shown,
                    start_host, start_join, tap, watch_marks)

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
TABLE = os.path.join(BIN, "snap-table")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODE = "WEB7Q"
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def wait(pred, seconds, what):
    try:
        v = wait_for(pred, seconds, what, step=0.05)
        check(True, what)
        return v
    except Timeout:
        check(False, f"{what} (not within {seconds} s)")
        return None


def raw(address, request, read_for=5.0):
    """Sends raw bytes; returns what came back before the server closed or went quiet."""
    host, port = address.split(":")
    s = socket.create_connection((host, int(port)), timeout=read_for)
    got = b""
    try:
        s.sendall(request)
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
            if b"\r\n\r\n" in got and (b"101 " in got.split(b"\r\n")[0] or b"content-length: 0" in got.lower()):
                break
    except (socket.timeout, ConnectionResetError, BrokenPipeError):
        pass
    finally:
        s.close()
    return got


def status_of(response):
    line = response.split(b"\r\n", 1)[0].split()
    return int(line[1]) if len(line) > 1 and line[1].isdigit() else None


def get(address, path, headers=""):
    return raw(address, f"GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n{headers}\r\n".encode())


def server_checks(address, secret):
    r = get(address, "/?code=" + CODE)
    lower = r.lower()
    check(status_of(r) == 200 and b"<title>snaptable</title>" in lower, "GET / serves the page")
    csp = next((l for l in r.split(b"\r\n") if l.lower().startswith(b"content-security-policy:")), b"")
    check(b"default-src 'none'" in csp and b"script-src 'self'" in csp and b"unsafe-inline" not in csp,
          f"the page carries a Content-Security-Policy of its own origin ({csp.decode()[:80]}...)")
    r = get(address, "/app.js")
    check(status_of(r) == 200 and b"javascript" in r.split(b"\r\n\r\n")[0].lower(), "the script is served as JavaScript")
    r = get(address, "/no-such-file.js")
    check(status_of(r) == 404, f"an unknown path is 404 (got {status_of(r)})")
    check(b"content-security-policy" in r.lower(), "a 404 carries the CSP too")
    for path in ["/../panel.png", "/%2e%2e/panel.png", "/..%2fpanel.png", "/%2e%2e%2fpanel.png", "/.%2e/.%2e/secret.txt",
                 "/%2E%2E%2F%2E%2E%2Fsecret.txt", "/web/../../secret.txt", "//etc/passwd", "/leak.txt", "/up/secret.txt",
                 "/%2fetc%2fpasswd"]:
        r = get(address, path)
        check(status_of(r) in (400, 403, 404) and secret not in r and b"root:" not in r,
              f"{path} reads nothing outside the web folder ({status_of(r)})")
    r = raw(address, b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n")
    check(status_of(r) != 200, f"a 20 KB request header is refused ({status_of(r) or 'closed'})")
    r = raw(address, b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(2000)) + b"\r\n")
    check(status_of(r) != 200, f"2000 small request header fields (over 16 KiB) are refused ({status_of(r) or 'closed'})")
    r = raw(address, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n" + b"x" * 1_000_000)
    check(status_of(r) != 200, f"a 100 MB request body is not taken ({status_of(r) or 'closed'})")
    check(status_of(get(address, "/")) == 200, "the server still serves after the oversize requests")
    key = "dGhlIHNhbXBsZSBub25jZQ=="
    upgrade = f"GET / HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
    r = raw(address, (upgrade + "Origin: http://evil.example\r\n\r\n").encode(), read_for=3)
    check(status_of(r) == 403, f"a WebSocket from another site's page is refused ({status_of(r)})")
    r = raw(address, (upgrade + f"Origin: http://{address}\r\n\r\n").encode(), read_for=3)
    check(status_of(r) == 101, f"a WebSocket from the host's own page is accepted ({status_of(r)})")
    r = raw(address, (upgrade + "\r\n").encode(), read_for=3)
    check(status_of(r) == 101, f"a WebSocket with no Origin is accepted ({status_of(r)})")
    r = raw(address, (upgrade + "Origin: ws://127.0.0.1\r\n\r\n").encode(), read_for=3)
    check(status_of(r) == 101, f"a WebSocket naming its own ws:// URL (as snap-table does) is accepted ({status_of(r)})")
    r = raw(address, (upgrade + "Origin: null\r\n\r\n").encode(), read_for=3)
    check(status_of(r) == 403, f"a WebSocket from a sandboxed or file page (Origin: null) is refused ({status_of(r)})")


def matches(proc, state_path, drivers):
    """Every phone shows the host's piles, counts, top cards and turn."""
    def same():
        host, turn = piles_of_host(host_state(proc, state_path))
        if not host:
            return False
        for d in drivers:
            page, pturn = piles_of_page(shown(d))
            if page != host or pturn != turn:
                return False
        return True
    return same


def run():
    work = tempfile.mkdtemp(prefix="web-test-")
    # The served folder: a copy of the web client with links planted that point out of it.
    assets = os.path.join(work, "assets")
    shutil.copytree(os.path.join(ROOT, "Resources", "web"), os.path.join(assets, "web"))
    secret = b"SECRET-" + os.urandom(6).hex().encode()
    with open(os.path.join(assets, "secret.txt"), "wb") as f:
        f.write(secret)
    os.symlink(os.path.join(assets, "secret.txt"), os.path.join(assets, "web", "leak.txt"))
    os.symlink(assets, os.path.join(assets, "web", "up"))
    state = os.path.join(work, "host.json")
    procs, drivers = [], []
    try:
        host, address = start_host(TABLE, CODE, ["--players", "Ann,Ben,Cy", "--bots", "off", "--start-with", "3",
                                                 "--seed", "11", "--assets", assets], state_out=state)
        procs.append(host)
        server_checks(address, secret)

        a, b = phone(), phone(360, 740)
        drivers += [a, b]
        a.get(f"http://{address}/?code={CODE}")
        check(by_id(a, "code").get_attribute("value") == CODE, "the code in the address fills the form")
        relay = Relay(address)
        b.get(f"http://{relay.address}/")
        check(by_id(b, "code").get_attribute("value") == "", "without ?code= the page asks for it")
        axe_check(b, "the join form")

        by_id(b, "code").send_keys("NOPE1")
        by_id(b, "name").send_keys("Quin")
        by_id(b, "join-button").click()
        wait(lambda: "join code" in shown(b)["joinMessage"], 10, "a wrong code is shown on the page")
        by_id(b, "code").clear()
        by_id(b, "code").send_keys(CODE.lower())
        by_id(b, "join-button").click()
        by_id(a, "name").send_keys("Pia")
        by_id(a, "join-button").click()
        wait(lambda: shown(a)["playing"] and shown(b)["playing"], 15, "both phones are seated")
        me_a, me_b = shown(a)["me"], shown(b)["me"]
        client, me_c = start_join(TABLE, address, CODE, "Ola")
        procs.append(client)
        check(me_c is not None and len({me_a, me_b, me_c}) == 3, f"three seats: {me_a}, {me_b} (phones), {me_c} (snap-table)")
        wait(lambda: shown(a)["phase"] == "playing" and shown(b)["phase"] == "playing", 20, "the deal reaches the phones")

        # A fourth at a table of three is told it is full; a stale token is told its seat was given up.
        c = phone(320, 640)
        drivers.append(c)
        c.get(f"http://{address}/?code={CODE}")
        by_id(c, "name").send_keys("Zed")
        by_id(c, "join-button").click()
        wait(lambda: "full" in shown(c)["joinMessage"], 10, "a full table is shown on the page")
        c.execute_script("localStorage.setItem('snaptable', JSON.stringify({host: location.host, code: arguments[0], name: 'Zed', token: 'f00d'}))", CODE)
        c.refresh()
        wait(lambda: "given up" in shown(c)["joinMessage"], 10, "an unknown token is shown on the page")
        check(not by_id(c, "join-button").get_attribute("disabled"), "and the form is ready to try again")
        c.quit()
        drivers.remove(c)
        view = shown(a)
        check([s["pos"] for s in view["seats"] if s["player"] == me_a] == [0], "each phone sits at the bottom of its own table")
        names = {s["player"]: s for s in view["seats"]}
        check(len(names) == 3, f"every seat shows with its name ({sorted(names)})")
        wait(matches(host, state, [a, b]), 20, "the phones show the host's piles after the deal")
        axe_check(a, "the table in play")

        def whose():
            return piles_of_host(host_state(host, state))[1]

        def turn_over():
            who = whose()
            if who == me_a:
                tap(a, "turn-over")
            elif who == me_b:
                tap(b, "turn-over")
            else:
                client.stdin.write(f"turn {me_c}\n")
                client.stdin.flush()
            return who

        def tops():
            return [p[2] for p in piles_of_host(host_state(host, state))[0].values() if p[2]]

        def match_showing():
            ranks = [t[:-1] for t in tops()]
            return len(ranks) != len(set(ranks))

        def last_call():
            return (host_state(host, state).get("game") or {}).get("lastCall")

        # The phone's button is live on its own turn only.
        who = whose()
        wait(lambda: shown(a)["turnOver"] == (whose() == me_a), 5, "Turn over is enabled on the phone's own turn only")
        wrong_done = right_done = False
        for step in range(120):
            if not match_showing() and not wrong_done and tops():
                watch_marks(a)
                tap(b, "snap")
                wait(lambda: (me_b, "bubble") in marks_seen(a), 5, "the other phone shows the caller's Snap! bubble")
                lc = wait(lambda: (lambda c: c if c and c["player"] == me_b else None)(last_call()), 5, "the wrong call reaches the host")
                check(bool(lc) and not lc["correct"], "the host judged it wrong")
                wait(lambda: (me_b, "wrong") in marks_seen(a), 5, "the red X shows")
                wait(matches(host, state, [a, b]), 10, "piles match the host after the wrong call")
                wrong_done = True
                continue
            if match_showing() and not right_done:
                watch_marks(b)
                tap(a, "snap")
                lc = wait(lambda: (lambda c: c if c and c["player"] == me_a else None)(last_call()), 5, "the right call reaches the host")
                check(bool(lc) and lc["correct"], "the host judged it right")
                wait(lambda: (me_a, "bubble") in marks_seen(b) and (me_a, "smiley") in marks_seen(b), 5,
                     "the other phone shows the caller's bubble and the smiley")
                wait(matches(host, state, [a, b]), 10, "piles match the host after the right call")
                right_done = True
                break
            before = whose()
            mover = turn_over()
            if wait_for_quiet(lambda: whose() != before, 10) is None:
                check(False, f"turn {step} by {mover} was taken")
                break
            if wait_for_quiet(matches(host, state, [a, b]), 10) is None:
                check(False, f"piles match the host after turn {step} by {mover}")
                break
        check(wrong_done and right_done, "a wrong Snap! and a right one were played")
        print(f"     ({step + 1} steps)")

        # A reload takes the same seat back with the token.
        a.refresh()
        wait(lambda: shown(a)["playing"] and shown(a)["me"] == me_a, 15, "after a reload the phone has its seat back")
        wait(matches(host, state, [a, b]), 10, "and shows the host's piles again")

        # Wi-Fi lost and back: the phone dials again by itself and takes its seat back.
        relay.cut()
        wait(lambda: shown(b)["banner"] is not None, 5, "a dropped connection says the phone is joining again")
        wait(lambda: shown(b)["banner"] is None and shown(b)["playing"] and shown(b)["me"] == me_b, 15,
             "the phone is back in its seat with its token")
        wait(matches(host, state, [a, b]), 10, "and shows the host's piles again")

        # The host leaves: both phones say so.
        stop(host)
        procs.remove(host)
        wait(lambda: shown(a)["notice"] == "The host has left." and shown(b)["notice"] == "The host has left.", 10,
             "the phones show that the host has left")
    finally:
        for d in drivers:
            d.quit()
        stop(*reversed(procs))
        shutil.rmtree(work, ignore_errors=True)


def wire(driver, log):
    """The page's WebSocket messages since the last call, from Chrome's DevTools log (the phone's
    performance log), appended to `log` in order as ("sent" | "received", message)."""
    kinds = {"Network.webSocketFrameSent": "sent", "Network.webSocketFrameReceived": "received"}
    for entry in driver.get_log("performance"):
        m = json.loads(entry["message"])["message"]
        if m["method"] in kinds:
            try:
                log.append((kinds[m["method"]], json.loads(m["params"]["response"]["payloadData"])))
            except ValueError:
                pass
    return log


def pairs_of(state):
    """Match pairs in a state, as the page's drawn.js keys them: players still in, same top rank."""
    tops = [(p["id"], p["open"][-1]) for p in (state or {}).get("players", []) if not p["out"] and p["open"]]
    return {f"{a[0]}:{a[1]}|{b[0]}:{b[1]}" for i, a in enumerate(tops) for b in tops[i + 1:] if a[1][:-1] == b[1][:-1]}


def fair_races():
    procs, drivers = [], []
    try:
        # Easy computer players: over a second to react, so the phone can call on a match first.
        host, address = start_host(TABLE, CODE, ["--bots", "easy", "--start-with", "1", "--seed", "5",
                                                 "--assets", os.path.join(ROOT, "Resources")])
        procs.append(host)
        d = phone()
        drivers.append(d)
        d.get(f"http://{address}/?code={CODE}")
        d.get_log("performance")  # the page's load, before its WebSocket
        by_id(d, "name").send_keys("Tia")
        by_id(d, "join-button").click()
        wait(lambda: shown(d)["phase"] == "playing", 30, "fair races: the phone's game is dealt")
        log = []

        def pongs():
            return [m for k, m in log if k == "sent" and m.get("type") == "pong"]

        def updates():
            return {m["seq"]: m["state"] for k, m in log if k == "received" and m.get("type") == "update"}

        def called():
            """What the phone's calls so far named: "match" (seen showed one) or "none"."""
            ups = updates()
            return {"match" if pairs_of(ups.get(m.get("seen"))) else "none"
                    for k, m in log if k == "sent" and m.get("intent") == "snap"}

        # Play: turn over on the phone's turn; call on a match the page shows (a computer player
        # may take it first: then again, up to 8 calls), and once on none.
        started, calls = time.monotonic(), 0
        while time.monotonic() - started < 90:
            wire(d, log)
            if called() == {"match", "none"} and sum("drawLag" in p for p in pongs()) >= 3:
                break
            v = shown(d)
            ranks = [s["top"][:-1] for s in v["seats"] if s["top"] and not s["out"]]
            match = len(ranks) != len(set(ranks))
            if (v["snap"] and calls < 8 and ("match" if match else "none") not in called()
                    and (match or time.monotonic() - started > 5)):
                tap(d, "snap")
                calls += 1
            elif v["turnOver"]:
                tap(d, "turn-over")
            else:
                time.sleep(0.03)
                continue
            wait_for_quiet(lambda: shown(d)["seq"] != v["seq"], 2)
        wire(d, log)
        check(called() == {"match", "none"}, f"fair races: the phone called on a match and on none ({calls} calls: {called()})")

        got = d.execute_script("return {drawLags: window.snapTable.drawLags, lastDrawn: window.snapTable.lastDrawn,"
                               " seen: window.snapTable.seen, seq: Number(document.getElementById('table').dataset.seq)}")
        lags = got["drawLags"]
        check(0 < len(lags) <= 64 and all(0 <= x < 5 for x in lags),
              f"window.snapTable.drawLags: {len(lags)} update-to-drawn lags, each 0 to 5 s "
              f"(min {min(lags, default=0) * 1000:.1f} ms, max {max(lags, default=0) * 1000:.1f} ms)")
        wire(d, log)
        ups = updates()
        check(got["lastDrawn"] is not None and got["lastDrawn"]["seq"] in ups and got["lastDrawn"]["seq"] <= got["seq"]
              and got["seen"] is not None and got["seen"]["seq"] <= got["lastDrawn"]["seq"]
              and got["seen"]["drawn"] <= got["lastDrawn"]["drawn"],
              f"window.snapTable: lastDrawn {got['lastDrawn']}, seen {got['seen']}, table at update {got['seq']}")
        text = by_id(d, "lag").text
        check(re.fullmatch(r"Draw lag \d+ ms", text) is not None, f"the page shows its median update-to-drawn ({text!r})")

        ps = pongs()
        pings = {m["ping"] for k, m in log if k == "received" and m.get("type") == "ping"}
        check(len(ps) >= 3 and all(set(p) <= {"type", "ping", "received", "sent", "drawLag"} and "received" in p and "sent" in p
                                   and p["ping"] in pings for p in ps),
              f"every pong names a ping and carries received and sent ({len(ps)} pongs, {len(pings)} pings)")
        check(all(p["received"] <= p["sent"] < p["received"] + 0.25 for p in ps),
              f"each pong left at once: received <= sent, within 250 ms "
              f"(longest {max((p['sent'] - p['received'] for p in ps), default=0) * 1000:.2f} ms)")
        check(all(a["received"] < b["received"] for a, b in zip(ps, ps[1:])), "the pongs' clock runs forward")
        with_lag = [p["drawLag"] for p in ps if "drawLag" in p]
        check(len(with_lag) >= 3 and all(0 <= x < 5 for x in with_lag),
              f"pongs carry drawLag once updates were drawn ({len(with_lag)} of {len(ps)}; "
              f"last {with_lag[-1] * 1000 if with_lag else float('nan'):.1f} ms)")

        seen_so_far, snaps = [], []
        for k, m in log:
            if k == "received" and m.get("type") == "update":
                seen_so_far.append(m["seq"])
            elif k == "sent" and m.get("intent") == "snap":
                snaps.append((m, max(seen_so_far, default=None)))
        check(len(snaps) == calls, f"the phone's {calls} Snap! intents were sent ({len(snaps)})")
        clock = (min(p["received"] for p in ps), max(p["sent"] for p in ps) + 2) if ps else (0, 0)
        for m, latest in snaps:
            has = all(f in m for f in ("seen", "drawn", "pressed"))
            check(has, f"a Snap! intent carries seen, drawn and pressed ({m})")
            if not has:
                continue
            check(m["seen"] in ups and latest is not None and m["seen"] <= latest,
                  f"seen ({m['seen']}) is an update the page had received (the latest then: {latest})")
            check(m["drawn"] <= m["pressed"] < m["drawn"] + 60, f"drawn <= pressed: reaction {(m['pressed'] - m['drawn']) * 1000:.1f} ms")
            check(clock[0] <= m["pressed"] <= clock[1], "drawn and pressed are on the pongs' clock")
            shows = pairs_of(ups.get(m["seen"]))
            if shows and m["seen"] - 1 in ups:
                check(not (shows & pairs_of(ups[m["seen"] - 1])),
                      f"a call on a match names the first update that showed it ({m['seen']}: {sorted(shows)})")
        axe_check(d, "the table with its draw lag")
    finally:
        for d in drivers:
            d.quit()
        stop(*reversed(procs))


def wait_for_quiet(pred, seconds):
    try:
        return wait_for(pred, seconds, "", step=0.05)
    except Timeout:
        return None


def axe_check(driver, where):
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    result = axe.run()
    bad = [v for v in result["violations"] if v.get("impact") in ("serious", "critical")]
    for v in result["violations"]:
        print(f"     axe {v['impact']}: {v['id']}: {v['help']} ({len(v['nodes'])} nodes)")
    check(not bad, f"axe-core: no serious or critical violation on {where} ({len(result['violations'])} minor)")


if __name__ == "__main__":
    run()
    fair_races()
    print(f"web-test: {len(failures)} failures" if failures else "web-test: all passed")
    sys.exit(1 if failures else 0)
