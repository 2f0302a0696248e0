#!/usr/bin/env python3
"""Rewrites the replies of Tests/ShopTalkCLITests/Transcripts/<lang>.txt from
what the bot says now, keeping the comments and the typed lines: after a
deliberate change of a message file, then read the diff before committing.

    swift build --product shoptalk
    scripts/regenerate-transcripts.py .build/debug/shoptalk [LANG ...]
"""
import json, os, subprocess, sys

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ShopTalkCLITests", "Transcripts")


def main():
    binary, languages = sys.argv[1], sys.argv[2:]
    if not languages:
        languages = sorted(name[:-4] for name in os.listdir(FOLDER) if name.endswith(".txt"))
    for language in languages:
        path = os.path.join(FOLDER, f"{language}.txt")
        lines = open(path, encoding="utf-8").read().split("\n")[:-1]
        typed = [line[2:] for line in lines if line.startswith("> ")]
        run = subprocess.run([binary, "chat", "--db", ":memory:", "--user", "ana", "--format", "json"],
                             input="\n".join(typed) + "\n", capture_output=True, text=True)
        replies = [json.loads(line)["text"] for line in run.stdout.splitlines() if line.strip()]
        if len(replies) != len(typed):
            sys.exit(f"{language}: {len(typed)} lines typed but {len(replies)} replies")
        out, index = [], 0
        for line in lines:
            if line.startswith("#") and index == 0:
                out.append(line)
            elif line.startswith("> "):
                out.append(line)
                out.extend(replies[index].split("\n"))
                index += 1
        open(path, "w", encoding="utf-8").write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
