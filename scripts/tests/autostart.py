#!/usr/bin/env python3
"""The input daemon starts by itself: run under scripts/env/with-x.

A windowed snap-table with no daemon on its socket starts the snap-inputd beside it: the socket
appears, exactly one daemon serves it (in a session of its own, in /, its standard streams on
/dev/null, holding none of the table's files, told to exit when idle) and the table connects.
A second table uses that daemon rather than starting another. A daemon that ends while its table
runs is reaped (no zombie); one whose table has ended keeps running for the next game. With
--controllers off, or when the table fails to start, nothing is started. On the default socket the daemon logs in its private
folder. Every daemon is killed by pid at the end.
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from snaptest.xcheck import check, failures

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
TABLE = os.path.abspath(os.path.join(BIN, "snap-table"))
out = tempfile.mkdtemp(prefix="snap-autostart-")
sock = os.path.join(out, "input.sock")
started = []          # every daemon pid seen, killed at the end
tables = []


def daemons():
    """Pids of the snap-inputd processes serving our socket (zombies have no command line)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"snap-inputd") and sock.encode() in argv:
            found.append(int(pid))
    # A daemon's own short-lived fork (libdbus forks dbus-launch, and until it execs the child
    # has the daemon's command line) is not a second daemon.
    return [pid for pid in found if parent_of(pid) not in found]


