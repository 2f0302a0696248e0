#!/usr/bin/env python3
"""Scores the item-and-context tables (Tests/HeldOut/items/*.tsv) against the
bot: what a line does to the *thing*, the *amount* and the *list*, and what
"that", "also" and a correction point at.

    swift build -c release --product shoptalk
    scripts/score-items.py .build/release/shoptalk [LANG ...]
    scripts/score-items.py --tables Tests/ItemTables/dev .build/release/shoptalk

A table's rows have five columns:

    category<TAB>before<TAB>sentence<TAB>intent<TAB>slots

`before` holds the lines the same member typed just before, joined by " // ";
they are typed into the same session, then the sentence, and only the
sentence's reply is judged. The household comes from the header: `# lists:`,
`# members:` and `# on LIST: item, item` for what the lists already hold.

Stricter than scripts/score-heldout.py: an added item is judged by its name,
its quantity, its unit and its pack size (a mass in another unit counts when
it is the same mass: 3 斤 is 1.5 kg); a change by the amount it leaves.
Verdicts: understood, wrong, asked (a question whose reading is right),
asked wrong, refused. `--details FILE` writes each line's verdict and reply.
"""
import collections, importlib.util, json, os, shutil, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("heldout", os.path.join(HERE, "score-heldout.py"))
heldout = importlib.util.module_from_spec(spec)
spec.loader.exec_module(heldout)
fold, same_name, chat, quoted = heldout.fold, heldout.same_name, heldout.chat, heldout.quoted
TABLES = os.path.join(HERE, "..", "Tests", "HeldOut", "items")

GRAMS = {"g": 1, "kg": 1000, "jin": 500, "liang": 50, "lang": 100, "pfund": 500, "dag": 10, "lb": 453.59237, "oz": 28.349523125}
MILLILITRES = {"ml": 1, "cl": 10, "dl": 100, "litre": 1000}


def read_table(path):
    header, on, rows = {}, {}, []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        if line.startswith("#"):
            body = line[1:].strip()
            if body.startswith("on ") and ":" in body:
                name, items = body[3:].split(":", 1)
                on[name.strip()] = [item.strip() for item in items.split(",") if item.strip()]
            elif body.split(":", 1)[0] in ("lists", "members") and ":" in body:
                key, value = body.split(":", 1)
                header[key] = [part.strip() for part in value.split(",") if part.strip()]
            continue
        columns = line.split("\t")
        if len(columns) < 4:
            raise SystemExit(f"{path}:{number}: needs category, before, sentence, intent, slots")
        slots = {}
        for pair in (columns[4] if len(columns) > 4 else "").split(" ; "):
            if "=" in pair:
                key, value = pair.split("=", 1)
                slots[key.strip()] = value.strip()
        before = [part.strip() for part in columns[1].split(" // ") if part.strip()]
        rows.append(dict(line=number, category=columns[0].strip(), before=before, sentence=columns[2].strip(),
                         intent=columns[3].strip(), slots=slots))
    return header, on, rows


def expected_items(value):
    items = []
    for piece in value.split("|"):
        parts = [part.strip() for part in piece.split("*")] + ["", "", ""]
        items.append(dict(name=parts[0], quantity=float(parts[1]) if parts[1] else 1.0, unit=parts[2] or None,
                          size=parts[3] or None))
    return items


def amount(quantity, unit):
    """A comparable amount: grams, millilitres, or (unit, quantity)."""
    if unit in GRAMS:
        return ("g", round(quantity * GRAMS[unit], 1))
    if unit in MILLILITRES:
        return ("ml", round(quantity * MILLILITRES[unit], 1))
    return (unit, round(quantity, 3))


def size_of(item):
    """The pack size the bot stored: `size`, if it says one."""
    size = item.get("size")
    return None if size in (None, "") else str(size).replace(" ", "")


def same_size(said, wanted):
    if wanted is None:
        return said is None
    if said is None:
        return False
    if said == wanted:
        return True
    digits = lambda text: "".join(c for c in text if c.isdigit() or c == ".")
    units = lambda text: "".join(c for c in text if c.isalpha())
    try:
        return amount(float(digits(said)), units(said) or None) == amount(float(digits(wanted)), units(wanted) or None)
    except ValueError:
        return False


def same_item(got, want):
    if not same_name(got.get("name", ""), want["name"]):
        return False
    unit = (got.get("unit") or "").split("/")[0] or None
    if amount(float(got.get("quantity") or 1), unit) != amount(want["quantity"], want["unit"]):
        return False
    return same_size(size_of(got), want["size"])


def matches_items(said, wanted):
    if len(said) != len(wanted):
        return False
    left = list(said)
    for want in wanted:
        match = next((got for got in left if same_item(got, want)), None)
        if match is None:
            return False
        left.remove(match)
    return True


def action_of(slots):
    if "items" in slots:
        return "add_items"
    if "quantity" in slots or "unit" in slots:
        return "update_item"
    if "to_list" in slots:
        return "move_items"
    return None


