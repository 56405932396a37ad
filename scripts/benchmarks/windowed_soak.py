#!/usr/bin/env python3
"""Windowed hosts and clients all evening (issue 34): figures, not a pass/fail test. Run it under
scripts/env/with-x after a release build (two monitors, so snap-table with the product's
defaults gets a table view on the second one):

    PYTHONPATH=scripts scripts/env/with-x python3 -m benchmarks.windowed_soak .build/release \\
        [--minutes M] [--every S] [--games N] [--part client|host|both]

a. A windowed client (`snap-table --join ... --name Bea`) at a headless host (`--bots normal
   --start-with 1`), through a TCP relay (snaptest.relay) that cuts every connection every S
   seconds (30): the client dials back with its token by itself. Its feed presses Enter every
   0.5 s (its turns, and the deal of the next round). Every minute: the client's RSS and CPU,
   the rejoins the host logged ("Bea is back") and the client's ("back at the table"). Verdict:
   RSS at the end minus RSS at minute 5 (at the 10th rejoin when the run is under 10 minutes).
b. A windowed host from the menu (`snap-table`, no options but its feed): Host a game, a client
   (an offscreen `snap-table --join`) sits down, Start the round, 2 s of play, Leave (Escape,
   Enter, Enter) to the menu; N times (100). RSS after every 10th game; verdict: the last minus
   after game 10.
The goal of both (issue 34): at most 2 MB. Both windows run with --controllers off (no
snap-inputd left behind) and a HOME of their own (the default settings).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time

from snaptest.relay import Relay
from snaptest.benchlib import cpu_ms, request_state, root_window, rss_mb, shown_windows
from snaptest.waiting import Timeout, stop, wait_for
from snaptest.weblib import start_host, start_join

CODE = "WSOAK"
GOAL_MB = 2.0
WORK = tempfile.mkdtemp(prefix="bench-windowed-soak-")


def own_home(name):
    """An environment whose settings and runtime files are this run's own."""
    home = os.path.join(WORK, name)
    os.makedirs(os.path.join(home, "run"), mode=0o700)
    return dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                XDG_RUNTIME_DIR=os.path.join(home, "run"), NO_AT_BRIDGE="1")


def lines_with(path, text):
    try:
        with open(path, errors="replace") as f:
            return sum(text in line for line in f)
    except OSError:
        return 0


