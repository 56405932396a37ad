"""What the benchmarks share: a process's CPU and memory, the state snap-table writes on request,
and the X server and its windows as xdotool sees them."""
import json
import os
import signal
import subprocess

from snaptest.waiting import wait_for


def request_state(proc, path):
    """The state snap-table writes to its --state-out `path` on SIGUSR1, parsed. The file is
    written whole, but may be caught before its last byte: read until it parses."""
    if os.path.exists(path):
        os.unlink(path)
    proc.send_signal(signal.SIGUSR1)
    wait_for(lambda: os.path.exists(path) and os.path.getsize(path) > 0, 5, "the state file")

    def parsed():
        try:
            with open(path) as f:
                return json.load(f)
        except ValueError:
            return None
    return wait_for(parsed, 2, "a complete state file")


def rss_mb(pid):
    """VmRSS in MiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_ms(pid):
    """CPU used so far by every thread of pid, in ms: the scheduler's nanoseconds
    (/proc/PID/task/*/schedstat; a thread that ends between listing and reading is left out), or
    on a kernel without them utime+stime from /proc/PID/stat, which has only 10 ms steps."""
    total, read = 0, False
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return float("nan")
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
            read = True
        except (OSError, ValueError, IndexError):
            pass
    if read:
        return total / 1e6
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def loadavg():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def xdo(*args, timeout=60):
    """xdotool's standard output (its exit status is not checked: a search that finds nothing fails)."""
    return subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True, timeout=timeout).stdout


def x_server_pid():
    """The Xorg serving $DISPLAY: the one scripts/env/with-x started (it exports WITH_X_PID, since the
    server picks its display itself), else one started as `Xorg :N ...`; or None."""
    if os.environ.get("WITH_X_PID", "").isdigit():
        return int(os.environ["WITH_X_PID"])
    display = os.environ["DISPLAY"]
    for p in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{p}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
        except OSError:
            continue
        if args and os.path.basename(args[0]) in (b"Xorg", b"Xorg.wrap") and display.encode() in args:
            return int(p)
    return None


def root_window():
    """The root window's id (xdotool's search with a name pattern also matches the root)."""
    out = subprocess.run(["xwininfo", "-root", "-int"], capture_output=True, text=True, timeout=10).stdout
    for line in out.splitlines():
        if "Window id:" in line:
            return int(line.split("Window id:")[1].split()[0])
    raise RuntimeError(f"no root window id in xwininfo's output: {out!r}")


def shown_windows(pid, root):
    """{window id: (x, y, width, height)} of every visible top-level window of pid (not the child
    windows a toolkit makes inside them), in one xdotool process."""
    out = xdo("search", "--maxdepth", 1, "--onlyvisible", "--pid", pid, "", "getwindowgeometry", "--shell", "%@", timeout=10)
    windows, current = {}, {}
    for line in out.split():
        key, _, value = line.partition("=")
        if key in ("WINDOW", "X", "Y", "WIDTH", "HEIGHT") and value.lstrip("-").isdigit():
            current[key] = int(value)
        if key == "SCREEN" and len(current) == 5:
            if current["WINDOW"] != root:
                windows[current["WINDOW"]] = tuple(current[k] for k in ("X", "Y", "WIDTH", "HEIGHT"))
            current = {}
    return windows
