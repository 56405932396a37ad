"""What the tests under sway (scripts/env/with-sway) share: sway's IPC, the windows of a process
in its tree, and the parts of snap-table's state they compare."""
import json
import os
import signal
import subprocess
import threading
import time


def swaymsg(*args, sock=None):
    """swaymsg's answer, parsed; `sock`: another sway's IPC socket than SWAYSOCK's."""
    r = subprocess.run(["swaymsg", *(["-s", sock] if sock else []), "-r", *args], capture_output=True, text=True,
                       timeout=10, check=True)
    return json.loads(r.stdout) if r.stdout.strip() else None


def outputs(sock=None):
    """The active outputs: {name: rect}."""
    return {o["name"]: o["rect"] for o in swaymsg("-t", "get_outputs", sock=sock) if o.get("active")}


def windows(sock=None):
    """Every window (a node with a PID) in sway's tree, with the name of the output it is on."""
    found = []

    def walk(node, output):
        if node.get("type") == "output":
            output = node["name"]
        if node.get("pid"):
            found.append((node, output))
        for child in node.get("nodes", []) + node.get("floating_nodes", []):
            walk(child, output)
    walk(swaymsg("-t", "get_tree", sock=sock), None)
    return found


def views(pid, sock=None):
    """The windows of `pid` in sway's tree: {title: (rect, fullscreen_mode, output name)}."""
    return {n["name"]: (n["rect"], n.get("fullscreen_mode"), output)
            for n, output in windows(sock) if n["pid"] == pid and n.get("name")}


def fullscreen_view(pid, title, sock=None):
    """`title`'s (rect, mode, output) once sway has it fullscreen, else None."""
    v = views(pid, sock).get(title)
    return v if v and v[1] == 1 else None


def fills(view, rect):
    """True when a view's rect is exactly an output's."""
    return view is not None and {k: view[0][k] for k in ("x", "y", "width", "height")} == rect


def until(pred, timeout):
    """pred's first truthy value within `timeout` s, else its last value (no exception: the
    caller checks, and may call a miss KNOWN)."""
    deadline = time.monotonic() + timeout
    while True:
        v = pred()
        if v or time.monotonic() >= deadline:
            return v
        time.sleep(0.05)


def table_windows(s):
    return [w for w in (s or {}).get("windows", []) if w["role"] == "table"]


def piles(s):
    return ((s or {}).get("game") or {}).get("piles", [])


def open_cards(s):
    return sum(p["open"] for p in piles(s))


def cards(s):
    return sum(p["open"] + p["closed"] for p in piles(s))


def seats(s):
    return [p["player"] for p in piles(s)]


class FedTable:
    """snap-table on its menu (`--menu --feed - --state-out`, info log kept in `printed`), as the
    sway tests start it; `say` writes a feed line, `deal` goes from the menu to a dealt round."""

    def __init__(self, bin_dir, out, extra=()):
        # Here, not above: xcheck imports desk, which imports this module.
        from snaptest import xcheck
        self.xcheck = xcheck
        self.state = os.path.join(out, "state.json")
        self.proc = subprocess.Popen([f"{bin_dir}/snap-table", "--menu", "--feed", "-", "--state-out", self.state,
                                      "--controllers", "off", "--log-level", "info", *extra],
                                     env=dict(os.environ, XDG_CONFIG_HOME=os.path.join(out, "config")),
                                     stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.printed = []
        threading.Thread(target=lambda: [self.printed.append(line) for line in self.proc.stderr], daemon=True).start()

    def say(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def deal(self):
        """Play here, Start, Enter: the state once play began (checks counted)."""
        p, state, wait_state = self.proc, self.state, self.xcheck.wait_state
        self.say("choose play")
        wait_state(p, state, lambda s: (s.get("menu") or {}).get("screen") == "local", "Play here: the seats screen")
        self.say("choose start")
        wait_state(p, state, lambda s: s.get("menu") is None and "game" in s, "Start: the table")
        self.say("key enter")
        return wait_state(p, state, lambda s: (s.get("game") or {}).get("phase") == "playing", "Enter deals, play begins")

    def turned(self, base, what):
        """The state once two more cards are open than in `base` (up to 20 s; Enter pressed for
        my turn, the computer players turn their own), checked as `what`."""
        got = None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and got is None:
            self.say("key enter")
            self.proc.send_signal(signal.SIGUSR1)
            time.sleep(0.3)
            now = self.xcheck.read_state(self.state)
            if now and open_cards(now) >= open_cards(base) + 2:
                got = now
        self.xcheck.check(got is not None, f"{what}: cards are turned ({open_cards(base)} open, then {open_cards(got)})")
        return got


def focused(pid, sock=None):
    """True when a window of `pid` has the keyboard's focus in sway's tree."""
    return any(n["pid"] == pid and n.get("focused") for n, _ in windows(sock))
