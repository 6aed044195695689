#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/slow-clients.py [--read=WHAT] PORT COUNT SECONDS [INTERVAL]: slow clients of
coinline serve on 127.0.0.1:PORT (bench/load.sh and tests/cli/t0013 run it).

Keeps COUNT connections open for SECONDS. Without --read they are slow
senders: each sends its request one byte every INTERVAL seconds (default 4,
under the server's idle timeout of 10), half of them a request's headers
that never end, half a POST whose headers are whole and whose body
(announced as 1 MB) comes a byte at a time. With --read they are slow
readers: each sends a whole request at once and reads its answer 2048 bytes
every INTERVAL seconds, through a receive buffer of 4096 bytes; WHAT is
"page" (GET /engine.js, 167 kB) or a number of coins N (POST /api/analyze
of a whole game of N coins: some 200 bytes of answer a coin). A reader
whose answer is not a 200 (a 503 when the server's memory is full) is
closed and opened again a second later.

A connection the server closes is counted (with how long it had been open)
and opened again a second later, so that COUNT stay open or connecting.
Once every client has been connected (a reader: has sent its request),
the line "ready: COUNT clients in" is printed (and flushed), for a caller
that waits for them; one line at the end, for the caller to read:

  slow: opened=N connected=C cut=K cut_min_s=L cut_p50_s=A cut_max_s=B refused=R other=S

opened: connections made in all; connected: open at the end, as the system
sees them (established, and not closed by the server, whether or not the
client has noticed yet), once their count has held for 0.5 s (up to 3 s
after SECONDS: the server may accept the last ones late); cut: closed by the server (cut_min_s, cut_p50_s,
cut_max_s: how long they had been open; a reader notices at its next read);
refused: connections that could not be made (connect failed or timed out);
other: readers' answers that were not 200. Exit 0; 2 on a usage error.
Needs a descriptor a connection (ulimit -n above COUNT). Everything stops
at SECONDS (3 s later at most): no process is left.
"""
import errno
import selectors
import socket
import struct
import sys
import time

HEADERS = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
POST = (b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
        b'{"coins":[')
PAGE = b"GET /engine.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
READ_BYTES = 2048
READ_BUFFER = 4096
TCP_ESTABLISHED = 1


def review_request(n):
    """POST /api/analyze of a whole game of n coins (every move L)."""
    coins = ",".join(str(1 + (k * 7919) % 1000003) for k in range(n))
    body = ('{"coins":[%s],"moves":"%s"}' % (coins, "L" * n)).encode()
    return (b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
            % len(body)) + body


class Client:
    """One slow connection: what it sends, how far it got, when it opened."""

    def __init__(self, k):
        self.k = k
        self.sock = None
        self.opened = 0.0
        self.sent = 0
        self.next_at = 0.0
        self.connected = False
        self.pending = b""  # a reader's request, not yet all sent
        self.got = 0  # bytes a reader has read
        self.registered = False  # with the selector
        self.been_in = False  # connected once (a reader: its request sent)

    def payload_byte(self):
        """The next byte: the POST's headers go at once, then the body."""
        if self.k % 2 == 0:
            data = HEADERS
            return data[self.sent:self.sent + 1] if self.sent < len(data) else b"x"
        return b"1" if self.sent >= len(POST) else None


def established(c):
    """True when c's connection is established and the server has not
    closed it, as the kernel says (where it cannot say: when the client
    has seen it connected)."""
    if c.sock is None:
        return False
    if not hasattr(socket, "TCP_INFO"):
        return c.connected
    try:
        info = c.sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)
    except OSError:
        return False
    return struct.unpack("B", info[:1])[0] == TCP_ESTABLISHED


def settled(clients):
    """How many of clients are established once the count has stopped
    changing (0.25 s apart, twice; 3 s at most): the system completes a
    connection before the server accepts it, and a server under load may
    accept the last ones (and close others for them) a little later."""
    counts = []
    deadline = time.monotonic() + 3
    while True:
        counts.append(sum(1 for c in clients if established(c)))
        if len(counts) >= 3 and counts[-1] == counts[-2] == counts[-3]:
            return counts[-1]
        if time.monotonic() >= deadline:
            return counts[-1]
        time.sleep(0.25)


def parse_args(argv):
    """(read, port, count, seconds, interval), or None on a usage error."""
    args = argv[1:]
    read = None
    if args and args[0].startswith("--read="):
        read = args.pop(0)[len("--read="):]
        if read != "page" and not (read.isdigit() and int(read) > 0):
            return None
    if len(args) not in (3, 4):
        return None
    try:
        interval = float(args[3]) if len(args) == 4 else 4.0
        return read, int(args[0]), int(args[1]), float(args[2]), interval
    except ValueError:
        return None


def main(argv):
    parsed = parse_args(argv)
    if parsed is None:
        sys.stderr.write(__doc__.split("\n\n")[0] + "\n")
        return 2
    read, port, count, seconds, interval = parsed
    request = None
    if read is not None:
        request = PAGE if read == "page" else review_request(int(read))
    sel = selectors.DefaultSelector()
    clients = [Client(k) for k in range(count)]
    stats = {"opened": 0, "refused": 0, "other": 0}
    cut = []
    ins = [0]  # clients that have been in

    def been_in(c):
        """c is in (once): the first time all are, says so."""
        if c.been_in:
            return
        c.been_in = True
        ins[0] += 1
        if ins[0] == count:
            print("ready: %d clients in" % count, flush=True)

    start = time.monotonic()
    end = start + seconds

    def open_client(c, now):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if request is not None:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, READ_BUFFER)
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
        c.pending, c.got = b"", 0
        # Spread the first bytes (or reads) over the interval.
        c.next_at = now + (c.k % 97) * interval / 97
        sel.register(s, selectors.EVENT_WRITE | selectors.EVENT_READ, c)
        c.registered = True
        stats["opened"] += 1

    def close_client(c, now, by_server):
        if c.sock is None:
            return
        if c.registered:
            sel.unregister(c.sock)
            c.registered = False
        c.sock.close()
        c.sock = None
        if by_server:
            cut.append(now - c.opened)
        elif not c.connected:
            stats["refused"] += 1
        c.next_at = now + 1.0

    def send_pending(c, now):
        """Sends what it can of a reader's request."""
        try:
            n = c.sock.send(c.pending)
        except BlockingIOError:
            return
        except OSError:
            close_client(c, now, True)
            return
        c.pending = c.pending[n:]
        if not c.pending:  # sent: from now on it reads, at its pace
            sel.unregister(c.sock)
            c.registered = False
            been_in(c)

    def on_connect(c, now):
        err = c.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if err != 0:  # reset once made: closed by the server, else refused
            close_client(c, now, err in (errno.ECONNRESET, errno.EPIPE))
            return
        c.connected = True
        if request is not None:
            c.pending = request
            sel.modify(c.sock, selectors.EVENT_WRITE, c)
            send_pending(c, now)
            return
        sel.modify(c.sock, selectors.EVENT_READ, c)
        been_in(c)
        if c.k % 2 == 1:
            try:
                c.sock.sendall(POST)
                c.sent = len(POST)
            except OSError:
                close_client(c, now, True)

    def read_some(c, now):
        """A reader's turn: up to READ_BYTES of its answer."""
        try:
            data = c.sock.recv(READ_BYTES)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            close_client(c, now, True)
            return
        if c.got == 0 and not data.startswith(b"HTTP/1.1 200 "):
            stats["other"] += 1
            close_client(c, now, False)
            c.connected = False
            return
        c.got += len(data)

    def send_byte(c, now):
        """A sender's turn: one byte of its request."""
        try:
            c.sock.send(c.payload_byte() or b"1")
            c.sent += 1
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.EWOULDBLOCK):
                close_client(c, now, True)

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
                on_connect(c, now)
            elif c.pending and events & selectors.EVENT_WRITE:
                send_pending(c, now)
            elif request is None and events & selectors.EVENT_READ:
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
                continue
            if not c.connected:
                if now - c.opened > 10:
                    close_client(c, now, False)
                continue
            if request is None:
                send_byte(c, now)
            elif not c.pending:
                read_some(c, now)
            if c.sock is not None:
                c.next_at = now + interval
    connected = settled(clients)
    for c in clients:
        if c.sock is not None:
            if c.registered:
                sel.unregister(c.sock)
            c.sock.close()
    cut.sort()
    p50 = cut[len(cut) // 2] if cut else 0.0
    mn = cut[0] if cut else 0.0
    mx = cut[-1] if cut else 0.0
    print("slow: opened=%d connected=%d cut=%d cut_min_s=%.1f cut_p50_s=%.1f "
          "cut_max_s=%.1f refused=%d other=%d"
          % (stats["opened"], connected, len(cut), mn, p50, mx,
             stats["refused"], stats["other"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
