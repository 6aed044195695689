#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/slow-clients.py PORT COUNT SECONDS [INTERVAL]: slow clients of
coinline serve on 127.0.0.1:PORT (bench/load.sh and tests/cli/t0013 run it).

Keeps COUNT connections open for SECONDS, each sending its request one byte
every INTERVAL seconds (default 4, under the server's idle timeout of 10):
half of them a request's headers that never end, half a POST whose headers
are whole and whose body (announced as 1 MB) comes a byte at a time. A
connection the server closes is counted (with how long it had been open)
and opened again, so that COUNT stay open or connecting. One line at the
end, for the caller to read:

  slow: opened=N connected=C cut=K cut_p50_s=A cut_max_s=B refused=R

opened: connections made in all; connected: open at the end; cut: closed
by the server (cut_p50_s, cut_max_s: how long they had been open);
refused: connections that could not be made (connect failed or timed
out). Exit 0; 2 on a usage error. Needs a descriptor a connection (ulimit
-n above COUNT). Everything stops at SECONDS: no process is left.
"""
import errno
import selectors
import socket
import sys
import time

HEADERS = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
POST = (b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
        b'{"coins":[')


class Client:
    """One slow connection: what it sends, how far it got, when it opened."""

    def __init__(self, k):
        self.k = k
        self.sock = None
        self.opened = 0.0
        self.sent = 0
        self.next_at = 0.0
        self.connected = False

    def payload_byte(self):
        """The next byte: the POST's headers go at once, then the body."""
        if self.k % 2 == 0:
            data = HEADERS
            return data[self.sent:self.sent + 1] if self.sent < len(data) else b"x"
        return b"1" if self.sent >= len(POST) else None


def main(argv):
    if len(argv) not in (4, 5):
        sys.stderr.write(__doc__.split("\n\n")[0] + "\n")
        return 2
    port, count, seconds = int(argv[1]), int(argv[2]), float(argv[3])
    interval = float(argv[4]) if len(argv) == 5 else 4.0
    sel = selectors.DefaultSelector()
    clients = [Client(k) for k in range(count)]
    stats = {"opened": 0, "refused": 0}
    cut = []
    start = time.monotonic()
    end = start + seconds

    def open_client(c, now):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        except OSError:
            s.close()
            stats["refused"] += 1
            c.next_at = now + 1
            return
        c.sock, c.opened, c.sent, c.connected = s, now, 0, False
        # Spread the first bytes over the interval.
        c.next_at = now + (c.k % 97) * interval / 97
        sel.register(s, selectors.EVENT_WRITE | selectors.EVENT_READ, c)
        stats["opened"] += 1

    def close_client(c, now, by_server):
        if c.sock is None:
            return
        sel.unregister(c.sock)
        c.sock.close()
        c.sock = None
        if by_server:
            cut.append(now - c.opened)
        elif not c.connected:
            stats["refused"] += 1
        c.next_at = now + 1.0

    for c in clients:
        open_client(c, time.monotonic())
    while True:
        now = time.monotonic()
        if now >= end:
            break
        for key, events in sel.select(timeout=0.05):
            c = key.data
            if c.sock is None:
                continue
            if not c.connected and events & selectors.EVENT_WRITE:
                err = c.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                if err != 0:
                    close_client(c, now, False)
                    continue
                c.connected = True
                sel.modify(c.sock, selectors.EVENT_READ, c)
                if c.k % 2 == 1:
                    try:
                        c.sock.sendall(POST)
                        c.sent = len(POST)
                    except OSError:
                        close_client(c, now, True)
                        continue
            if c.sock is not None and events & selectors.EVENT_READ:
                try:
                    data = c.sock.recv(65536)
                except OSError:
                    data = b""
                if not data:
                    close_client(c, now, c.connected)
        now = time.monotonic()
        for c in clients:
            if now < c.next_at:
                continue
            if c.sock is None:
                open_client(c, now)
            elif not c.connected:
                if now - c.opened > 10:
                    close_client(c, now, False)
            else:
                try:
                    c.sock.send(c.payload_byte() or b"1")
                    c.sent += 1
                except OSError as e:
                    if e.errno not in (errno.EAGAIN, errno.EWOULDBLOCK):
                        close_client(c, now, True)
                        continue
                c.next_at = now + interval
    connected = sum(1 for c in clients if c.sock is not None and c.connected)
    for c in clients:
        if c.sock is not None:
            sel.unregister(c.sock)
            c.sock.close()
    cut.sort()
    p50 = cut[len(cut) // 2] if cut else 0.0
    mx = cut[-1] if cut else 0.0
    print("slow: opened=%d connected=%d cut=%d cut_p50_s=%.1f cut_max_s=%.1f refused=%d"
          % (stats["opened"], connected, len(cut), p50, mx, stats["refused"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
