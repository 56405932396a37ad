"""Sound end to end under SDL's `disk` audio driver (run under scripts/env/with-x), which writes what
the mixer mixes to a file in real time (the device is opened as 44100 Hz signed 16-bit stereo):
- a seeded two-player game (Ann at the keyboard, Ben on a controller from the live feed) with a
  wrong call and a won snap: the file has sound where the table logged each cue's start (the
  mixer's frame) and soon after the feed line that caused it (the file's length when it was
  sent, the output's position then);
- --volume 0, and M pressed once: the same game, and the file is silence;
- SDL_AUDIODRIVER naming a driver that cannot open, and SDL's dummy driver: the game runs and
  the log says so once.
Waits on the state file (SIGUSR1), the log and the file's length, never for a fixed time.
Prints figures: event to sound start, and what sound adds in CPU and memory (--figures).
Usage: python3 -m tests.sound [BUILD_DIR] [--figures]   (default .build/debug)
"""
import array
import os
import re
import subprocess
import sys
import tempfile
import time

from snaptest.xcheck import check, failures, wait_state

args = [a for a in sys.argv[1:] if not a.startswith("--")]
BIN = args[0] if args else ".build/debug"
FIGURES = "--figures" in sys.argv
RATE, FRAME = 44100, 4          # frames per second; bytes per frame (2 channels x 16 bits)
QUIET, LOUD = 300, 1500         # sample magnitudes (of 32767): below is quiet, above is a sound
out = tempfile.mkdtemp()
ENV = dict(os.environ, XDG_CONFIG_HOME=os.path.join(out, "config"))


