#!/usr/bin/env python3
"""A thousand households on one ShopTalk server, as a service would carry
them: a few members each, mostly idle, now and then a burst of adds to
their shared list. Open loop (bursts come when they come, not when the last
answer did), through a few relay connections that speak for every member,
as chat relays do; each add's latency is from its line sent to its
answer's first line, matched by label. Bounded by --seconds; everything on
127.0.0.1.

    scripts/households.py PORT RELAY TOKEN [--households 1000] [--members 3]
        [--every 20] [--seconds 20] [--relays 16]

Members h{N}m{K} must exist (bench-households.sh makes them). Prints one
line: households, bursts, adds answered, refused, unanswered within 10 s (timed_out), p50/p99/max in ms.
"""
import argparse, asyncio, random, time

p = argparse.ArgumentParser()
p.add_argument("port", type=int)
p.add_argument("relay")
p.add_argument("token")
p.add_argument("--households", type=int, default=1000)
p.add_argument("--members", type=int, default=3)
p.add_argument("--every", type=float, default=20.0, help="mean seconds between a household's bursts")
p.add_argument("--seconds", type=float, default=20.0)
p.add_argument("--relays", type=int, default=16)
p.add_argument("--burst", type=int, default=3, help="adds in a burst")
a = p.parse_args()

class Relay:
    def __init__(self):
        self.pending = {}  # label -> (sent time, future)
        self.next = 0

    async def open(self):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", a.port, limit=1 << 20)
        await self.reader.readline()  # greeting
        self.writer.write(f"relay {a.relay} {a.token}\n".encode())
        await self.reader.readline()
        self.task = asyncio.create_task(self.read())

    async def read(self):
        while True:
            line = await self.reader.readline()
            if not line:
                return
            text = line.decode(errors="replace")
            if text.startswith("@label="):
                label = text[7:text.index(" ")]
                waiting = self.pending.pop(label, None)
                if waiting and not waiting[1].done():
                    waiting[1].set_result((time.perf_counter() - waiting[0], text))

    async def say(self, member, line):
        self.next += 1
        label = f"r{self.next}"
        future = asyncio.get_running_loop().create_future()
        self.pending[label] = (time.perf_counter(), future)
        self.writer.write(f"@label={label} :{member} {line}\n".encode())
        try:
            return await asyncio.wait_for(future, 10)
        except asyncio.TimeoutError:
            self.pending.pop(label, None)
            return None

async def main():
    relays = [Relay() for _ in range(a.relays)]
    for relay in relays:
        await relay.open()
    def relay_of(h):
        return relays[h % len(relays)]
    # Each household's first member makes a list and shares it with the others.
    async def set_up(h):
        r = relay_of(h)
        owner = f"h{h}m0"
        await r.say(owner, "create list Groceries")
        for k in range(1, a.members):
            await r.say(owner, f"share Groceries with h{h}m{k}")
            await r.say(f"h{h}m{k}", "accept Groceries")
    for start in range(0, a.households, 100):
        await asyncio.gather(*(set_up(h) for h in range(start, min(start + 100, a.households))))
    latencies, refused, timed_out, bursts = [], 0, 0, 0
    things = ["eggs", "milk", "bread", "apples", "cheese", "rice", "tea", "jam", "butter", "pasta"]
    async def burst(h):
        nonlocal refused, timed_out
        r = relay_of(h)
        for _ in range(a.burst):
            k = random.randrange(a.members)
            answer = await r.say(f"h{h}m{k}", f"add {random.choice(things)} to h{h}m0's Groceries" if k else f"add {random.choice(things)} to Groceries")
            if answer is None:
                timed_out += 1
            else:
                latencies.append(answer[0])
                if "Added" not in answer[1]:
                    refused += 1
            await asyncio.sleep(random.uniform(0.05, 0.3))
    rate = a.households / a.every  # bursts a second, all households together
    tasks, deadline = [], time.perf_counter() + a.seconds
    while time.perf_counter() < deadline:
        await asyncio.sleep(random.expovariate(rate))
        bursts += 1
        tasks.append(asyncio.create_task(burst(random.randrange(a.households))))
    await asyncio.gather(*tasks)
    latencies.sort()
    def at(q):
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else 0
    print(f"households={a.households} members={a.members} bursts={bursts} adds={len(latencies)} refused={refused} timed_out={timed_out} "
          f"offered_adds_per_s={rate * a.burst:.0f} p50_ms={at(0.5):.2f} p99_ms={at(0.99):.2f} max_ms={at(1.0):.2f}")

asyncio.run(main())
