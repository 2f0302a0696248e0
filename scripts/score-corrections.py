#!/usr/bin/env python3
"""Scores lines that change an amount and say the old one too ("eggs 10 not
6", "von 1 auf 3 Flaschen", «не 2 батона, а 4»): each item is put on a list
with its old amount, then the line is typed, alone, into a fresh
`shoptalk chat --format json` in its language, and the item's amount read
back.

    swift build -c release --product shoptalk
    scripts/score-corrections.py --tables Tests/Dev/corrections .build/release/shoptalk [LANG ...]

For each line the verdict is one of
  understood   the item's amount is the new one, and nothing else changed;
  wrong        another amount, another item changed or added;
  asked        the bot asked, and "yes" set the new amount;
  asked wrong  the bot asked, and "yes" would have set another;
  refused      nothing changed, and the bot said it did not understand.
The tables were written by native speakers who never saw the grammars;
`Tests/HeldOut/corrections` is scored as totals only.
`--details FILE` writes every line's verdict and reply.
"""
import collections, json, os, subprocess, sys, tempfile

YES = {"en": "yes", "de": "ja", "fr": "oui", "es": "sí", "ru": "да", "vi": "có", "zh": "好"}
LIST = "Home"


def chat(binary, database, lines, lang):
    run = subprocess.run(
        [binary, "chat", "--db", database, "--user", "kim", "--format", "json", "--lang", lang],
        input="".join(line + "\n" for line in lines), capture_output=True, text=True, timeout=60)
    return [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]


def shown(binary, database, lang):
    replies = chat(binary, database, [f'show "{LIST}"'], lang)
    items = (replies[-1].get("data") or {}).get("items", []) if replies else []
    return {item["name"]: item.get("quantity") for item in items}


def judge(binary, folder, row):
    database = os.path.join(folder, f"{row['number']}.sqlite")
    old, new = float(row["old"]), float(row["new"])
    chat(binary, database, [f'create a list called "{LIST}"', f'make "{LIST}" my default list',
                            f'add {row["old"]} "{row["item"]}" to "{LIST}"'], "en")
    before = shown(binary, database, "en")
    replies = chat(binary, database, [row["line"]], row["lang"])
    reply = replies[-1] if replies else {}
    asked = reply.get("error") == "question"
    if asked:
        chat(binary, database, [row["line"], YES[row["lang"]]], row["lang"])
    after = shown(binary, database, "en")
    if after == before:
        # Done, but to the old amount ("changed to 1 case" of a case already there): a wrong change, not a refusal.
        return ("asked wrong" if asked else "wrong" if reply.get("ok") else "refused"), reply
    changed = {name: quantity for name, quantity in after.items() if before.get(name) != quantity}
    right = len(changed) == 1 and set(after) == set(before) and abs(float(next(iter(changed.values()))) - new) < 1e-6
    if asked:
        return ("asked" if right else "asked wrong"), reply
    return ("understood" if right else "wrong"), reply


def main():
    args = sys.argv[1:]
    details = None
    tables = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Dev", "corrections")
    while args and args[0].startswith("--"):
        option = args.pop(0)
        if option == "--tables":
            tables = args.pop(0)
        elif option == "--details":
            details = open(args.pop(0), "w")
    binary, languages = args[0], set(args[1:])
    rows = []
    for name in sorted(os.listdir(tables)):
        if not name.endswith(".tsv"):
            continue
        with open(os.path.join(tables, name)) as table:
            header = table.readline().rstrip("\n").split("\t")
            for number, line in enumerate(table):
                row = dict(zip(header, line.rstrip("\n").split("\t")))
                row["number"] = f"{name}-{number}"
                if not languages or row["lang"] in languages:
                    rows.append(row)
    counts = collections.defaultdict(collections.Counter)
    with tempfile.TemporaryDirectory() as folder:
        for row in rows:
            verdict, reply = judge(binary, folder, row)
            counts[row["lang"]][verdict] += 1
            if details:
                details.write(f"{row['lang']}\t{verdict}\t{row['line']}\t{row['old']} → {row['new']}\t{reply.get('text', '')}\n")
    print("| language | lines | understood | wrong | asked | asked wrong | refused |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for language in sorted(counts):
        total = sum(counts[language].values())
        cells = " | ".join(f"{counts[language][verdict]}" for verdict in ["understood", "wrong", "asked", "asked wrong", "refused"])
        print(f"| {language} | {total} | {cells} |")


if __name__ == "__main__":
    main()
