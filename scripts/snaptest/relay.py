"""A TCP relay whose connections a test or benchmark can cut, as a network that drops would."""
import socket
import threading


class Relay:
    """A TCP relay on 127.0.0.1 in front of `target` ("HOST:PORT"), two threads per connection.
    `cut()` closes every connection it carries at both ends at once, as a network that drops
    would (Wi-Fi lost), while it keeps listening (Wi-Fi back); `stop()` ends it."""

    def __init__(self, target):
        host, port = target.rsplit(":", 1)
        self.target = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.address = f"127.0.0.1:{self.port}"
        self.lock = threading.Lock()
        self.pairs = set()
        self.accepted = 0
        self.cut_connections = 0
        threading.Thread(target=self.accept, daemon=True).start()

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
            pair = (near, far)
            with self.lock:
                self.pairs.add(pair)
                self.accepted += 1
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self.pump, args=(a, b, pair), daemon=True).start()

    def pump(self, a, b, pair):
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        self.close(pair)

    def close(self, pair):
        with self.lock:
            self.pairs.discard(pair)
        for s in pair:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def cut(self):
        with self.lock:
            pairs = list(self.pairs)
            self.cut_connections += len(pairs)
        for pair in pairs:
            self.close(pair)

    def stop(self):
        self.listener.close()
        self.cut()
