#!/usr/bin/env python3
"""A display plugged in and pulled out for real, during a round (run under
`scripts/env/with-sway --nested`: a sway whose outputs are windows of another, so closing one
removes the output and its wl_output, as a cable pulled out does). With the default renderer,
as snap-table chooses (SDL_VIDEODRIVER unset: through XWayland without a GPU) or natively
(SDL_VIDEODRIVER=wayland):
- a game is started from the menu (through the feed) and dealt on WL-1;
- `swaymsg create_output` plugs in WL-2 (1920x1080): within 2 s the table view is fullscreen on
  it, and natively it fills it;
- the outer sway closes WL-2's window: the output is gone, and within 2 s so is the table view;
  the primary window stays, the round's state agrees before and after (round, seats, all the
  cards) and it goes on: cards are turned;
- a display plugged in again (WL-3) brings the table view back within 2 s.
Through XWayland, placement is sway's (see tests/sway.py): the table view may be fullscreened
on the focused output; that is printed as KNOWN.
Usage: python3 -m tests.unplug [BUILD_DIR]   (default .build/debug)
"""
import os
import sys
import tempfile
import time

from snaptest import desk
from snaptest.swaylib import FedTable, cards, fills, fullscreen_view, outputs, seats, swaymsg, table_windows, until, views
from snaptest.waiting import stop
from snaptest.xcheck import check, failures, known, read_state, wait_state

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
DRIVER = desk.DRIVER or "default"
NATIVE = desk.NATIVE
OUTER = os.environ.get("SNAP_OUTER_SWAYSOCK")
out = tempfile.mkdtemp()


if not OUTER:
    sys.exit("unplug-test: run it under scripts/env/with-sway --nested (no SNAP_OUTER_SWAYSOCK)")
check(list(outputs()) == ["WL-1"], f"the inner sway starts with one output, WL-1 ({outputs()})")
fed = FedTable(BIN, out)
table, state, printed, say = fed.proc, fed.state, fed.printed, fed.say


def plug(expected):
    """create_output; the table view fullscreen on the new output within 2 s (natively filling it)."""
    before = outputs()
    swaymsg("create_output")
    plugged = time.monotonic()
    added = until(lambda: [n for n in outputs() if n not in before], 2)
    check(added == [expected], f"create_output plugs in {expected} ({added})")
    wait_state(table, state, lambda s: len(table_windows(s)) == 1, f"the table view opens for {expected}", timeout=2)
    v = until(lambda: fullscreen_view(table.pid, "SnapTable table"), max(0.1, 2 - (time.monotonic() - plugged)))
    check(v is not None, f"sway has it fullscreen within 2 s ({views(table.pid)})")
    on_it = v is not None and v[2] == expected and fills(v, outputs().get(expected))
    (check if NATIVE else known)(on_it, f"it fills {expected} ({v})")


def agrees(before, after, what):
    check(after is not None and after["game"]["phase"] == "playing" and after["game"]["round"] == before["game"]["round"]
          and seats(after) == seats(before) and cards(after) == cards(before),
          f"{what}: the round's state agrees (round, seats {seats(after)}, {cards(before)} -> {cards(after)} cards)")


try:
    # The window first: SIGUSR1 before the table handles it would end the process.
    until(lambda: views(table.pid).get("SnapTable"), 30)
    wait_state(table, state, lambda s: (s.get("menu") or {}).get("screen") == "main", "the menu is up")
    dealt = fed.deal()

    plug("WL-2")
    s = read_state(state)
    agrees(dealt, s, "plugged in")

    # Pulled out: the outer sway closes WL-2's window, the inner sway removes the output.
    before_pull = s
    swaymsg('[title="WL-2$"] kill', sock=OUTER)
    pulled = time.monotonic()
    gone = until(lambda: "WL-2" not in outputs(), 2)
    check(gone, f"closing its window removes WL-2 ({outputs()})")
    s = wait_state(table, state, lambda s: not table_windows(s), "the table view goes with it", timeout=2)
    print(f"     ({time.monotonic() - pulled:.2f} s after the pull)")
    check(s is not None and [w["role"] for w in s.get("windows", [])] == ["primary"] and until(lambda: views(table.pid).get("SnapTable"), 2),
          f"the primary window stays ({views(table.pid)})")
    agrees(before_pull, s, "pulled out")
    s = fed.turned(s, "the round goes on")

    plug("WL-3")
    agrees(s, read_state(state), "plugged in again")
finally:
    stop(table)

check(table.returncode == 0, f"snap-table ends cleanly on SIGTERM ({table.returncode})")
if failures:
    print("".join(printed[-30:]), file=sys.stderr)
    sys.exit(f"unplug-test ({DRIVER}): {len(failures)} failure(s)")
print(f"unplug-test ({DRIVER}): all checks passed")