def wait_for(pred, what, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = pred()
        if v:
            return v
        time.sleep(0.02)
    check(False, f"{what} (not within {timeout} s)")
    return None


class Table:
    def __init__(self, name, extra=(), driver="disk"):
        self.raw = os.path.join(out, name + ".raw")
        self.state = os.path.join(out, name + ".json")
        self.logpath = os.path.join(out, name + ".log")
        self.disk = driver == "disk"
        env = dict(ENV, SDL_AUDIODRIVER=driver, SDL_DISKAUDIOFILE=self.raw)
        self.log = open(self.logpath, "w")
        self.p = subprocess.Popen([f"{BIN}/snap-table", "--players", "Ann,Ben", "--bots", "off", "--seed", "7",
                                   "--feed", "-", "--state-out", self.state, "--controllers", "off",
                                   "--log-level", "debug", *extra],
                                  env=env, stdin=subprocess.PIPE, stderr=self.log, text=True)
        # Its SIGUSR1 handler is up once it has a window and has tried for sound (an earlier
        # signal would end it).
        wait_for(lambda: "sound: " in self.logtext() or self.p.poll() is not None, f"{name}: the table up")
        check(self.p.poll() is None, f"{name}: snap-table started (exit status {self.p.returncode})")

    def feed(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, pred, what, timeout=30):
        return wait_state(self.p, self.state, pred, what, timeout)

    def logtext(self):
        with open(self.logpath) as f:
            return f.read()

    def size(self):
        try:
            return os.path.getsize(self.raw)
        except OSError:
            return 0

    def finish(self):
        # Escape pauses, Enter asks to leave, Enter leaves: the run ends as a person ends it.
        for k in ["escape", "enter", "enter"]:
            self.feed("key " + k)
        self.p.stdin.close()
        try:
            self.p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        self.log.close()
        check(self.p.returncode == 0, f"snap-table ended cleanly ({self.p.returncode})")


def game(s):
    return (s or {}).get("game") or {}


def match_showing(s):
    tops = [p["top"][:-1] for p in game(s).get("piles", []) if p.get("top") and not p["out"]]
    return len(tops) != len(set(tops))


def quiet(t, span=0.1):
    """Waits until the last `span` s the output holds are quiet (the deal's ticks and the last
    flick over); returns the file's length then."""
    if not t.disk:
        return 0

    def tail():
        n = t.size() // FRAME
        if n < int(span * RATE):
            return None
        a = samples(t.raw, n - int(span * RATE), int(span * RATE))
        return n * FRAME if max(map(abs, a), default=0) < QUIET else None
    return wait_for(tail, "the output quiet before a call") or t.size()


def play(t, snap=True):
    """Ben's controller takes his seat, Ann deals, Ann calls with no match (wrong), then the
    players turn until a match shows and Ben calls it (won). Returns the file's length when
    each call was sent."""
    t.feed("pad add 1 gamepad")
    t.feed("pad button 1 a down")
    t.feed("pad button 1 a up")
    t.wait(lambda s: any((x.get("control") or "").startswith("pad") for x in s.get("seats", [])), "Ben's seat taken by the controller")
    t.feed("key enter")
    t.wait(lambda s: game(s).get("phase") == "playing", "the cards dealt")
    sent = {"wrong-call": quiet(t)}
    t.feed("call Ann")
    s = t.wait(lambda s: (game(s).get("lastCall") or {}).get("player") == "Ann", "Ann's wrong call judged")
    check((game(s).get("lastCall") or {}).get("correct") is False, "Ann's call was wrong")
    if not snap:
        return sent
    # Nothing more until the wrong call's sounds have ended, so the output holds them alone.
    quiet(t)
    for _ in range(200):
        if match_showing(s):
            break
        opened = sum(p["open"] for p in game(s)["piles"])
        t.feed(f"turn {game(s)['turn']}")
        s = t.wait(lambda s: sum(p["open"] for p in game(s).get("piles", [])) != opened, "a card turned", timeout=10)
    check(match_showing(s), "a match shows")
    sent["snap-won"] = quiet(t)
    t.feed("call Ben")
    t.wait(lambda s: (game(s).get("lastCall") or {}).get("player") == "Ben" and game(s)["lastCall"]["correct"], "Ben's snap won")
    return sent


def started(t, cue):
    """The mixer frame the table logged for `cue`'s start (its last one)."""
    frames = re.findall(rf"sound {cue} at frame (\d+)", t.logtext())
    return int(frames[-1]) if frames else None


def first_after(t, frame):
    """The first mixer frame at or after `frame` at which the table started any sound."""
    frames = [int(f) for f in re.findall(r"sound \S+ at frame (\d+)", t.logtext()) if int(f) >= frame]
    return min(frames) if frames else None


def samples(path, start, frames):
    a = array.array("h")
    with open(path, "rb") as f:
        f.seek(start * FRAME)
        a.frombytes(f.read(frames * FRAME))
    return a


def onset(path, frame, threshold=LOUD, span=0.5):
    """The first frame at or after `frame` (within `span` s) where the output is loud."""
    a = samples(path, frame, int(span * RATE))
    for i in range(0, len(a), 2):
        if abs(a[i]) > threshold or abs(a[i + 1]) > threshold:
            return frame + i // 2
    return None


# 1. A game with sound: each call's sound is in the file where it belongs.
t = Table("loud", ["--volume", "80"])
sent = play(t)
figures = {}
for cue in ["wrong-call", "snap-won"]:
    frame = wait_for(lambda: started(t, cue), f"the log names {cue}'s start")
    if frame is None:
        continue
    # The file holds 0.6 s past the start before it is read.
    wait_for(lambda: t.size() >= (frame + int(0.6 * RATE)) * FRAME, f"the output past {cue}")
    fed = sent[cue] // FRAME
    # The call's first sound is the caller's shout, at once; the verdict follows once the
    # rules' arbitration window has passed. Quiet from before the feed line to the shout.
    shout = first_after(t, fed)
    check(shout is not None and shout <= frame, f"{cue}: the caller's shout started first")
    shout = shout or frame
    from_ = max(0, fed - RATE // 20)
    between = samples(t.raw, from_, shout - from_)
    check(max(map(abs, between), default=0) < LOUD, f"{cue}: quiet from before its feed line to the shout")
    at = onset(t.raw, shout)
    check(at is not None and at < shout + RATE // 10, f"{cue}: sound in the output at the frame the shout started")
    check(at is not None and fed <= at <= fed + RATE, f"{cue}: within a second after its feed line in the output")
    # The shout is over 0.26 s after it started; the verdict (0.32 s and more) still sounds then.
    late = shout + int(0.27 * RATE)
    check(frame + int(0.3 * RATE) > late and onset(t.raw, late, span=0.03) is not None, f"{cue}: the verdict sounds on after the shout")
    if at is not None:
        figures[cue] = ((at - fed) / RATE * 1000, (at - shout) / RATE * 1000, (frame - fed) / RATE * 1000)
calls = re.findall(r"sound call-(\d) at frame", t.logtext())
check(len(set(calls)) == 2, f"each caller shouts at their own pitch (seats {sorted(set(calls))})")
check(len(re.findall(r"sound deal-tick at frame", t.logtext())) == 52, "52 deal ticks")
t.finish()

# 2. Volume 0, and M: the same game is silent.
for name, extra, keys in [("volume0", ["--volume", "0"], []), ("muted", [], ["key m"])]:
    t = Table(name, extra)
    for k in keys:
        t.feed(k)
    if keys:
        wait_for(lambda: "sound muted (M)" in t.logtext(), "M mutes")
    play(t, snap=False)
    end = t.size() + RATE // 2 * FRAME
    wait_for(lambda: t.size() >= end, f"{name}: the output past the wrong call")
    a = samples(t.raw, 0, t.size() // FRAME)
    check(len(a) > RATE and max(map(abs, a)) == 0, f"{name}: the output is silence ({len(a) // 2} frames)")
    t.finish()

# 3. No device: the game runs, one notice.
for driver, says in [("no-such-driver", "sound: no sound"), ("dummy", "sound: no sound device")]:
    t = Table(driver, driver=driver)
    play(t, snap=False)
    t.finish()
    log = t.logtext()
    check(log.count(says) == 1, f"SDL_AUDIODRIVER={driver}: one notice ('{says}')")
    check(" error" not in log.lower().replace("no sound (", ""), f"SDL_AUDIODRIVER={driver}: no error in the log")

for cue, (feed_to_sound, start_to_sound, feed_to_verdict) in figures.items():
    print(f"figure: {cue}: the shout is heard {feed_to_sound:.1f} ms after the feed line (output time; "
          f"{start_to_sound:.1f} ms after the mixer frame it was started at); the verdict starts {feed_to_verdict:.1f} ms after it")

if FIGURES:
    # What sound adds: 30 s of the same game (a turn every half second), with and without a device.
    def usage(driver):
        t = Table("fig-" + driver, driver=driver)
        play(t, snap=False)
        def cpu():
            with open(f"/proc/{t.p.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        c0 = cpu()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            # Whoever's turn it is turns over, twice a second, until the round ends.
            s = wait_state(t.p, t.state, lambda s: "game" in s, "the state", 10)
            if game(s).get("turn"):
                t.feed(f"turn {game(s)['turn']}")
            time.sleep(0.5)
        with open(f"/proc/{t.p.pid}/status") as f:
            rss = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
        used = cpu() - c0
        t.finish()
        return used, rss
    cpu_on, rss_on = usage("disk")
    cpu_off, rss_off = usage("no-such-driver")
    print(f"figure: 30 s of play: CPU {cpu_on:.2f} s with sound, {cpu_off:.2f} s without; "
          f"RSS {rss_on / 1024:.1f} MB with, {rss_off / 1024:.1f} MB without")

print(f"{len(failures)} failed" if failures else "sound: all passed")
sys.exit(1 if failures else 0)
