#!/usr/bin/env python3
"""One scripted 5 s drag on a running snap-table under a profiler: where the drag's CPU goes.
Figures for engineers, not a pass/fail test. Run under scripts/env/with-x (two
monitors), with scripts/ on PYTHONPATH:

  python3 -m benchmarks.profile_drag perf     [game|sandbox] [snap-table options...]   perf record -g (PERF_FREQ, PERF_CALL_GRAPH), report in WORK/perf.data
  python3 -m benchmarks.profile_drag callgrind [game|sandbox] [snap-table options...]  callgrind, instrumented only during the drag

callgrind counts instructions, so its totals repeat between runs whatever else the machine does; it
slows the program about fifty times, so fewer frames are drawn than live: compare instructions per frame.
"""
import os
import subprocess
import sys
import time

sys.argv = [sys.argv[0], *sys.argv[1:]]
tool = sys.argv[1] if len(sys.argv) > 1 else "perf"
mode = sys.argv[2] if len(sys.argv) > 2 else "game"
extra = sys.argv[3:]
sys.argv = [sys.argv[0]]  # benchmarks.peers reads its own argv at import
from benchmarks import peers as B  # noqa: E402

BIN = os.environ.get("SNAP_TABLE", ".build/release/snap-table")
out = os.path.join(B.WORK, tool)
os.makedirs(out)

if tool == "callgrind":
    # Valgrind 3.19 cannot read the DWARF 5 of the Swift runtime that release builds link in
    # ("unhandled dwarf2 abbrev form code 0x25", then it gives up): a copy without debug
    # sections keeps the symbol table, which is all a profile by function needs.
    profiled = os.path.join(out, "snap-table")
    subprocess.run(["objcopy", "--strip-debug", BIN, profiled], check=True)
    B.BIN = "valgrind"
    prefix = ["--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}/callgrind.out", profiled]
else:
    B.BIN = BIN
    prefix = []


class Profiled(B.Table):
    def __init__(self, extra):
        self.state_path = os.path.join(B.WORK, "state.json")
        B.Program.__init__(self, [B.BIN, *prefix, "--seed", "1", "--state-out", self.state_path, *extra])


B.ROOT = B.root_window()  # xdotool search matches the root window too
xpid = B.x_server_pid()
t = Profiled(dict(B.MODES)[mode] + extra)  # the options benchmarks.peers measures
screen = B.canvas_to_screen(t.window)
# The unmeasured trial drag first, as benchmarks.peers makes it: what a drag makes once is made there.
if mode == "game":
    B.xdo("windowfocus", "--sync", t.window, timeout=10)
    B.xdo("key", "Return")
    B.wait_for(lambda: B.anns_turn(t.state()), 120, "Ann's turn", step=0.3)
    B.game_trial(t, screen)
    points = B.game_path(screen)
else:
    t.trial_drag()
    points = B.sandbox_path(screen)
# The frames are counted from the state file, whose writes are no part of a drag: read them
# before and after the profiled span, not inside it.
f0, read_frames = t.frames(), t.frames
t.frames = lambda: f0
if tool == "callgrind":
    subprocess.run(["callgrind_control", "-i", "on", str(t.pid)], check=True, capture_output=True)
    perf = None
else:
    perf = subprocess.Popen(["perf", "record", "-F", os.environ.get("PERF_FREQ", "4000"), "--call-graph", os.environ.get("PERF_CALL_GRAPH", "fp"),
                             "-o", f"{out}/perf.data", "-p", str(t.pid)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
r = B.drag(t, xpid, points)
if tool == "callgrind":
    subprocess.run(["callgrind_control", "-i", "off", str(t.pid)], check=True, capture_output=True)
else:
    perf.send_signal(2)
    perf.wait()
frames = read_frames() - f0
print(f"{mode} {' '.join(extra)}: drag {r['drag']:.0f} ms CPU, X server {r['drag_x']:.0f} ms, {frames} frames, {r['drag_s']:.1f} s")
if tool == "callgrind":
    # Dumped while it runs: valgrind's own way out (the Swift runtime's threads, SDL's
    # teardown under instrumentation) can take minutes; the profile is what matters.
    subprocess.run(["callgrind_control", "-d", str(t.pid)], check=True, capture_output=True)
    t.proc.kill()
t.end()
print(f"profile in {out}")
