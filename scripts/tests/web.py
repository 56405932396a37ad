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
Last, the page's languages: scripts/po/po-json.py on made-up catalogs, the built catalogs
(Resources/web/lang, made by scripts/po/build) against every string the page marks, a
browser asking for French gets the page in French, the switch turns it into German for good
(a reload keeps it, a game is played in it), axe-core in both, nothing cut on a 320 px phone in
French, German and Spanish, and broken or missing catalogs leave the page in English with a
warning in the console.

Usage: python -m tests.web [BIN_DIR]   (default .build/debug; run with the venv that
scripts/env/web-venv prints)
"""
import glob
import importlib.util
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

from snaptest.checklist import Checklist, quietly
from snaptest.relay import Relay
from snaptest.waiting import stop
from snaptest.weblib import (by_id, host_state, marks_seen, phone, piles_of_host, piles_of_page, shown,
                    start_host, start_join, tap, watch_marks)

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
TABLE = os.path.join(BIN, "snap-table")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODE = "WEB7Q"
LANG = os.path.join(ROOT, "Resources", "web", "lang")
PO_TOOLS = os.path.join(ROOT, "scripts", "po")
COMPLETE = ("fr", "de", "es")  # the languages that translate every string the page marks
CHECKS = Checklist()
check, wait, failures = CHECKS.check, CHECKS.wait, CHECKS.failures


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
            if quietly(lambda: whose() != before, 10) is None:
                check(False, f"turn {step} by {mover} was taken")
                break
            if quietly(matches(host, state, [a, b]), 10) is None:
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
            quietly(lambda: shown(d)["seq"] != v["seq"], 2)
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


def catalogs_built():
    missing = [f for f in ["index.json"] + [f"{c}.json" for c in COMPLETE] if not os.path.isfile(os.path.join(LANG, f))]
    check(not missing, "the phone's catalogs are built (Resources/web/lang/" + (
        f"{', '.join(missing)} missing: run scripts/po/build)" if missing else "index.json, fr, de, es)"))
    return not missing


def po_json():
    """scripts/po/po-json.py as a module (its name has a dash)."""
    spec = importlib.util.spec_from_file_location("po_json", os.path.join(PO_TOOLS, "po-json.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_msgids():
    """Every string the page marks: its scripts through xgettext (as scripts/po/update reads them)
    and index.html through scripts/po/extract-html.py, in one .pot read as po-json.py reads a .po."""
    with tempfile.TemporaryDirectory() as t:
        html, pot = os.path.join(t, "html.pot"), os.path.join(t, "page.pot")
        with open(html, "w") as f:
            subprocess.run([sys.executable, os.path.join(PO_TOOLS, "extract-html.py"), "Resources/web/index.html"],
                           cwd=ROOT, stdout=f, check=True)
        subprocess.run(["xgettext", "--from-code=UTF-8", "--keyword=_", "--keyword=_n:1,2", "-o", pot, html,
                        *sorted(glob.glob("Resources/web/*.js", root_dir=ROOT))], cwd=ROOT, check=True)
        text = subprocess.run(["msgcat", "--no-wrap", pot], stdout=subprocess.PIPE, check=True, text=True).stdout
    return [e["msgid"] for e in po_json().entries(text, pot) if e["msgid"]]


def catalog_checks():
    """po-json.py on made-up catalogs, and the built catalogs against the page's strings."""
    tool = os.path.join(PO_TOOLS, "po-json.py")
    with tempfile.TemporaryDirectory() as t:
        def po(name, plural, body):
            path = os.path.join(t, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: {plural}\\n"\n\n{body}')
            return path

        fr = po("fr.po", "nplurals=2; plural=(n > 1);",
                '#, fuzzy\nmsgid "Join"\nmsgstr "Rejoindre"\n\nmsgid "Name"\nmsgstr ""\n\nmsgid "Deal"\nmsgstr "Distribuer"\n\n'
                'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} carte"\nmsgstr[1] "{n} cartes"\n')
        r = subprocess.run([sys.executable, tool, fr], capture_output=True, text=True)
        got = json.loads(r.stdout) if r.returncode == 0 else r.stderr.strip()
        check(got == {"language": "fr", "plural": "n>1", "messages": {"Deal": "Distribuer", "{n} card": ["{n} carte", "{n} cartes"]}},
              f"po-json.py leaves out fuzzy and untranslated messages and keeps plural forms ({got})")
        ru = po("ru.po", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", "")
        r = subprocess.run([sys.executable, tool, ru], capture_output=True, text=True)
        check(r.returncode != 0 and not r.stdout and ru in r.stderr and "Plural-Forms" in r.stderr,
              f"po-json.py refuses a Plural-Forms the page cannot evaluate, naming the file ({r.stderr.strip()[:90]}...)")
    if not catalogs_built():
        return
    ids = page_msgids()
    for code in COMPLETE:
        with open(os.path.join(LANG, f"{code}.json"), encoding="utf-8") as f:
            messages = json.load(f)["messages"]
        missing = [i for i in ids if i not in messages]
        check(len(ids) > 40 and not missing, f"lang/{code}.json translates all {len(ids)} strings the page marks"
              + (f" (missing {missing[:3]}: translate them in po/{code}.po, then run scripts/po/build)" if missing else ""))


def phone_in(languages, width=390, height=844):
    """A phone (as weblib.phone) whose browser asks for `languages` ("fr-CA,fr"), through
    Chromium's accept-languages preference: headless, --lang does not change navigator.languages."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    o = webdriver.ChromeOptions()
    o.binary_location = "/usr/bin/chromium"
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]:
        o.add_argument(a)
    o.add_experimental_option("prefs", {"intl.accept_languages": languages})
    o.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}})
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(options=o, service=Service("/usr/bin/chromedriver"))
    d.set_page_load_timeout(120)
    return d


WORDS = """
const text = (sel) => document.querySelector(sel)?.textContent ?? null;
return {lang: document.documentElement.lang, asked: navigator.languages, code: text('label[for=code]'),
  name: text('label[for=name]'), join: text('#join-button'), language: text('label[for=language]'),
  chosen: document.getElementById('language').value, switchShown: !document.getElementById('language-row').hidden,
  options: [...document.getElementById('language').options].map(o => [o.value, o.lang, o.textContent]),
  turnOver: text('#turn-over'), snap: text('#snap'), status: text('#status'),
  won: [...document.querySelectorAll('.plate .won')].map(e => e.textContent)};
"""

# Every element with text of the join form and the table, where each is shown: its text must
# stay inside it (a player's name is cut with an ellipsis by design) and inside the screen.
CUT = """
// The screen's width: innerWidth grows with content too wide for a phone's page.
const width = document.documentElement.clientWidth;
const bad = document.documentElement.scrollWidth > width + 1 ? [`the page is ${document.documentElement.scrollWidth} px wide`] : [];
for (const e of document.querySelectorAll('label, button, select, input, .message, .status, .plate, .plate .won, .plate .kind, .mark')) {
  if (e.closest('[hidden]') || e.offsetParent === null) continue;
  const r = e.getBoundingClientRect();
  if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 || r.left < -1 || r.right > width + 1)
    bad.push(`${e.id || e.className || e.tagName} "${e.textContent.trim().slice(0, 30)}" (${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight} at ${Math.round(r.left)}..${Math.round(r.right)})`);
}
return bad;
"""


def words(d):
    return d.execute_script(WORDS)


def warnings(d, about):
    """The page's console warnings since the last look that mention `about`."""
    return [e["message"] for e in d.get_log("browser") if e["level"] == "WARNING" and about in e["message"]]


def languages():
    """The page in the player's language, a switch to another, and catalogs that cannot be used."""
    from selenium.webdriver.support.ui import Select
    if not catalogs_built():
        return
    catalogs = {}
    for code in COMPLETE:
        with open(os.path.join(LANG, f"{code}.json"), encoding="utf-8") as f:
            catalogs[code] = json.load(f)["messages"]
    fr, de = catalogs["fr"], catalogs["de"]
    work = tempfile.mkdtemp(prefix="web-lang-")
    # The served folder, with three more catalogs listed that cannot be used: one missing, one not
    # JSON, one with a plural the page cannot evaluate. A second folder has no catalogs at all.
    web = os.path.join(work, "assets", "web")
    shutil.copytree(os.path.join(ROOT, "Resources", "web"), web)
    with open(os.path.join(web, "lang", "index.json")) as f:
        index = json.load(f)
    index["languages"] += [{"code": "it"}, {"code": "nl"}, {"code": "sv"}]
    with open(os.path.join(web, "lang", "index.json"), "w") as f:
        json.dump(index, f)
    with open(os.path.join(web, "lang", "nl.json"), "w") as f:
        f.write('{"language": "nl", "plural": "n!=1", "messages": {"Join code": "Spelcode"')
    with open(os.path.join(web, "lang", "sv.json"), "w") as f:
        json.dump({"language": "sv", "plural": "n%10==1", "messages": {"Join code": "Spelkod"}}, f)
    shutil.copytree(os.path.join(ROOT, "Resources", "web"), os.path.join(work, "bare", "web"), ignore=shutil.ignore_patterns("lang"))
    procs, drivers = [], []
    try:
        host, address = start_host(TABLE, CODE, ["--bots", "easy", "--start-with", "1", "--seed", "5",
                                                 "--assets", os.path.join(work, "assets")])
        procs.append(host)
        r = get(address, "/lang/fr.json")
        check(status_of(r) == 200 and b"application/json" in r.split(b"\r\n\r\n")[0].lower(),
              f"the host serves the catalogs from the web folder's lang/ ({status_of(r)})")

        d = phone_in("fr-CA,fr", 320, 640)
        drivers.append(d)
        d.get(f"http://{address}/?code={CODE}")
        w = wait(lambda: (lambda w: w if w["lang"] == "fr" else None)(words(d)), 10,
                 'a browser asking for fr-CA, fr shows the page in French (<html lang="fr">)')
        if w is None:
            return
        check(w["code"] == fr["Join code"] and w["name"] == fr["Name"] and w["join"] == fr["Join"] and w["turnOver"] == fr["Turn over"],
              f"the join form's labels are French: {w['code']!r}, {w['name']!r}, {w['join']!r}")
        check(w["switchShown"] and w["chosen"] == "fr" and [o[0] for o in w["options"]] == ["en", "de", "es", "fr", "it", "nl", "sv"],
              f"the switch shows French chosen, among English and every catalog listed ({w['options']})")
        check(all(o[1] == o[0] for o in w["options"]) and ["en", "en", "English"] in w["options"] and ["de", "de", "Deutsch"] in w["options"],
              "each language is named in its own language, marked with its lang")
        forms = d.execute_async_script("const done = arguments[arguments.length - 1];"
                                       "import('/i18n.js').then((m) => done([0, 1, 2].map((n) => m._n('{n} Won', '{n} Won', n))));")
        check(forms == [fr["{n} Won"][0].replace("{n}", "0"), fr["{n} Won"][0].replace("{n}", "1"), fr["{n} Won"][1].replace("{n}", "2")],
              f"French plurals: 0 and 1 take the singular, 2 the plural ({forms})")
        axe_check(d, "the join form in French")
        cut = d.execute_script(CUT)
        check(not cut, f"nothing is cut on the join form in French at 320 px ({cut})")
        for code in ("es", "de"):
            Select(by_id(d, "language")).select_by_value(code)
            w = wait(lambda: (lambda w: w if w["lang"] == code and w["code"] == catalogs[code]["Join code"] else None)(words(d)), 10,
                     f"the switch turns the page into {code}")
            cut = d.execute_script(CUT)
            check(not cut, f"nothing is cut on the join form in {code} at 320 px ({cut})")
        axe_check(d, "the join form in German")
        d.refresh()
        wait(lambda: words(d)["lang"] == "de" and words(d)["chosen"] == "de", 10,
             "after a reload the page stays German (the choice is kept), though the browser asks for French")

        by_id(d, "name").send_keys("Léa")
        by_id(d, "join-button").click()
        wait(lambda: shown(d)["phase"] == "playing", 30, "the German phone joins and its game is dealt")
        w = words(d)
        english = ("turn", "Dealing", "Waiting", "takes", "pays", "late", "wins")
        check(w["turnOver"] == de["Turn over"] and w["snap"] == de["Snap!"] and w["status"]
              and not any(e in w["status"] for e in english), f"the table is in German: {w['turnOver']!r}, status {w['status']!r}")
        zero = de["{n} Won"][1].replace("{n}", "0")
        check(w["won"] and all(b == zero for b in w["won"]), f"German plurals: no games won is {zero!r} ({w['won']})")
        axe_check(d, "the table in German")
        cut = d.execute_script(CUT)
        check(not cut, f"nothing is cut on the table in German at 320 px ({cut})")
        for code in ("es", "fr"):
            # The switch is on the join form; during a game the page's own module changes language.
            d.execute_async_script("const done = arguments[arguments.length - 1];"
                                   "import('/i18n.js').then((m) => m.choose(arguments[0])).then(() => done());", code)
            wait(lambda: words(d)["turnOver"] == catalogs[code]["Turn over"], 10, f"the table turns into {code}")
            cut = d.execute_script(CUT)
            check(not cut, f"nothing is cut on the table in {code} at 320 px ({cut})")
        d.quit()
        drivers.remove(d)

        # Catalogs that cannot be used: English, a warning naming the catalog, the page still works.
        b = phone_in("nl,en")
        drivers.append(b)
        b.get(f"http://{address}/?code={CODE}")
        wait(lambda: warnings(b, "lang/nl.json"), 10, "a catalog that is not JSON is named in a console warning")
        w = words(b)
        check(w["lang"] == "en" and w["code"] == "Join code" and w["chosen"] == "en",
              f"and the page is in English ({w['lang']}, {w['code']!r}, switch on {w['chosen']})")
        for code, what in (("sv", "a plural the page cannot evaluate"), ("it", "a catalog listed but missing")):
            Select(by_id(b, "language")).select_by_value(code)
            wait(lambda: warnings(b, f"lang/{code}.json"), 10, f"{what} is named in a console warning")
            w = words(b)
            check(w["lang"] == "en" and w["code"] == "Join code" and w["chosen"] == "en",
                  f"and the page is in English, the switch back on English ({w['lang']}, {w['code']!r}, {w['chosen']})")
        Select(by_id(b, "language")).select_by_value("es")
        wait(lambda: words(b)["code"] == catalogs["es"]["Join code"], 10, "after them a good catalog still shows (Spanish)")

        bare, bare_address = start_host(TABLE, CODE, ["--assets", os.path.join(work, "bare")])
        procs.append(bare)
        b.get(f"http://{bare_address}/?code={CODE}")
        wait(lambda: warnings(b, "scripts/po/build"), 10, "a web folder with no catalogs says so in a console warning")
        w = words(b)
        check(w["lang"] == "en" and w["code"] == "Join code" and not w["switchShown"],
              f"and the page is in English with no switch ({w['lang']}, {w['code']!r})")
    finally:
        for d in drivers:
            d.quit()
        stop(*reversed(procs))
        shutil.rmtree(work, ignore_errors=True)


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
    catalog_checks()
    languages()
    print(f"web-test: {len(failures)} failures" if failures else "web-test: all passed")
    sys.exit(1 if failures else 0)
