#!/usr/bin/env python3
"""Scores the held-out sentence tables (Tests/HeldOut/*.tsv) against the bot
itself, as a member would meet it: each sentence is typed, on its own, into
`shoptalk chat --format json` over a household seeded with the table's lists
(and with the item each sentence is about already on its list), and the
reply is judged.

    swift build -c release --product shoptalk
    scripts/score-heldout.py .build/release/shoptalk [LANG ...]
    scripts/score-heldout.py --tables Tests/HeldOut/seen .build/release/shoptalk

For each line the verdict is one of
  understood  the intended intent, acting on the list and items meant,
              answered in the table's language;
  wrong       another intent, another list or item, a change where the
              table expects a question, or a reply in another language;
  asked       the bot asked a question back (did you mean, how many, which);
  refused     not understood, or understood but nothing found to act on.
The tables were written by native speakers who never saw the grammars; they
measure the grammars, and are never tuned against (see Tests/HeldOut/README.md).
`--details FILE` writes every line's verdict and reply for reading afterwards.
"""
import json, os, re, shutil, subprocess, sys, tempfile, unicodedata, collections

HERE = os.path.dirname(os.path.abspath(__file__))
TABLES = os.path.join(HERE, "..", "Tests", "HeldOut")
SPEAKER = "kim"


