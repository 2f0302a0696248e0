#!/usr/bin/env python3
"""Start-up of a release `shoptalk`: wall time from spawning the process to its
exit after answering one line, median and 90th percentile over 40 runs.

    swift build -c release --product shoptalk && scripts/bench-startup.py [BINARY ...]

With several binaries (an old build copied aside, say), each line is timed
for each of them in turn, so that the machine's noise falls on all alike.
"""
import os, pathlib, shutil, statistics, subprocess, sys, tempfile, time

binaries = sys.argv[1:] or [str(pathlib.Path(__file__).resolve().parent.parent / ".build/release/shoptalk")]

def measure(binary, arguments, runs=40, line=b"help\n", cold=False):
    times = []
    for _ in range(runs):
        # Cold: an empty cache folder each run, as on the first start after
        # an install or upgrade (the grammars are compiled, and written).
        cache = tempfile.mkdtemp() if cold else None
        environment = dict(os.environ, XDG_CACHE_HOME=cache) if cold else None
        start = time.perf_counter()
        subprocess.run([str(binary), *arguments], input=line, stdout=subprocess.DEVNULL, check=True, env=environment)
        times.append((time.perf_counter() - start) * 1000)
        if cache:
            shutil.rmtree(cache)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)]

# The default language's grammar is read (or compiled) before the first line,
# the others beside it on a thread of their own: a first line in another
# language is tried in that language next, read or compiled then if it is not
# yet. Compiled grammars are kept in the user's cache folder between runs
# (GrammarCache): every row but the "cold" ones reads them from there, as
# every start but the first after an install does.
chat = ["chat", "--db", ":memory:"]
warm = [("--version (process start only)", ["--version"], b"help\n"),
        ("parse, one line", ["parse"], b"help\n"),
        ("chat --db :memory:, one line", chat, b"help\n"),
        ("chat --db :memory:, one line in Spanish", chat, "añade leche\n".encode()),
        ("chat --db :memory:, one line in German", chat, "füge Milch hinzu\n".encode()),
        ("chat --db :memory:, one line in French", chat, "ajoute du lait\n".encode()),
        ("chat --db :memory:, one line in Russian", chat, "добавь молоко\n".encode()),
        ("chat --db :memory:, one line in Vietnamese", chat, "thêm sữa\n".encode()),
        ("chat --db :memory:, one line in Chinese", chat, "加牛奶\n".encode()),
        # No sentence holds it: the reader's model is read from the cache and reads it.
        ("chat --db :memory:, one line the reader reads", chat, b"bung 2 tins of beans on the list\n")]
cold = [("cold (empty cache): chat --db :memory:, one line", chat, b"help\n"),
        ("cold (empty cache): chat --db :memory:, one line in Russian", chat, "добавь молоко\n".encode()),
        # The first such line after an install trains its language's model, and only that one.
        ("cold (empty cache): chat --db :memory:, one line the reader reads", chat, b"bung 2 tins of beans on the list\n")]
for rows, is_cold in [(warm, False), (cold, True)]:
    for label, arguments, line in rows:
        for binary in binaries:
            median, p90 = measure(binary, arguments, line=line, cold=is_cold)
            name = f" [{binary}]" if len(binaries) > 1 else ""
            print(f"{label}{name}: median {median:.1f} ms, p90 {p90:.1f} ms")
