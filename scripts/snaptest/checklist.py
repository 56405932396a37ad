"""Named checks for the scripted tests that run as programs: each prints `ok` or `FAIL` with what
it checked, and a failure is kept rather than raised, so one run reports every check."""
from snaptest.waiting import Timeout, wait_for


class Checklist:
    def __init__(self):
        self.failures = []

    def check(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what, flush=True)
        if not ok:
            self.failures.append(what)

    def wait(self, pred, seconds, what):
        """pred's first truthy value within `seconds`, checked as `what`; None when it never came."""
        try:
            v = wait_for(pred, seconds, what, step=0.05)
            self.check(True, what)
            return v
        except Timeout:
            self.check(False, f"{what} (not within {seconds} s)")
            return None


def quietly(pred, seconds):
    """pred's first truthy value within `seconds`, or None: no check of its own."""
    try:
        return wait_for(pred, seconds, "", step=0.05)
    except Timeout:
        return None
