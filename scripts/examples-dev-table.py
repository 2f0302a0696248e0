#!/usr/bin/env python3
"""Writes the examples the reader keeps apart from training (one in ten,
chosen by its text: the same rule as LanguageModel.isKeptApart) as held-out
tables, to score the whole bot on lines its model never trained on:

    scripts/examples-dev-table.py OUT_DIR [LANG ...]
    scripts/score-heldout.py --tables OUT_DIR .build/release/shoptalk

These lines come from the same writers as the training examples, so they
measure the bot on familiar kinds of lines; Tests/HeldOut/round5 measures it
on lines nobody on the team wrote. Tune against these, never against those.
"""
import json, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
GRAMMAR = os.path.join(HERE, "..", "Grammar")
MARK = re.compile(r"\[([^\[\]]+)\]\(([a-z_]+)(?:=([^()]+))?\)")


def fnv(kind, parts):
    value = 0xcbf29ce484222325
    def mix(byte):
        nonlocal value
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    mix(kind)
    for part in parts:
        for byte in part.encode("utf-8"):
            mix(byte)
        mix(0x1F)
    return value


def examples(language):
    intent = None
    for line in open(os.path.join(GRAMMAR, language, f"{language}.examples"), encoding="utf-8"):
        line = line.rstrip("\n")
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line.startswith("intent "):
            intent = line.split()[1]
            continue
        spans = [(m.group(2), m.group(1), m.group(3)) for m in MARK.finditer(stripped)]
        yield intent, MARK.sub(lambda m: m.group(1), stripped).rstrip(), spans


# A line each language's grammar reads as "add THING": how a marked thing's name is read,
# its amount and articles left out ("2 kg of flour" is flour, "молока" молоко).
ADD = {"en": "add {}", "es": "añade {}", "fr": "ajoute {}", "de": "{} hinzufügen", "ru": "добавь {}", "vi": "thêm {}", "zh": "加{}"}


def names(binary, language, phrases):
    """The name the bot keeps for each marked thing, or the words as marked."""
    if not phrases:
        return {}
    lines = [ADD.get(language, "add {}").format(phrase.replace("\n", " ")) for phrase in phrases]
    run = subprocess.run([binary, "parse", "--lang", language], input="\n".join(lines) + "\n", capture_output=True, text=True)
    found = {}
    for phrase, answer in zip(phrases, run.stdout.splitlines()):
        items = (json.loads(answer).get("slots") or {}).get("items") or []
        found[phrase] = items[0]["name"] if len(items) == 1 else phrase
    return found


def main():
    binary = os.environ.get("SHOPTALK", os.path.join(HERE, "..", ".build", "release", "shoptalk"))
    out = sys.argv[1]
    languages = sys.argv[2:] or sorted(d for d in os.listdir(GRAMMAR) if os.path.isdir(os.path.join(GRAMMAR, d)))
    os.makedirs(out, exist_ok=True)
    for language in languages:
        rows, lists, members = [], [], []
        apart = [(intent, text, spans) for intent, text, spans in examples(language)
                 if fnv(ord("x"), [intent, text]) % 10 == 0 and "\t" not in text]
        named = names(binary, language, sorted({words for _, _, spans in apart for slot, words, _ in spans if slot == "item"}))
        for intent, text, spans in apart:
            slots = []
            items = [named.get(words, words) for slot, words, _ in spans if slot == "item"]
            if intent == "add_items" and items:
                slots.append("items=" + "|".join(items))
            elif items:
                slots.append("item=" + items[0])
            for slot, words, value in spans:
                if slot in ("list", "to_list") and slot == "list":
                    slots.append("list=" + words)
                    if words not in lists:
                        lists.append(words)
                if slot == "user" and value is None and words not in members:
                    members.append(words)
            if not any(s.startswith("list=") for s in slots):
                slots.append("list=default")
            rows.append(f"dev\t{text}\t{intent}\t{' ; '.join(slots)}")
        header = [f"# The examples of Grammar/{language}/{language}.examples the reader keeps apart from training (scripts/examples-dev-table.py).",
                  "# lists: " + ", ".join(["Default*"] + [l.replace(",", " ") for l in lists]),
                  "# members: " + ", ".join(m.replace(",", " ") for m in members),
                  "# household: per line"]
        with open(os.path.join(out, f"{language}.tsv"), "w", encoding="utf-8") as f:
            f.write("\n".join(header + rows) + "\n")
        print(language, len(rows))


if __name__ == "__main__":
    main()
