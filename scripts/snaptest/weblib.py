"""What the web client's test and benchmark share: a headless host serving the page, Debian's
chromium as a phone (Selenium, touch emulation), taps as real touch events (CDP), and the
page's table read from its data- attributes. Selenium is imported only by what uses it, so the
host and client helpers also run under the system's python3 (benchmarks.windowed_soak)."""
import json
import os
import signal
import subprocess
import time


def start_host(table, code, extra, state_out=None, stderr=None):
    """`snap-table --host --headless` on a free loopback port; returns (process, "127.0.0.1:PORT").
    Its log goes to `stderr` (a file, or None for this process's own)."""
    args = [table, "--host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--code", code, "--log-level", "warning"]
    if state_out:
        args += ["--state-out", state_out]
    p = subprocess.Popen(args + extra, stdout=subprocess.PIPE, stderr=stderr, text=True)
    line = p.stdout.readline()
    # "hosting on 127.0.0.1:PORT join code CODE" (any later words are the lead's to add)
    words = line.split()
    address = next(w for w in words if w.startswith("127.0.0.1:"))
    return p, address


def start_join(table, address, code, name, state_out=None, frame_log=None, stderr=None):
    """A `snap-table --join` client, offscreen, driven by its --feed on standard input; its log
    goes to `stderr` (None: this process's own)."""
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy")
    args = [table, "--join", address, "--code", code, "--name", name, "--feed", "-", "--secondary", "off",
            "--controllers", "off", "--log-level", "warning"]
    if state_out:
        args += ["--state-out", state_out]
    if frame_log:
        args += ["--frame-log", frame_log]
    p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, text=True, env=env)
    joined = p.stdout.readline().split()
    return p, joined[2] if len(joined) > 2 else None


def phone(width=390, height=844):
    """A headless chromium the size of a phone, with a touch screen."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    o = webdriver.ChromeOptions()
    o.binary_location = "/usr/bin/chromium"
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]:
        o.add_argument(a)
    o.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}})
    o.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    d = webdriver.Chrome(options=o, service=Service("/usr/bin/chromedriver"))
    d.set_page_load_timeout(120)
    return d


def tap(driver, element_id):
    """A finger on the button: touchStart then touchEnd at its centre (the page acts on the start)."""
    r = driver.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];", element_id)
    point = [{"x": r[0], "y": r[1]}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


SHOWN = """
const t = document.getElementById('table');
const seats = [...t.querySelectorAll('.seat')].filter(s => s.dataset.player).map(s => ({
  pos: Number(s.dataset.pos), player: s.dataset.player, kind: s.dataset.kind, closed: Number(s.dataset.closed),
  open: Number(s.dataset.open), top: s.dataset.top || null, out: s.dataset.out === 'true', won: Number(s.dataset.won),
  bubble: !!s.querySelector('.bubble'), smiley: !!s.querySelector('.smiley'), wrong: !!s.querySelector('.wrong'),
  late: !!s.querySelector('.late')}));
return {playing: !document.getElementById('play').hidden, me: t.dataset.me, seq: Number(t.dataset.seq),
  phase: t.dataset.phase, turn: t.dataset.turn || null, seats,
  status: document.getElementById('status').textContent,
  notice: document.getElementById('notice').hidden ? null : document.getElementById('notice-text').textContent,
  joinMessage: document.getElementById('join-message').textContent,
  banner: document.getElementById('banner').hidden ? null : document.getElementById('banner').textContent,
  turnOver: !document.getElementById('turn-over').disabled, snap: !document.getElementById('snap').disabled};
"""


WATCH_MARKS = """
if (!window.__marks) {
  window.__marks = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.classList && n.classList.contains('mark')) window.__marks.push([n.parentElement.dataset.player, n.classList[1]]);
    }
  }).observe(document.getElementById('table'), {childList: true, subtree: true});
}
"""


def watch_marks(driver):
    """Records every mark (bubble, smiley, wrong, late, out) the page draws from now on: they
    show for 1.5 s, which a test on a loaded machine could miss between two looks."""
    driver.execute_script(WATCH_MARKS)


def marks_seen(driver):
    """[(player, "bubble"|"smiley"|"wrong"|"late"|"out")] drawn since watch_marks."""
    return [tuple(m) for m in driver.execute_script("return window.__marks || []")]


def shown(driver):
    """What the page shows, from its DOM."""
    return driver.execute_script(SHOWN)


def host_state(proc, path):
    """The host's state file, freshly written (SIGUSR1; waits for the new file, bounded)."""
    before = os.stat(path).st_mtime_ns if os.path.exists(path) else 0
    proc.send_signal(signal.SIGUSR1)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            if os.stat(path).st_mtime_ns != before:
                with open(path) as f:
                    return json.load(f)
        except (OSError, ValueError):
            pass
        time.sleep(0.01)
    with open(path) as f:
        return json.load(f)


def piles_of_host(state):
    g = state.get("game") or {}
    return {p["player"]: (p["closed"], p["open"], p["top"], p["out"]) for p in g.get("piles", [])}, g.get("turn")


def piles_of_page(view):
    return {s["player"]: (s["closed"], s["open"], s["top"], s["out"]) for s in view["seats"]}, view["turn"]


def by_id(driver, i):
    from selenium.webdriver.common.by import By
    return driver.find_element(By.ID, i)


def replays_as_recorded(table, record):
    """Runs `snap-table --replay-record` on a host's --record file: (whether every verdict came
    out as recorded, what it said)."""
    out = subprocess.run([table, "--replay-record", record], capture_output=True, text=True, timeout=60)
    ok = out.returncode == 0 and "verdicts replayed as recorded" in out.stdout
    return ok, f"{out.returncode}: {out.stdout.strip() or out.stderr.strip()}"
