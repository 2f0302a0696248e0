#!/usr/bin/env python3
"""Opens N connections to a ShopTalk server on 127.0.0.1, authenticates each
(as a relay, so no slow password hash runs 10,000 times), keeps them idle,
and prints the server's resident memory. Bounded: stops after --max-seconds.

    scripts/idle-connections.py PORT PID COUNT RELAY TOKEN [--tls]

--tls: each connection does its TLS handshake first (the server's
certificate is not checked: the benchmark's is self-signed).
"""
import argparse, selectors, socket, ssl, sys, time

p = argparse.ArgumentParser()
p.add_argument("port", type=int)
p.add_argument("pid", type=int)
p.add_argument("count", type=int)
p.add_argument("relay")
p.add_argument("token")
p.add_argument("--max-seconds", type=float, default=300)
p.add_argument("--tls", action="store_true")
a = p.parse_args()
context = ssl.create_default_context()
context.check_hostname = False
context.verify_mode = ssl.CERT_NONE
assert 1 <= a.count <= 20000

def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

deadline = time.time() + a.max_seconds
before = rss_kib(a.pid)
sockets, ready = [], 0
sel = selectors.DefaultSelector()
for i in range(a.count):
    s = socket.create_connection(("127.0.0.1", a.port))
    if a.tls:
        s = context.wrap_socket(s)
    s.setblocking(False)
    sockets.append(s)
    sel.register(s, selectors.EVENT_READ, [b"", 0])
    s.sendall(f"relay {a.relay} {a.token}\n".encode())
    # Keep at most a few hundred logins outstanding.
    while len(sockets) - ready > 200 or (i == a.count - 1 and ready < a.count):
        for key, _ in sel.select(timeout=1):
            data = key.data
            try:
                chunk = key.fileobj.recv(65536)
            except (ssl.SSLWantReadError, BlockingIOError):
                continue
            if not chunk:
                sys.exit(f"connection closed by the server after {ready} logins")
            data[0] += chunk
            data[1] = data[0].count(b"\n")
            if data[1] >= 2:  # greeting and the relay's answer
                if b"ready" not in data[0]:
                    sys.exit("relay login refused: " + data[0].decode(errors="replace"))
                sel.unregister(key.fileobj)
                ready += 1
        if time.time() > deadline:
            sys.exit(f"timed out after {ready} logins")
time.sleep(1)
after = rss_kib(a.pid)
print(f"idle connections={ready} server_rss_before_mib={before/1024:.1f} server_rss_after_mib={after/1024:.1f} "
      f"per_connection_kib={(after-before)/ready:.2f}")
for s in sockets:
    s.close()
