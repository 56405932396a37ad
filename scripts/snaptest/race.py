"""Snap! races across a network (issue 33): a headless host with --record, two racers joined
through a delay proxy (or not), computer players in the other seats (normal: their calls come
long after the racers', and they draw nothing), and the record's contested matches counted.
Shared by the race test and the win-share benchmark."""
import json
import os
import subprocess
import time

from snaptest.delay import DelayProxy
from snaptest.waiting import stop, wait_for
from snaptest.weblib import start_host

CODE = "RACE"


def verdicts(path):
    """The record's verdicts as (time, player, kind), in order (whole lines only)."""
    out = []
    try:
        with open(path) as f:
            for line in f:
                if line.endswith("\n") and '"verdict"' in line:
                    v = json.loads(line)["verdict"]
                    out.append((v["at"], v["player"], v["kind"]))
    except FileNotFoundError:
        pass
    return out


def calls(path):
    """The record's network calls that said what they answered: (placed, player, seen), in order."""
    out = []
    try:
        with open(path) as f:
            for line in f:
                if line.endswith("\n") and '"callSnap"' in line and '"claim"' in line:
                    e = json.loads(line)["input"]
                    out.append((e["placed"], e["input"]["callSnap"]["player"], e["fair"]["claim"]["seen"]))
    except FileNotFoundError:
        pass
    return out


def contested(path, racers):
    """Matches both racers called on, and who was judged first: the racers' calls grouped by the
    update they answered (`seen`), counted where one of the two took the piles. (Without
    accounts in the record: a racer's `snap` with the other's `late` within a second.) Returns
    the winners in order."""
    cs, vs = calls(path), verdicts(path)
    if cs:
        took = {(t, p) for t, p, kind in vs if kind == "snap"}
        first = {}
        for placed, p, seen in cs:
            if p in racers:
                first.setdefault(seen, {}).setdefault(p, placed)
        wins = []
        for seen, by in first.items():
            if len(by) == 2 and any((t, p) in took for p, t in by.items()):
                wins.append(min(by.items(), key=lambda kv: kv[1]))
        return [p for p, _ in sorted(wins, key=lambda kv: kv[1])]
    wins = []
    for i, (t, p, kind) in enumerate(vs):
        if kind != "snap" or p not in racers:
            continue
        other = next(r for r in racers if r != p)
        if any(q == other and k == "late" and abs(u - t) < 1.0 for u, q, k in vs[max(0, i - 4):i + 5]):
            wins.append(p)
    return wins


def join(table, address, name, reflex, log, lies=False):
    """An offscreen `snap-table --join` client playing with `reflex` ("MS" or "MS:SPREAD");
    `lies`: its calls claim a reaction of 0 ms. Its log level is RACE_LOG's (default notice)."""
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy")
    p = subprocess.Popen([table, "--join", address, "--code", CODE, "--name", name, "--reflex", reflex] + (["--reflex-lies"] if lies else []) + ["--secondary", "off",
                          "--controllers", "off", "--log-level", os.environ.get("RACE_LOG", "notice")], stdout=subprocess.PIPE, stderr=log, text=True, env=env)
    joined = p.stdout.readline().split()
    assert len(joined) > 2, f"{name} did not join"
    return p, joined[2]


def session(table, tmp, name, far, near, seed, need, stall, limit, log):
    """One host and its players until `need` contested matches, or none for `stall` seconds (a
    racer who lost every race runs out of cards), or `limit`. `far`/`near` are (how to join:
    a function of the address, delay ms, jitter ms). Returns the winners, far/near by name."""
    record = os.path.join(tmp, f"record-{name}-{seed}.jsonl")
    procs, proxy = [], None
    try:
        host, address = start_host(table, CODE, ["--bots", "normal", "--start-with", "2", "--seed", str(seed),
                                                 "--record", record], stderr=log)
        procs.append(host)
        ids = {}
        for who, (enter, delay, jitter) in (("far", far), ("near", near)):
            where = address
            if delay:
                proxy = DelayProxy(address, delay / 1000, jitter / 1000, seed=seed)
                where = proxy.address
            p, ids[who] = enter(where)
            procs.append(p)
        racers = (ids["far"], ids["near"])
        by_id = {v: k for k, v in ids.items()}
        started = last_change = time.monotonic()
        seen = 0
        while True:
            n = len(contested(record, racers))
            now = time.monotonic()
            if n != seen:
                seen, last_change = n, now
            if n >= need or now - last_change > stall or now - started > limit:
                break
            time.sleep(0.2)
        return [by_id[w] for w in contested(record, racers)[:need]], record
    finally:
        stop(*reversed(procs))
        if proxy:
            proxy.stop()


