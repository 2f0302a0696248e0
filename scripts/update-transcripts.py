#!/usr/bin/env python3
"""Rewrites the answers in Tests/ShopTalkCLITests/Transcripts/<code>.txt from
what the built binary says now, keeping the typed lines (`> `) and comments.

Run after a change that rewords answers on purpose, then read `git diff`:
every changed answer must be one you meant.

    swift build && python3 scripts/update-transcripts.py [code ...]
"""
import pathlib, subprocess, sys

root = pathlib.Path(__file__).resolve().parent.parent
binary = root / ".build" / "debug" / "shoptalk"
folder = root / "Tests" / "ShopTalkCLITests" / "Transcripts"


def chat(inputs):
    run = subprocess.run([str(binary), "chat", "--db", ":memory:", "--user", "ana"],
                         input="".join(line + "\n" for line in inputs), capture_output=True, text=True)
    return run.stdout


def update(path):
    lines = path.read_text().split("\n")[:-1]
    inputs, out, said = [], [], ""
    for line in lines:
        if line.startswith("#"):
            out.append(line)
        elif line.startswith("> "):
            inputs.append(line[2:])
            out.append(line)
            now = chat(inputs)
            assert now.startswith(said), f"{path.name}: earlier answers changed after “{line}”"
            out.extend(now[len(said):].split("\n")[:-1])
            said = now
    # What is said before the first line typed (the greeting) comes first.
    greeting = chat([])
    first = next(i for i, line in enumerate(out) if line.startswith("> "))
    kept = [line for line in out[:first] if line.startswith("#")]
    path.write_text("\n".join(kept + greeting.split("\n")[:-1] + out[first:]) + "\n")


for code in sys.argv[1:] or sorted(p.stem for p in folder.glob("*.txt")):
    update(folder / f"{code}.txt")