def fold(text):
    text = unicodedata.normalize("NFD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    # "oeufs" is how "œufs" is typed on a keyboard without the ligature.
    return text.replace("đ", "d").replace("ё", "е").replace("œ", "oe").replace("æ", "ae").strip()


def same_name(said, expected):
    """Names match whatever their case and accents, and a plural ending
    ("egg"/"eggs", "Ei"/"Eier", "œuf"/"œufs") is forgiven."""
    a, b = fold(said), fold(expected)
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and len(long) - len(short) <= 2 and len(short) >= 3


def read_table(path):
    header, rows = {}, []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        if line.startswith("#"):
            m = re.match(r"#\s*(lists|members|household):\s*(.*)", line)
            if m:
                header[m[1]] = [part.strip() for part in m[2].split(",") if part.strip()]
            continue
        columns = line.split("\t")
        if len(columns) < 3:
            raise SystemExit(f"{path}:{number}: needs category, sentence, intent, slots")
        category, sentence, intent = columns[0].strip(), columns[1].strip(), columns[2].strip()
        slots = {}
        for pair in (columns[3] if len(columns) > 3 else "").split(" ; "):
            if "=" in pair:
                key, value = pair.split("=", 1)
                slots[key.strip()] = value.strip()
        rows.append(dict(line=number, category=category, sentence=sentence, intent=intent, slots=slots))
    return header, rows


def items_of(value):
    items = []
    for piece in value.split("|"):
        parts = piece.strip().split("*")
        quantity = float(parts[1]) if len(parts) > 1 and parts[1] else 1.0
        items.append((parts[0].strip(), quantity, parts[2].strip() if len(parts) > 2 else None))
    return items


def quoted(name):
    return '"' + name.replace('"', "'") + '"'


def chat(binary, database, lines, user=SPEAKER, lang="en"):
    run = subprocess.run(
        [binary, "chat", "--db", database, "--user", user, "--format", "json", "--lang", lang],
        input="".join(line + "\n" for line in lines), capture_output=True, text=True, timeout=60)
    replies = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    return [reply for reply in replies if "intent" in reply]


def seed(binary, folder, header, rows):
    lists = header["lists"]
    default = next((name.rstrip("*") for name in lists if name.endswith("*")), lists[0].rstrip("*"))
    names = [name.rstrip("*") for name in lists]
    database = os.path.join(folder, "seed.sqlite")
    for member in header.get("members", []):
        chat(binary, database, ["hello"], user=member)
    setup = [f"create a list called {quoted(name)}" for name in names]
    setup.append(f"make {quoted(default)} my default list")
    placed, ticked = set(), set()
    for row in rows:
        item = row["slots"].get("item")
        if not item or row["intent"] in ("add_items", "?"):
            continue
        where = row["slots"].get("list", "default")
        where = default if where == "default" else where
        if where not in names:
            continue
        if (fold(item), where) not in placed:
            placed.add((fold(item), where))
            setup.append(f"add 12 {quoted(item)} to {quoted(where)}")
        # A thing put back was ticked off, whichever line placed it first.
        if row["intent"] == "uncheck_item" and (fold(item), where) not in ticked:
            ticked.add((fold(item), where))
            setup.append(f"check off {quoted(item)} on {quoted(where)}")
    replies = chat(binary, database, setup)
    failed = [reply["text"] for reply in replies if not reply["ok"]]
    if failed:
        print(f"  seed: {len(failed)} setup lines refused, e.g. {failed[0]}", file=sys.stderr)
    return database, default


def names_under(data, keys):
    """The "name" of every object found under one of `keys` in a reply's data,
    as an object ({"list": {"name": …}}), a string ("item": "milk") or an
    array of objects ("items": [{"name": …}]), however deep."""
    names = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in keys and isinstance(value, dict) and "name" in value:
                names.append(value["name"])
            elif key in keys and isinstance(value, str):
                names.append(value)
            elif key in keys and isinstance(value, list):
                names += [entry["name"] for entry in value if isinstance(entry, dict) and "name" in entry]
            else:
                names += names_under(value, keys)
    elif isinstance(data, list):
        for value in data:
            names += names_under(value, keys)
    return names


def item_names(data):
    return names_under(data, ("item", "items"))


def list_names(data):
    return names_under(data, ("list",))


CHANGES = {"add_items", "remove_item", "check_item", "uncheck_item", "update_item", "create_list", "delete_list",
           "rename_list", "clear_checked", "clear_list", "share_list", "go_shopping", "done_shopping", "move_items",
           "set_note", "clear_note", "copy_list", "undo", "put_in_aisle", "assign_item", "set_default_list",
           "unshare_list", "stop_sharing", "leave_list", "set_permission"}


def judge(row, reply, language, default):
    expected, slots = row["intent"], row["slots"]
    data = reply.get("data") or {}
    if expected == "?":
        # Asking back, or not acting, is what the table wants.
        return "wrong" if reply["intent"] in CHANGES and reply["ok"] else "understood"
    if reply.get("error") == "question":
        # A question that states its reading ("Did you mean: add things to a list (eggs, Costco)?")
        # is judged by that reading, as if it had been acted on.
        reading = (reply.get("data") or {}).get("reading")
        if isinstance(reading, dict) and reading.get("intent"):
            acted = {"ok": True, "intent": reading["intent"], "lang": language, "data": reading.get("slots") or {}}
            return "asked" if judge(row, acted, language, default) == "understood" else "asked wrong"
        return "asked"
    if reply["intent"] is None:
        return "refused"
    if reply.get("lang") != language:
        return "wrong"
    if expected in ("confirm", "deny") and reply["intent"] == "acknowledge":
        # "ok" with no question waiting is taken as said; with one, it answers it.
        return "understood"
    if reply["intent"] != expected:
        return "wrong"
    if expected in ("confirm", "deny", "undo"):
        # An answer with no question waiting, an undo with nothing to take back: understood.
        return "understood"
    if not reply["ok"]:
        # The intent meant, with nothing to act on: nothing happened.
        return "refused"
    wanted_list = slots.get("list")
    if expected == "create_list":
        wanted_list = wanted_list or ""
    elif wanted_list in (None, "default"):
        wanted_list = default if expected not in ("show_lists",) else None
    if expected == "rename_list":
        acted = list_names(data)
        if not any(same_name(name, slots.get("new_name", "")) or same_name(name, wanted_list or "") for name in acted):
            return "wrong"
    elif wanted_list and list_names(data) and not same_name(list_names(data)[0], wanted_list):
        return "wrong"
    if expected == "add_items" and "items" in slots:
        said = data.get("items") or []
        want = items_of(slots["items"])
        if len(said) != len(want):
            return "wrong"
        for got, (name, quantity, unit) in zip(sorted(said, key=lambda i: fold(i["name"])), sorted(want, key=lambda i: fold(i[0]))):
            if not same_name(got["name"], name):
                return "wrong"
    elif "item" in slots and fold(slots["item"]) not in ("everything", "all", "*"):
        # ("item=everything": "got everything" names no one thing.)
        names = item_names(data)
        if names and not all(same_name(name, slots["item"]) for name in names):
            return "wrong"
    return "understood"


def score(binary, language, details, tables=TABLES):
    header, rows = read_table(os.path.join(tables, f"{language}.tsv"))
    folder = tempfile.mkdtemp(prefix=f"heldout-{language}-")
    try:
        # A table may give each line a household of its own ("# household: per line"): the lists the
        # line names, and a few others, as a family has them, rather than every list of the table.
        per_line = header.get("household") == ["per line"]
        if not per_line:
            seeded, default = seed(binary, folder, header, rows)
        verdicts = collections.Counter()
        by_category = collections.defaultdict(collections.Counter)
        others = [name.rstrip("*") for name in header.get("lists", [])]
        for number, row in enumerate(rows):
            database = os.path.join(folder, "line.sqlite")
            if per_line:
                named = [value for key, value in row["slots"].items() if key in ("list", "to_list") and value != "default"]
                chosen = [others[(number * 7 + k * 13) % len(others)] for k in range(3)] if others else []
                lists = ["Default*"] + [name for name in dict.fromkeys(named + chosen) if name.lower() != "default"]
                line_folder = os.path.join(folder, "row")
                shutil.rmtree(line_folder, ignore_errors=True)
                os.makedirs(line_folder)
                seeded, default = seed(binary, line_folder, dict(header, lists=lists, members=[]), [row])
            shutil.copyfile(seeded, database)
            replies = chat(binary, database, [row["sentence"]], lang=language)
            reply = replies[-1] if replies else {"ok": False, "intent": None, "text": "(no reply)"}
            verdict = judge(row, reply, language, default)
            verdicts[verdict] += 1
            by_category[row["category"]][verdict] += 1
            if details:
                details.write(f"{language}\t{verdict}\t{row['category']}\t{row['sentence']}\t{row['intent']}\t"
                              f"{json.dumps(row['slots'], ensure_ascii=False)}\t{json.dumps(reply, ensure_ascii=False)}\n")
        return len(rows), verdicts, by_category
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    args = sys.argv[1:]
    details = None
    if "--details" in args:
        index = args.index("--details")
        details = open(args[index + 1], "w", encoding="utf-8")
        del args[index:index + 2]
    tables = TABLES
    if "--tables" in args:
        index = args.index("--tables")
        tables = args[index + 1]
        del args[index:index + 2]
    if not args:
        raise SystemExit(__doc__)
    binary = os.path.abspath(args[0])
    languages = args[1:] or sorted(name[:-4] for name in os.listdir(tables) if name.endswith(".tsv"))
    print("| language | lines | understood | wrong | asked | asked wrong | refused |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for language in languages:
        total, verdicts, _ = score(binary, language, details, tables)
        percent = lambda key: f"{100 * verdicts[key] / total:.1f}%"
        print(f"| {language} | {total} | {percent('understood')} | {percent('wrong')} | {percent('asked')} | {percent('asked wrong')} | {percent('refused')} |",
              flush=True)


if __name__ == "__main__":
    main()