def judge(row, reply, language, default, lists):
    expected, slots = row["intent"], row["slots"]
    data = reply.get("data") or {}
    if expected == "?":
        return "wrong" if reply.get("intent") in heldout.CHANGES and reply.get("ok") else "understood"
    if reply.get("error") == "question":
        reading = data.get("reading")
        if isinstance(reading, dict) and reading.get("intent"):
            acted = {"ok": True, "intent": reading["intent"], "lang": language, "data": reading.get("slots") or {}}
            verdict = judge(dict(row, intent=action_of(slots) or expected if expected == "confirm" else expected),
                            acted, language, default, lists)
            return "asked" if verdict == "understood" else "asked wrong"
        return "asked"
    if reply.get("intent") is None:
        return "refused"
    if reply.get("lang") != language:
        return "wrong"
    wanted_intent = expected
    if expected == "confirm":
        wanted_intent = action_of(slots)
        if wanted_intent is None or reply["intent"] == "confirm":
            return "understood" if reply["intent"] in ("confirm", "acknowledge") or wanted_intent is None else "wrong"
    if expected == "deny":
        return "understood" if reply["intent"] in ("deny", "acknowledge") else "wrong"
    if reply["intent"] != wanted_intent:
        return "wrong"
    if not reply.get("ok"):
        return "refused"
    wanted_list = slots.get("list")
    if wanted_list in (None, "default"):
        wanted_list = default
    named = heldout.names_under(data, ("list", "from")) if wanted_intent == "move_items" else heldout.list_names(data)
    if wanted_list and named and not same_name(named[0], wanted_list):
        return "wrong"
    if wanted_intent == "add_items" and "items" in slots:
        said = data.get("items") or []
        if not matches_items(said, expected_items(slots["items"])):
            return "wrong"
        # A note in brackets ("yoghurt (greek, the big tub)") is kept as the item's note, not in its name.
        note = slots.get("text") or slots.get("note")
        return "understood" if not note or any(item.get("note") for item in said) else "wrong"
    if "item" in slots:
        names = heldout.item_names(data)
        if names and not all(same_name(name, slots["item"]) for name in names):
            return "wrong"
    if wanted_intent == "update_item" and "quantity" in slots:
        item = data.get("item") or {}
        if isinstance(item, str):
            item = dict(name=item, quantity=data.get("quantity"), unit=data.get("unit"))
        want = dict(name=slots.get("item", item.get("name", "")), quantity=float(slots["quantity"]),
                    unit=slots.get("unit") or item.get("unit"), size=size_of(item))
        return "understood" if same_item(item, want) else "wrong"
    if wanted_intent == "move_items" and "to_list" in slots:
        if not any(same_name(name, slots["to_list"]) for name in heldout.names_under(data, ("list", "to"))):
            return "wrong"
    return "understood"


def seed(binary, folder, header, on):
    lists = header["lists"]
    default = next((name.rstrip("*") for name in lists if name.endswith("*")), lists[0].rstrip("*"))
    names = [name.rstrip("*") for name in lists]
    database = os.path.join(folder, "seed.sqlite")
    for member in header.get("members", []):
        chat(binary, database, ["hello"], user=member)
    setup = [f"create a list called {quoted(name)}" for name in names]
    setup.append(f"make {quoted(default)} my default list")
    for where, items in on.items():
        target = next((name for name in names if fold(name) == fold(where)), where)
        for item in items:
            # A name the bot has never met is asked about ("just as you wrote it?"): yes.
            setup += [f"add {quoted(item)} to {quoted(target)}", "yes"]
    replies = chat(binary, database, setup)
    failed = [reply["text"] for reply in replies
              if not reply["ok"] and reply.get("intent") not in ("confirm", None) and reply.get("error") != "question"]
    if failed:
        print(f"  seed: {len(failed)} setup lines refused, e.g. {failed[0]}", file=sys.stderr)
    return database, default, names


def score(binary, language, details, tables):
    header, on, rows = read_table(os.path.join(tables, f"{language}.tsv"))
    folder = tempfile.mkdtemp(prefix=f"items-{language}-")
    try:
        seeded, default, lists = seed(binary, folder, header, on)
        verdicts, by_category = collections.Counter(), collections.defaultdict(collections.Counter)
        database = os.path.join(folder, "line.sqlite")
        for row in rows:
            shutil.copyfile(seeded, database)
            replies = chat(binary, database, row["before"] + [row["sentence"]], lang=language)
            reply = replies[-1] if len(replies) == len(row["before"]) + 1 else {"ok": False, "intent": None, "text": "(no reply)"}
            verdict = judge(row, reply, language, default, lists)
            verdicts[verdict] += 1
            by_category[row["category"]][verdict] += 1
            if details:
                details.write(f"{language}\t{verdict}\t{row['category']}\t{' // '.join(row['before'])}\t{row['sentence']}\t"
                              f"{row['intent']}\t{json.dumps(row['slots'], ensure_ascii=False)}\t{json.dumps(reply, ensure_ascii=False)}\n")
        return len(rows), verdicts, by_category
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    args = sys.argv[1:]
    details, tables, by_kind = None, TABLES, "--by-category" in args
    if by_kind:
        args.remove("--by-category")
    if "--details" in args:
        index = args.index("--details")
        details = open(args[index + 1], "w", encoding="utf-8")
        del args[index:index + 2]
    if "--tables" in args:
        index = args.index("--tables")
        tables = args[index + 1]
        del args[index:index + 2]
    if not args:
        raise SystemExit(__doc__)
    binary = os.path.abspath(args[0])
    languages = args[1:] or sorted(name[:-4] for name in os.listdir(tables) if name.endswith(".tsv"))
    kinds = ("understood", "wrong", "asked", "asked wrong", "refused")
    print("| language | lines | " + " | ".join(kinds) + " |")
    print("| --- | ---: |" + " ---: |" * len(kinds))
    for language in languages:
        total, verdicts, by_category = score(binary, language, details, tables)
        print(f"| {language} | {total} | " + " | ".join(f"{100 * verdicts[k] / total:.1f}%" for k in kinds) + " |", flush=True)
        if by_kind:
            for category, counts in sorted(by_category.items()):
                print(f"|   {category} | {sum(counts.values())} | " + " | ".join(str(counts[k]) for k in kinds) + " |")


if __name__ == "__main__":
    main()
