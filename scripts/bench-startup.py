#!/usr/bin/env python3
"""Start-up of a release `shoptalk`: wall time from spawning the process to its
exit after answering one line, median and 90th percentile over 40 runs.

    swift build -c release --product shoptalk && scripts/bench-startup.py [BINARY ...]

With several binaries (an old build copied aside, say), each line is timed
for each of them in turn, so that the machine's noise falls on all alike.
"""
import pathlib, statistics, subprocess, sys, time

binaries = sys.argv[1:] or [str(pathlib.Path(__file__).resolve().parent.parent / ".build/release/shoptalk")]

def measure(binary, arguments, runs=40, line=b"help\n"):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(binary), *arguments], input=line, stdout=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)]

# The default language's grammar is compiled before the first line, the
# others beside it on a thread of their own: a first line in another language
# is tried in that language next, compiled then if it is not yet.
for label, arguments, line in [("--version (process start only)", ["--version"], b"help\n"),
                               ("parse, one line", ["parse"], b"help\n"),
                               ("chat --db :memory:, one line", ["chat", "--db", ":memory:"], b"help\n"),
                               ("chat --db :memory:, one line in Spanish", ["chat", "--db", ":memory:"], "añade leche\n".encode()),
                               ("chat --db :memory:, one line in German", ["chat", "--db", ":memory:"], "füge Milch hinzu\n".encode()),
                               ("chat --db :memory:, one line in French", ["chat", "--db", ":memory:"], "ajoute du lait\n".encode()),
                               ("chat --db :memory:, one line in Russian", ["chat", "--db", ":memory:"], "добавь молоко\n".encode()),
                               ("chat --db :memory:, one line in Vietnamese", ["chat", "--db", ":memory:"], "thêm sữa\n".encode()),
                               ("chat --db :memory:, one line in Chinese", ["chat", "--db", ":memory:"], "加牛奶\n".encode())]:
    for binary in binaries:
        median, p90 = measure(binary, arguments, line=line)
        name = f" [{binary}]" if len(binaries) > 1 else ""
        print(f"{label}{name}: median {median:.1f} ms, p90 {p90:.1f} ms")
