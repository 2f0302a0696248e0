#!/usr/bin/env python3
"""Start-up of a release `shoptalk`: wall time from spawning the process to its
exit after answering one line, median and 90th percentile over 40 runs.

    swift build -c release --product shoptalk && scripts/bench-startup.py
"""
import pathlib, statistics, subprocess, time

binary = pathlib.Path(__file__).resolve().parent.parent / ".build/release/shoptalk"

def measure(arguments, runs=40):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(binary), *arguments], input=b"help\n", stdout=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)]

for label, arguments in [("--version (process start only)", ["--version"]),
                         ("parse, one line", ["parse"]),
                         ("chat --db :memory:, one line", ["chat", "--db", ":memory:"])]:
    median, p90 = measure(arguments)
    print(f"{label}: median {median:.1f} ms, p90 {p90:.1f} ms")
