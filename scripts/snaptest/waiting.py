"""What the tests and benchmarks share about the programs they start: waiting for a condition with
a deadline, and stopping what they started."""
import subprocess
import time


class Timeout(Exception):
    pass


def wait_for(pred, seconds, what, step=0.01):
    """pred's first truthy value, polled until the deadline; Timeout names what never came."""
    deadline = time.monotonic() + seconds
    while True:
        v = pred()
        if v:
            return v
        if time.monotonic() > deadline:
            raise Timeout(f"no {what} within {seconds} s")
        time.sleep(step)


def stop(*procs):
    """SIGTERM, then SIGKILL for what has not ended within 5 s (said, since it is a finding)."""
    for p in procs:
        if p is None:
            continue
        p.terminate()
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            print(f"  ({p.args[0]} did not end on SIGTERM within 5 s; killed)")
            p.kill()
