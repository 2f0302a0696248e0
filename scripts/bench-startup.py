#!/usr/bin/env python3
"""Start-up of a release `shoptalk`: wall time from spawning the process to its
exit after answering one line, median and 90th percentile over 40 runs.

    swift build -c release --product shoptalk && scripts/bench-startup.py
"""
import pathlib, statistics, subprocess, time

binary = pathlib.Path(__file__).resolve().parent.parent / ".build/release/shoptalk"

def measure(arguments, runs=40, line=b"help\n"):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(binary), *arguments], input=line, stdout=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)]

# The default language's grammar is compiled before the first line, the
# others on a thread of their own: a first line in Spanish waits for Spanish.
for label, arguments, line in [("--version (process start only)", ["--version"], b"help\n"),
                               ("parse, one line", ["parse"], b"help\n"),
                               ("chat --db :memory:, one line", ["chat", "--db", ":memory:"], b"help\n"),
                               ("chat --db :memory:, one line in Spanish", ["chat", "--db", ":memory:"], "añade leche\n".encode())]:
    median, p90 = measure(arguments, line=line)
    print(f"{label}: median {median:.1f} ms, p90 {p90:.1f} ms")
