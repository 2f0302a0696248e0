#!/usr/bin/env python3
"""Crash safety under load: starts `shoptalk serve` on a temporary database,
drives it from CLIENTS concurrent connections that each add uniquely named
pairs of items ("add cKxN and cKyN") and record every add the server
confirmed, kills the server with SIGKILL at a random moment, restarts it, and
checks that every confirmed add is there and that no add was half-applied
(both items of a pair, or neither). Repeats for CYCLES cycles.

    scripts/crash-test.py [--cycles 50] [--clients 10] [--binary .build/release/shoptalk]

Everything listens on 127.0.0.1 and every process is ended by its PID.
Exit status 0 when nothing confirmed was lost and nothing was half-applied.
"""
import argparse, json, os, random, re, signal, socket, subprocess, sys, tempfile, threading, time

p = argparse.ArgumentParser()
p.add_argument("--cycles", type=int, default=50)
p.add_argument("--clients", type=int, default=10)
p.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "shoptalk"))
p.add_argument("--seed", type=int, default=None)
a = p.parse_args()
seed = a.seed if a.seed is not None else random.randrange(1 << 30)
rng = random.Random(seed)
work = tempfile.mkdtemp(prefix="shoptalk-crash-")
db = os.path.join(work, "shoptalk.sqlite")

for k in range(a.clients):
    subprocess.run([a.binary, "users", "add", f"c{k}", "--password-stdin", "--db", db],
                   input=b"secret\n", check=True, stdout=subprocess.DEVNULL)

def start_server():
    log = open(os.path.join(work, "server.log"), "ab")
    server = subprocess.Popen([a.binary, "serve", "--db", db, "--listen", "127.0.0.1:0", "--max-lines-per-second", "0"],
                              stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    line = server.stderr.readline().decode()
    match = re.search(r"addr=127\.0\.0\.1:(\d+) ", line)
    if not match:
        raise SystemExit(f"server did not start: {line}")
    # Drain the rest of the log so the server never blocks on a full pipe.
    threading.Thread(target=lambda: [log.write(chunk) for chunk in iter(lambda: server.stderr.read(4096), b"")], daemon=True).start()
    return server, int(match.group(1))

confirmed = set()      # (client, n) pairs the server confirmed
sent = set()           # every pair ever sent
lock = threading.Lock()
counter = [0]

def client(k, port, stop):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        f = s.makefile("rwb", buffering=0)
        f.readline()
        for line in (f"login c{k} secret\n", "format json\n"):
            f.write(line.encode()); f.readline()
        while not stop.is_set():
            with lock:
                counter[0] += 1
                n = counter[0]
                sent.add((k, n))
            f.write(f"add c{k}x{n} and c{k}y{n}\n".encode())
            reply = f.readline()
            if not reply:
                return
            answer = json.loads(reply)
            if answer.get("ok") and answer.get("intent") == "add_items":
                with lock:
                    confirmed.add((k, n))
    except (OSError, ValueError):
        return  # the server was killed mid-conversation

def stored_items():
    items = set()
    for k in range(a.clients):
        out = subprocess.run([a.binary, "chat", "--db", db, "--user", f"c{k}", "--format", "json"],
                             input=b"what's on my list\n", capture_output=True, check=True).stdout
        reply = json.loads(out.decode().splitlines()[-1])
        items.update(item["name"] for item in reply["data"].get("items", []))
    return items

failures = 0
for cycle in range(1, a.cycles + 1):
    server, port = start_server()
    stop = threading.Event()
    threads = [threading.Thread(target=client, args=(k, port, stop)) for k in range(a.clients)]
    for t in threads: t.start()
    time.sleep(rng.uniform(0.3, 1.5))
    os.kill(server.pid, signal.SIGKILL)
    server.wait()
    stop.set()
    for t in threads: t.join(timeout=10)
    items = stored_items()
    with lock:
        lost = [(k, n) for (k, n) in confirmed if f"c{k}x{n}" not in items or f"c{k}y{n}" not in items]
        half = [(k, n) for (k, n) in sent if (f"c{k}x{n}" in items) != (f"c{k}y{n}" in items)]
        total = len(confirmed)
    status = "ok" if not lost and not half else "FAILED"
    print(f"cycle {cycle}: {total} confirmed adds so far, {len(items)} items stored, lost {len(lost)}, half-applied {len(half)}: {status}", flush=True)
    if lost or half:
        failures += 1
        print(f"  lost: {lost[:5]} half: {half[:5]} (seed {seed}, work {work})", flush=True)

print(f"crash test: {a.cycles - failures} passed, {failures} failed (seed {seed}, {len(confirmed)} confirmed adds)")
sys.exit(1 if failures else 0)