def run(table, tmp, far_ms, far_reflex, near_reflex, matches=20, jitter_ms=20, limit=300, seed=1,
        far_join=None, near_join=None, name=None, far_lies=False):
    """Races until `matches` contested matches: the far racer `far_ms` ± `jitter_ms` away each way
    with reaction `far_reflex` ms, the near one direct with `near_reflex` ms (both ± 20 ms,
    evenly, as people vary), in as many games as it takes (a fresh one, the next seed, when a
    racer is out of cards). `far_join`/`near_join` replace the snap-table client (a phone).
    Returns {"far": wins, "near": wins, "matches", "seconds", "records"}."""
    os.makedirs(tmp, exist_ok=True)
    name = name or f"{far_ms}-{far_reflex}-{near_reflex}"
    log = open(os.path.join(tmp, f"race-{name}.log"), "w")
    far_join = far_join or (lambda where: join(table, where, "Far", f"{far_reflex}:20", log, lies=far_lies))
    near_join = near_join or (lambda where: join(table, where, "Near", f"{near_reflex}:20", log))
    started = time.monotonic()
    winners, records, sessions = [], [], []
    try:
        while len(winners) < matches and time.monotonic() - started < limit:
            began = time.monotonic()
            got, record = session(table, tmp, name, (far_join, far_ms, jitter_ms), (near_join, 0, 0), seed,
                                  matches - len(winners), 12, limit - (time.monotonic() - started), log)
            winners += got
            records.append(record)
            # What each game gave, for a failure's report: seed, winners in order, seconds.
            sessions.append(f"seed {seed}: {''.join(w[0] for w in got) or 'none'} in {time.monotonic() - began:.0f} s")
            seed += 1
    finally:
        log.close()
        for j in (far_join, near_join):
            getattr(j, "close", lambda: None)()
    return {"far": winners.count("far"), "near": winners.count("near"), "matches": len(winners),
            "seconds": time.monotonic() - started, "records": records, "sessions": sessions}


# A phone's player with fixed reflexes, in the page itself (as --reflex is in snap-table): Snap!
# `reaction` ± `spread` s after the frame that first showed a match, its card turned over 0.3 s
# after its turn showed, the next round asked for a second after a round ended.
PHONE_REFLEX = """
const reaction = arguments[0] / 1000, spread = arguments[1] / 1000;
const $ = (id) => document.getElementById(id);
let answered = -1, pending = null, lastTurn = null, dealtAt = 0;
setInterval(() => {
  const s = window.snapTable, seen = s.seen, drawn = s.lastDrawn, now = performance.now() / 1000;
  if (!seen || !drawn) return;
  if (s.matchShowing && seen.seq !== answered && !(pending && pending.seq === seen.seq))
    pending = {seq: seen.seq, at: seen.drawn + reaction + spread * (2 * Math.random() - 1)};
  if (pending && now >= pending.at) {
    answered = pending.seq;
    if (!$("snap").disabled) $("snap").click();   // even if the match went: a race lost, not a call not made
    pending = null;
  }
  const mine = document.querySelector('.seat[data-pos="0"]');
  if (!$("turn-over").disabled && mine && now >= drawn.drawn + 0.3) {
    const key = mine.dataset.closed + "/" + mine.dataset.open;
    if (!lastTurn || lastTurn.key !== key || now - lastTurn.at > 1.5) {
      lastTurn = {key, at: now};
      $("turn-over").click();
    }
  }
  if (!$("deal").hidden && now >= drawn.drawn + 1 && now - dealtAt > 2) {
    dealtAt = now;
    $("deal").click();
  }
}, 3);
"""


class Phone:
    """A headless chromium phone playing a seat with `PHONE_REFLEX`, one browser for all the games
    of a race (a browser started for each game cost more than the game under load). `seat` joins
    the host at `where`; `stop` quits the browser."""

    def __init__(self, name, reaction, spread=20):
        self.name, self.reaction, self.spread = name, reaction, spread
        self.driver = None

    def seat(self, where):
        from snaptest.weblib import phone
        if self.driver is None:
            self.driver = phone()
        d = self.driver
        d.get(f"http://{where}/?code={CODE}")
        field = d.find_element("id", "name")
        field.clear()
        field.send_keys(self.name)
        d.find_element("id", "join-button").click()
        seated = wait_for(lambda: d.execute_script(
            "return document.getElementById('play').hidden ? null : document.getElementById('table').dataset.me"), 30, "the phone seated")
        d.execute_script(PHONE_REFLEX, self.reaction, self.spread)
        return PhoneSeat(d), seated

    def stop(self):
        if self.driver is not None:
            try:
                self.driver.quit()
            except Exception:
                pass
            self.driver = None


class PhoneSeat:
    """A phone's place in one game, stopped as a process is: the page leaves (a blank page closes
    its WebSocket and ends its reflexes' timer)."""

    def __init__(self, driver):
        self.driver = driver
        self.args = ["chromium (phone)"]

    def terminate(self):
        try:
            # Nor may the next game's page take a seat back with this one's kept token.
            self.driver.execute_script("localStorage.clear()")
            self.driver.get("about:blank")
        except Exception:
            pass

    def wait(self, timeout=None):
        return 0

    def kill(self):
        pass


def phone_join(reaction, name="Phone"):
    """A `far_join`/`near_join` for `run`: a phone with this reaction (ms); `run` quits its
    browser at the end (its `close`)."""
    p = Phone(name, reaction)

    def enter(where):
        return p.seat(where)
    enter.close = p.stop
    return enter
