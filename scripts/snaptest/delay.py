"""A TCP proxy that delays what it carries, as a far or slow network would (no netem here: see
docs/benchmarks.md). Each chunk read in one direction is sent on after `delay ± jitter` (evenly
drawn, seeded), never before the chunk before it: order is kept, as TCP keeps it."""
import random
import socket
import threading
import time
from collections import deque


class DelayProxy:
    """On 127.0.0.1 in front of `target` ("HOST:PORT"); `delay` and `jitter` in seconds, each
    way. `address` is where to connect. Threads per connection and direction; `stop()` ends it."""

    def __init__(self, target, delay, jitter=0.0, seed=1):
        host, port = target.rsplit(":", 1)
        self.target = (host, int(port))
        self.delay, self.jitter = delay, jitter
        self.rng = random.Random(seed)
        self.rng_lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.address = f"127.0.0.1:{self.port}"
        self.sockets = []
        threading.Thread(target=self.accept, daemon=True).start()

    def hold(self):
        with self.rng_lock:
            return max(0.0, self.delay + self.rng.uniform(-self.jitter, self.jitter))

    def accept(self):
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            try:
                far = socket.create_connection(self.target, timeout=5)
                far.settimeout(None)
            except OSError:
                near.close()
                continue
            for s in (near, far):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.sockets += [near, far]
            for a, b in ((near, far), (far, near)):
                self.pipe(a, b)

    def pipe(self, a, b):
        """Reads from `a` as it comes; a second thread sends each chunk to `b` when it is due."""
        queue, ready = deque(), threading.Condition()

        def read():
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
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        threading.Thread(target=read, daemon=True).start()
        threading.Thread(target=send, daemon=True).start()

    def stop(self):
        self.listener.close()
        for s in self.sockets:
            try:
                s.close()
            except OSError:
                pass
