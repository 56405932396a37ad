"""A TCP proxy that delays what it carries, as a far or slow network would (no netem here).
Each chunk read in one direction is sent on after `delay ± jitter` (evenly drawn, seeded),
never before the chunk before it: order is kept, as TCP keeps it. A `Relay` otherwise (it can
cut its connections too)."""
import random
import socket
import threading
import time
from collections import deque

from snaptest.relay import Relay


class DelayProxy(Relay):
    """On 127.0.0.1 in front of `target` ("HOST:PORT"); `delay` and `jitter` in seconds, each
    way. `address` is where to connect; `stop()` ends it."""

    def __init__(self, target, delay, jitter=0.0, seed=1):
        self.delay, self.jitter = delay, jitter
        self.rng = random.Random(seed)
        self.rng_lock = threading.Lock()
        super().__init__(target)

    def hold(self):
        with self.rng_lock:
            return max(0.0, self.delay + self.rng.uniform(-self.jitter, self.jitter))

    def pump(self, a, b, pair):
        """Reads from `a` as it comes (this thread); a second one sends each chunk to `b` when due."""
        for s in pair:
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        queue, ready = deque(), threading.Condition()

        def send():
            while True:
                with ready:
                    ready.wait_for(lambda: queue)
                    due, data = queue.popleft()
                if data is None:
                    break
                if (wait := due - time.monotonic()) > 0:
                    time.sleep(wait)
                try:
                    b.sendall(data)
                except OSError:
                    break
            self.close(pair)

        threading.Thread(target=send, daemon=True).start()
        last_due = 0.0
        try:
            while data := a.recv(65536):
                last_due = max(last_due, time.monotonic() + self.hold())
                with ready:
                    queue.append((last_due, data))
                    ready.notify()
        except OSError:
            pass
        with ready:
            queue.append((0.0, None))
            ready.notify()