def insides(pid):
    """What else would grow with a leak: anonymous memory (the heap and stacks, without the
    libraries' pages that RSS also counts), threads and open descriptors."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            anon = next(int(line.split()[1]) for line in f if line.startswith("Anonymous:")) / 1024
        with open(f"/proc/{pid}/status") as f:
            threads = next(int(line.split()[1]) for line in f if line.startswith("Threads:"))
        fds = len(os.listdir(f"/proc/{pid}/fd"))
    except (OSError, StopIteration):
        return "(its /proc files are gone)"
    return f"(anon {anon:.1f} MB, {threads} threads, {fds} fds)"


def verdict(what, end, base, where):
    grew = end - base
    print(f"  verdict ({what}): RSS {end:.1f} MB at the end - {base:.1f} MB {where} = {grew:+.1f} MB; "
          f"goal at most {GOAL_MB:.0f} MB: {'flat' if grew <= GOAL_MB else 'GROWS'}")


def press_enter(proc, done):
    """Enter every 0.5 s on the client's feed: a turn when it is Bea's, the next round's deal."""
    while not done.wait(0.5):
        try:
            proc.stdin.write("key enter\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            return


def client_part(table, minutes, every):
    print(f"a. windowed client (Bea) at a headless host through a proxy that cuts every {every:g} s, {minutes:g} min:")
    host_log = os.path.join(WORK, "host.log")
    host_state = os.path.join(WORK, "headless-state.json")
    client_log = os.path.join(WORK, "client.log")
    procs, done, proxy = [], threading.Event(), None
    try:
        with open(host_log, "w") as log:
            host, address = start_host(table, CODE, ["--bots", "normal", "--start-with", "1", "--log-level", "notice"],
                                       state_out=host_state, stderr=log)
        procs.append(host)
        proxy = Relay(address)
        with open(client_log, "w") as log:
            client = subprocess.Popen([table, "--join", f"127.0.0.1:{proxy.port}", "--code", CODE, "--name", "Bea",
                                       "--feed", "-", "--controllers", "off", "--log-level", "notice"],
                                      stdin=subprocess.PIPE, stdout=log, stderr=log, text=True, env=own_home("client"))
        procs.append(client)
        wait_for(lambda: lines_with(host_log, "Bea joined as"), 30, "Bea's join at the host")
        root = root_window()
        windows = wait_for(lambda: shown_windows(client.pid, root), 30, "the client's window", step=0.2)
        time.sleep(2)               # the table view on the second monitor comes a moment later
        windows = shown_windows(client.pid, root) or windows
        print(f"  the client shows {len(windows)} windows: " + ", ".join(f"{w}x{h} at {x},{y}" for x, y, w, h in windows.values()))
        threading.Thread(target=press_enter, args=(client, done), daemon=True).start()

        start = time.monotonic()
        end = start + minutes * 60
        next_cut, next_minute, minute = start + every, start + 60, 0
        at_rejoin, rejoins = {}, 0
        per_minute = {}
        cpu0 = cpu_ms(client.pid)
        while time.monotonic() < end and client.poll() is None:
            now = time.monotonic()
            if now >= next_cut:
                proxy.cut()
                next_cut += every
            seen = lines_with(host_log, "Bea is back")
            if seen > rejoins:
                rejoins = seen
                at_rejoin[rejoins] = rss_mb(client.pid)
            if now >= next_minute:
                minute += 1
                next_minute += 60
                rss, cpu = rss_mb(client.pid), cpu_ms(client.pid)
                per_minute[minute] = rss
                game = request_state(host, host_state).get("game") or {}
                print(f"  minute {minute:3}: client RSS {rss:6.1f} MB {insides(client.pid)}, CPU {(cpu - cpu0) / 600:5.1f}% of a core; "
                      f"rejoins: host saw {rejoins}, client said {lines_with(client_log, 'back at the table')}; "
                      f"round {game.get('round')} {game.get('phase')}; host RSS {rss_mb(host.pid):.1f} MB", flush=True)
                cpu0 = cpu
            time.sleep(0.2)
        if client.poll() is not None:
            print(f"  the client ended early (exit status {client.returncode}); its log: {client_log}")
            return
        final = rss_mb(client.pid)
        print(f"  end: client RSS {final:6.1f} MB {insides(client.pid)}")
        print(f"  {minutes:g} min: {proxy.cut_connections} connections cut, {proxy.accepted} accepted; the host saw "
              f"{lines_with(host_log, 'Bea is back')} rejoins, the client said {lines_with(client_log, 'back at the table')}")
        marks = [n for n in (1, 10, 20, 50, 100) if n in at_rejoin] + ([rejoins] if rejoins else [])
        print("  client RSS at rejoin " + ", ".join(f"{n}: {at_rejoin[n]:.1f}" for n in dict.fromkeys(marks)) + " MB")
        if minutes >= 10 and 5 in per_minute:
            verdict("client", final, per_minute[5], "at minute 5")
        elif 10 in at_rejoin:
            verdict("client", final, at_rejoin[10], "at the 10th rejoin")
        else:
            print("  verdict (client): too short a run (no minute 5 nor 10th rejoin)")
    finally:
        done.set()
        if proxy:
            proxy.stop()
        stop(*reversed(procs))


def host_part(table, games):
    print(f"b. windowed host from the menu, {games} games (Host a game, a client sits down, Start, Leave):")
    state = os.path.join(WORK, "host-state.json")
    log_path = os.path.join(WORK, "windowed-host.log")
    joiner_log = open(os.path.join(WORK, "joiners.log"), "w")
    with open(log_path, "w") as log:
        host = subprocess.Popen([table, "--feed", "-", "--state-out", state, "--controllers", "off", "--log-level", "notice"],
                                stdin=subprocess.PIPE, stdout=log, stderr=log, text=True, env=own_home("host"))
    client = None

    def feed(*lines):
        host.stdin.write("".join(line + "\n" for line in lines))
        host.stdin.flush()

    def when(pred, what, seconds=30):
        return wait_for(lambda: (lambda s: s if pred(s) else None)(request_state(host, state)), seconds, what, step=0.1)

    def menu(s):
        return s.get("menu") or {}

    try:
        # SIGUSR1 before the table has its handler would end it: first its window.
        root = root_window()
        wait_for(lambda: shown_windows(host.pid, root), 30, "the host's window", step=0.2)
        s = when(lambda s: menu(s).get("screen") == "main", "the menu")
        print("  the host shows " + ", ".join(f"a {w['role']} window ({w.get('renderer')})" for w in s.get("windows", [])))
        rss, first = {0: rss_mb(host.pid)}, insides(host.pid)
        cpu0, t0 = cpu_ms(host.pid), time.monotonic()
        for game in range(1, games + 1):
            feed("choose host")
            s = when(lambda s: menu(s).get("screen") == "host" and menu(s).get("address"), "the host's lobby")
            port = s["menu"]["address"].rsplit(":", 1)[1]
            client, _ = start_join(table, f"127.0.0.1:{port}", s["menu"]["code"], "Bea", stderr=joiner_log)
            when(lambda s: any(seat["name"] == "Bea" for seat in menu(s).get("seats", [])), "Bea seated")
            feed("choose start")
            when(lambda s: (s.get("game") or {}).get("phase") == "playing", "the deal")
            time.sleep(2)
            feed("key escape", "key enter", "key enter")
            when(lambda s: menu(s).get("screen") == "main" and "game" not in s, "back at the menu")
            stop(client)
            client = None
            if game % 10 == 0:
                rss[game] = rss_mb(host.pid)
                cpu = cpu_ms(host.pid)
                print(f"  game {game:4}: host RSS {rss[game]:6.1f} MB {insides(host.pid)}, CPU {(cpu - cpu0) / 1000:5.1f} s for the last "
                      f"{time.monotonic() - t0:4.0f} s", flush=True)
                cpu0, t0 = cpu, time.monotonic()
        print(f"  {lines_with(log_path, 'hosting on')} games hosted, {lines_with(log_path, 'Bea joined as')} joins; "
              f"at the menu before the first: RSS {rss[0]:.1f} MB {first}")
        last = max(rss)
        if 10 in rss and last > 10:
            verdict("host", rss[last], rss[10], "after game 10")
        else:
            print("  verdict (host): too short a run (under 20 games)")
    except Timeout as e:
        print(f"  stopped at a step that never came: {e}; the host's log: {log_path}")
    finally:
        stop(client, host)
        joiner_log.close()


def main():
    a = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    a.add_argument("bin", nargs="?", default=".build/release")
    a.add_argument("--minutes", type=float, default=60)
    a.add_argument("--every", type=float, default=30)
    a.add_argument("--games", type=int, default=100)
    a.add_argument("--part", choices=["client", "host", "both"], default="both")
    args = a.parse_args()
    if not os.environ.get("DISPLAY"):
        sys.exit("windowed_soak: needs an X server (run it through scripts/env/with-x)")
    table = os.path.join(args.bin, "snap-table")
    print(f"windowed soak: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}; logs in {WORK}")
    if args.part in ("client", "both"):
        client_part(table, args.minutes, args.every)
    if args.part in ("host", "both"):
        host_part(table, args.games)


if __name__ == "__main__":
    main()