def parent_of(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return next((int(line.split()[1]) for line in f if line.startswith("PPid:")), None)
    except OSError:
        return None


def daemons_in(runtime):
    """Pids of the snap-inputd processes started with XDG_RUNTIME_DIR=runtime."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"snap-inputd") and b"XDG_RUNTIME_DIR=" + runtime.encode() in env:
            found.append(int(pid))
    return [pid for pid in found if parent_of(pid) not in found]


def state_of(pid):
    """The process state letter (R, S, Z, ...) or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def parent_of(pid):
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


def wait_for(pred, what, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            check(True, what)
            return value
        time.sleep(0.05)
    check(False, f"{what} (not within {timeout} s)")
    return None


def start_table(name, *extra, socket=sock, env=None):
    log = os.path.join(out, name + ".log")
    where = ["--input-socket", socket] if socket else []
    proc = subprocess.Popen([TABLE, "--sandbox", *where, "--log-level", "info", "--secondary", "off", *extra],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(log, "w"), cwd=out,
                            env=env)
    tables.append(proc)
    return proc, log


def said(log, text):
    with open(log) as f:
        return text in f.read()


def stop_table(proc, what):
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    check(proc.returncode == 0, f"{what} ended cleanly ({proc.returncode})")


def main():
    check(not os.path.exists(sock) and daemons() == [], "no daemon on the socket to begin with")

    # The first table starts one.
    t1, log1 = start_table("table1")
    wait_for(lambda: os.path.exists(sock), "the socket appears")
    pids = wait_for(lambda: daemons(), "a snap-inputd serves it")
    started.extend(pids or [])
    check(len(daemons()) == 1, f"exactly one daemon ({daemons()})")
    wait_for(lambda: said(log1, "connected to the input daemon"), "the table connects to it")
    if pids:
        d1 = pids[0]
        with open(f"/proc/{d1}/cmdline", "rb") as f:
            argv = [a.decode() for a in f.read().split(b"\0") if a]
        check(argv[0] == os.path.join(os.path.dirname(os.path.realpath(TABLE)), "snap-inputd"), f"it is the snap-inputd beside snap-table ({argv[0]})")
        check(argv[1:] == ["--exit-when-idle", "300", "--input-socket", sock], f"told the socket and to exit when idle ({argv[1:]})")
        check(os.getsid(d1) == d1, "it leads a session of its own")
        check(os.readlink(f"/proc/{d1}/cwd") == "/", "it works in / (keeps no folder busy)")
        fds = {fd: os.readlink(f"/proc/{d1}/fd/{fd}") for fd in os.listdir(f"/proc/{d1}/fd")}
        check(all(fds.get(str(n)) == "/dev/null" for n in range(3)), f"standard streams on /dev/null ({fds})")
        check(os.path.join(out, "table1.log") not in fds.values(), "it holds none of the table's files")
        check(said(log1, f"started snap-inputd (pid {d1})"), "the table says it started it")

    # A second table uses the running daemon.
    t2, log2 = start_table("table2")
    wait_for(lambda: said(log2, "connected to the input daemon"), "a second table connects to the running daemon")
    check(daemons() == (pids or []), f"and starts no other ({daemons()})")
    check(not said(log2, "started snap-inputd"), "it says it started none")
    stop_table(t2, "the second table")

    # The daemon ends while its table runs: the table reaps it.
    if pids:
        os.kill(pids[0], signal.SIGTERM)
        wait_for(lambda: said(log1, f"the input daemon we started (pid {pids[0]}) has exited"), "the table notes its daemon's exit")
        wait_for(lambda: state_of(pids[0]) is None, "and no zombie is left")
        wait_for(lambda: not os.path.exists(sock), "the daemon removed its socket")
    stop_table(t1, "the first table")

    # A table that fails to start (no display to open its window on) starts nothing.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    failed = subprocess.run([TABLE, "--sandbox", "--input-socket", sock], env=env, capture_output=True, text=True, timeout=60)
    check(failed.returncode != 0, f"without a display the table fails ({failed.returncode})")
    check(daemons() == [] and not os.path.exists(sock), "and starts no daemon")

    # A snap-table with no snap-inputd beside it says so once and plays on.
    lonely = os.path.join(out, "lonely")
    os.mkdir(lonely)
    try:
        os.link(os.path.realpath(TABLE), os.path.join(lonely, "snap-table"))
    except OSError:
        shutil.copy2(os.path.realpath(TABLE), os.path.join(lonely, "snap-table"))
    log6 = os.path.join(out, "table6.log")
    t6 = subprocess.Popen([os.path.join(lonely, "snap-table"), "--sandbox", "--input-socket", sock, "--log-level", "info", "--secondary", "off"],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(log6, "w"), cwd=out)
    tables.append(t6)
    wait_for(lambda: said(log6, f"there is no {os.path.join(lonely, 'snap-inputd')} to start"), "without a snap-inputd beside it the table says so")
    check(daemons() == [] and not os.path.exists(sock), "and starts none")
    stop_table(t6, "the table without a daemon beside it")

    # With --controllers off nothing is started.
    t4, log4 = start_table("table4", "--controllers", "off")
    subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^SnapTable$"], check=True, capture_output=True, timeout=30)
    check(daemons() == [] and not os.path.exists(sock), "--controllers off starts no daemon")
    stop_table(t4, "the table without controllers")

    # The daemon outlives the table that started it, for the next game.
    t3, log3 = start_table("table3")
    later = wait_for(lambda: daemons(), "a new table starts a new daemon")
    started.extend(later or [])
    wait_for(lambda: said(log3, "connected to the input daemon"), "and connects")
    stop_table(t3, "that table")
    if later:
        check(state_of(later[0]) not in (None, "Z"), "its daemon keeps running after it")
        check(parent_of(later[0]) != t3.pid, "no longer the table's child")
        check(os.path.exists(sock), "its socket is still there")

    # The default socket: the daemon finds the same place itself and logs in its private folder.
    runtime = os.path.join(out, "runtime")
    os.mkdir(runtime, 0o700)
    t5, log5 = start_table("table5", socket=None, env=dict(os.environ, XDG_RUNTIME_DIR=runtime))
    place = os.path.join(runtime, "snap-table")
    default = wait_for(lambda: daemons_in(runtime), "with the default socket a daemon is started too")
    started.extend(default or [])
    wait_for(lambda: said(log5, "connected to the input daemon"), "and the table connects")
    if default:
        with open(f"/proc/{default[0]}/cmdline", "rb") as f:
            argv = [a.decode() for a in f.read().split(b"\0") if a]
        check(argv[1:] == ["--exit-when-idle", "300"], f"it is not told a socket ({argv[1:]})")
        inputd_log = os.path.join(place, "inputd.log")
        wait_for(lambda: os.path.exists(inputd_log) and "listening on " + os.path.join(place, "input.sock") in open(inputd_log).read(),
                 "its messages are in the private folder's inputd.log")
        check(os.stat(inputd_log).st_mode & 0o777 == 0o600, "which only the user can read")
    stop_table(t5, "the table on the default socket")


def cleanup():
    for t in tables:
        if t.poll() is None:
            t.kill()
            t.wait()
    for pid in started:
        if state_of(pid) not in (None, "Z"):
            os.kill(pid, signal.SIGTERM)
    for pid in started:
        deadline = time.monotonic() + 30
        while state_of(pid) not in (None, "Z") and time.monotonic() < deadline:
            time.sleep(0.05)
        if state_of(pid) not in (None, "Z"):
            os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    try:
        main()
    finally:
        cleanup()
    if failures:
        for name in sorted(os.listdir(out)):
            if name.endswith(".log"):
                with open(os.path.join(out, name)) as f:
                    print(f"--- {name}\n{f.read()}", file=sys.stderr)
        sys.exit(f"{len(failures)} autostart check(s) failed")
    print("all autostart checks passed")
