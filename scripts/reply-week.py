#!/usr/bin/env python3
"""Plays a scripted week of household use (Tests/Replies/<lang>.week) through
the bot and prints every reply and every piece of news it sends, numbered, so
that native speakers can mark each one natural, odd or wrong (issue 60).

    swift build -c release --product shoptalk
    scripts/reply-week.py .build/release/shoptalk fr > fr.replies
    scripts/reply-week.py .build/release/shoptalk fr --grammar Grammar   # the files as edited, unbuilt

A week file has one typed line per row, `nick: text`; `#` starts a comment.
All lines go through one `shoptalk chat --relay` on a fresh database, so the
members are one household and hear each other's news. The output gives each
typed line, then each message it caused, as

    > jess: add 3 eggs
    12  jess   Added 3 eggs to Groceries.
    13  tom    (news) jess added 3 eggs to Groceries.

A reply of several lines (a list, the help) is one message, its lines joined
with " / ".
"""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def week(path):
    rows = []
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        nick, _, text = line.partition(": ")
        rows.append((nick.strip(), text.strip()))
    return rows


def play(binary, language, rows, options):
    with tempfile.TemporaryDirectory() as directory:
        typed = "".join(f":{nick} {text}\n" for nick, text in rows)
        # One line at a time, so that each reply is known by the line it answers.
        process = subprocess.Popen(
            [binary, "chat", "--db", os.path.join(directory, "week.db"), "--relay", "--format", "json", "--lang", language] + options,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        results = []
        for nick, text in rows:
            process.stdin.write(f":{nick} {text}\n:{nick} \x7fmark\n")
            process.stdin.flush()
            messages = []
            while True:
                out = process.stdout.readline()
                if not out:
                    break
                try:
                    reply = json.loads(out)
                except json.JSONDecodeError:
                    continue
                if reply.get("error") == "invalid" and reply.get("to") == nick and reply.get("intent") is None:
                    break
                messages.append(reply)
            results.append((nick, text, messages))
        process.stdin.close()
        process.wait()
        return results


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: reply-week.py SHOPTALK LANG [CHAT OPTION ...]")
    binary, language, options = sys.argv[1], sys.argv[2], sys.argv[3:]
    rows = week(os.path.join(HERE, "..", "Tests", "Replies", f"{language}.week"))
    number = 0
    for nick, text, messages in play(binary, language, rows, options):
        print(f"> {nick}: {text}")
        for message in messages:
            number += 1
            to = message.get("to") or message.get("user") or nick
            news = "(news) " if message.get("event") else ""
            body = message.get("text", "").replace("\n", " / ")
            print(f"{number:<4}{to:<7}{news}{body}")


if __name__ == "__main__":
    main()
