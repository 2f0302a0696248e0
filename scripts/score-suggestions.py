#!/usr/bin/env python3
"""How often a refusal suggests the request the line meant: reads the
`--details` files of scripts/score-heldout.py, parses each suggestion of
each refused line with `shoptalk parse --lang`, and counts the lines whose
first suggestion, and whose any suggestion, makes the table's request.

    scripts/score-heldout.py --tables Tests/HeldOut/seen2 --details /tmp/after.tsv .build/release/shoptalk
    scripts/score-suggestions.py .build/release/shoptalk /tmp/before.tsv /tmp/after.tsv
"""
import json, subprocess, sys


def refused(path):
    rows = []
    for line in open(path, encoding="utf-8"):
        columns = line.rstrip("\n").split("\t")
        if columns[1] != "refused" or columns[4] in ("?", ""):
            continue
        try:
            reply = json.loads(columns[-1])
        except ValueError:
            continue
        rows.append((columns[0], columns[4], (reply.get("data") or {}).get("suggestions") or []))
    return rows


def intents(binary, language, suggestions):
    if not suggestions:
        return []
    done = subprocess.run([binary, "parse", "--lang", language], input="\n".join(suggestions) + "\n",
                          capture_output=True, text=True, check=True)
    return [json.loads(line).get("intent") for line in done.stdout.splitlines() if line.strip()]


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    binary = sys.argv[1]
    for path in sys.argv[2:]:
        rows = refused(path)
        first = anywhere = 0
        for language, meant, suggestions in rows:
            read = intents(binary, language, suggestions)
            first += read[:1] == [meant]
            anywhere += meant in read
        print(f"{path}: {len(rows)} refused lines; the request meant is suggested first for {first}, at all for {anywhere}")


main()
