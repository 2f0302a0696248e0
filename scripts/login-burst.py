#!/usr/bin/env python3
"""Opens COUNT connections to a ShopTalk server on 127.0.0.1 at once, each
saying `login user{i} secret` (users user0 .. user{COUNT-1}), waits for every
answer, and prints how long the last one took. Bounded: stops after
--max-seconds. Used by scripts/bench-login-burst.sh.

    scripts/login-burst.py PORT COUNT
"""
import argparse, selectors, socket, sys, time

p = argparse.ArgumentParser()
p.add_argument("port", type=int)
p.add_argument("count", type=int)
p.add_argument("--max-seconds", type=float, default=120)
a = p.parse_args()
assert 1 <= a.count <= 1000

started = time.time()
deadline = started + a.max_seconds
sel = selectors.DefaultSelector()
for i in range(a.count):
    s = socket.create_connection(("127.0.0.1", a.port))
    s.setblocking(False)
    sel.register(s, selectors.EVENT_READ, [b"", i])
    s.sendall(f"login user{i} secret\n".encode())

answered, ok, last = 0, 0, 0.0
while answered < a.count and time.time() < deadline:
    for key, _ in sel.select(timeout=1):
        data = key.data
        chunk = key.fileobj.recv(65536)
        data[0] += chunk
        lines = data[0].split(b"\n")
        # The greeting, then the answer to the login.
        if len(lines) >= 3 or not chunk:
            answered += 1
            ok += lines[1].startswith(b"Hello") if len(lines) >= 2 else 0
            last = time.time() - started
            sel.unregister(key.fileobj)
            key.fileobj.close()
print(f"logins={a.count} answered={answered} ok={ok} last_answer_s={last:.2f}")
sys.exit(0 if answered == a.count else 1)
