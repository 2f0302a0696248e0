#!/usr/bin/env python3
"""Counts a marking of the replies of scripts/reply-week.py: natural, odd and
wrong per language, from `<lang>.marks.tsv` files (columns: number, verdict,
kind, reply, native) that native speakers filled in.

    scripts/count-marks.py MARKS_DIR
"""
import collections, csv, os, sys

folder = sys.argv[1]
print(f"{'lang':<5}{'natural':>9}{'odd':>6}{'wrong':>7}{'total':>7}{'natural %':>11}")
for name in sorted(os.listdir(folder)):
    if not name.endswith(".marks.tsv"):
        continue
    counts = collections.Counter()
    with open(os.path.join(folder, name), encoding="utf-8") as table:
        for row in csv.DictReader(table, delimiter="\t", quoting=csv.QUOTE_NONE):
            counts[(row.get("verdict") or "").strip()] += 1
    total = counts["natural"] + counts["odd"] + counts["wrong"]
    print(f"{name.split('.')[0]:<5}{counts['natural']:>9}{counts['odd']:>6}{counts['wrong']:>7}{total:>7}{100 * counts['natural'] / max(total, 1):>10.1f}%")
